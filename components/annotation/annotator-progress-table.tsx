import type { AnnotatorProgress } from "@/lib/presenters/agreement-report";

function formatSeconds(seconds: number): string {
  return seconds < 90 ? `${seconds.toFixed(1)} s` : `${(seconds / 60).toFixed(1)} min`;
}

export function AnnotatorProgressTable({ progress }: { progress: AnnotatorProgress[] }) {
  return (
    <table className="data" aria-label="Annotator progress">
      <thead>
        <tr>
          <th>Annotator</th>
          <th className="num">Done</th>
          <th className="num">Remaining</th>
          <th className="num">Assigned</th>
          <th className="num">Median time per item</th>
          <th>Progress</th>
        </tr>
      </thead>
      <tbody>
        {progress.map((p) => (
          <tr key={p.key}>
            <td>
              {p.name}
              {p.key.startsWith("external:") ? <span className="badge">imported</span> : null}
            </td>
            <td className="num">{p.done}</td>
            <td className="num">{p.remaining === null ? <span className="muted">n/a</span> : p.remaining}</td>
            <td className="num">{p.assigned > 0 ? p.assigned : <span className="muted">n/a</span>}</td>
            <td className="num" title={p.timedItems > 0 ? `${p.timedItems} timed items` : "no timing recorded"}>
              {p.medianSeconds === null ? <span className="muted">n/a</span> : formatSeconds(p.medianSeconds)}
            </td>
            <td>{p.assigned > 0 ? <progress value={p.done} max={p.assigned} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
