import Link from "next/link";
import styles from "./leaderboard.module.css";

export interface SelectedRun {
  id: string;
  label: string;
}

/** The first selected run is the baseline of the comparison. */
export function CompareBar({ selected, onClear }: { selected: SelectedRun[]; onClear: () => void }) {
  const [baseline] = selected;
  return (
    <div className={styles.selection} aria-label="Selection">
      {baseline ? (
        <>
          <span>
            {selected.length} selected · baseline <strong>{baseline.label}</strong>
          </span>
          {selected.length >= 2 ? (
            <Link
              className="button primary"
              href={`/compare?runs=${selected.map((run) => encodeURIComponent(run.id)).join(",")}`}
            >
              Compare {selected.length} runs
            </Link>
          ) : (
            <span className="muted">select one more run to compare</span>
          )}
          <button type="button" onClick={onClear}>
            Clear selection
          </button>
        </>
      ) : (
        <span className="muted">Select two or more runs to compare them (the first one selected is the baseline).</span>
      )}
    </div>
  );
}
