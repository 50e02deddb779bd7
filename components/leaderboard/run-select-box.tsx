"use client";

import type { SelectedRun } from "./compare-bar";
import { useLeaderboardControls } from "./leaderboard-context";

/** One run's check box; the label names the run for screen readers. */
export function RunSelectBox({ run, label }: { run: SelectedRun; label: string }) {
  const { selected, setSelected } = useLeaderboardControls();
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={selected.some((entry) => entry.id === run.id)}
      onChange={(event) => setSelected([run], event.target.checked)}
    />
  );
}

/** Selects or clears every run of the current page; selections on other pages stay. */
export function PageSelectBox({ runs }: { runs: readonly SelectedRun[] }) {
  const { selected, setSelected } = useLeaderboardControls();
  const chosen = runs.filter((run) => selected.some((entry) => entry.id === run.id)).length;
  const all = runs.length > 0 && chosen === runs.length;
  return (
    <input
      type="checkbox"
      aria-label="Select all runs on this page"
      checked={all}
      ref={(input) => {
        if (input) input.indeterminate = chosen > 0 && !all;
      }}
      onChange={(event) => setSelected(runs, event.target.checked)}
    />
  );
}
