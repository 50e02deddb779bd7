import Link from "next/link";
import type { RunSummary } from "@/lib/server/list-runs";

function trials(run: RunSummary): string {
  if (run.tasks === 0) return "n/a";
  return run.minTrials === run.maxTrials ? `${run.tasks} x ${run.minTrials}` : `${run.tasks} x ${run.minTrials}-${run.maxTrials}`;
}

export function RunsTable({ runs }: { runs: RunSummary[] }) {
  return (
    <table className="data" aria-label="Runs">
      <thead>
        <tr>
          <th>Run</th>
          <th>Model</th>
          <th>Variant</th>
          <th>Suite</th>
          <th className="num">Tasks x trials</th>
          <th className="num">Trajectories</th>
          <th className="num">Turn predictions</th>
          <th>Source</th>
          <th>Uploaded</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id}>
            <td><Link href={`/runs/${run.id}`}>{run.name}</Link></td>
            <td>{run.model}{run.size ? <span className="muted"> · {run.size}</span> : null}</td>
            <td><span className="badge">{run.variant}</span></td>
            <td>{run.suite}</td>
            <td className="num">{trials(run)}</td>
            <td className="num">{run.trajectories}</td>
            <td className="num">{run.turnPredictions}</td>
            <td className="mono">{run.sourceFormat}<div className="muted">{run.fileName}</div></td>
            <td><time dateTime={run.uploadedAt}>{run.uploadedAt.replace("T", " ").slice(0, 16)} UTC</time></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
