import Link from "next/link";
import type { ComparedRun, ComponentVersion } from "@/lib/presenters/compare-types";

function version(value: ComponentVersion | null): string {
  if (!value) return "not recorded";
  return [value.name ?? "unnamed", value.version].filter(Boolean).join(" ");
}

function trials(run: ComparedRun): string {
  const { min, max } = run.metrics.trialsPerTask;
  if (min === null || max === null) return "n/a";
  return min === max ? `${run.metrics.tasks} x ${min}` : `${run.metrics.tasks} x ${min}-${max}`;
}

export function ComparedRunsList({ runs }: { runs: ComparedRun[] }) {
  return (
    <table className="data" aria-label="Compared runs">
      <thead>
        <tr>
          <th>Run</th>
          <th>Model</th>
          <th>Variant</th>
          <th>Pairing key</th>
          <th>Suite</th>
          <th className="num">Tasks x trials</th>
          <th>Judge</th>
          <th>User simulator</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run, i) => (
          <tr key={run.id}>
            <td>
              <Link href={`/runs/${run.id}`}>{run.name}</Link>{" "}
              {i === 0 ? <span className="badge warn">baseline</span> : null}
            </td>
            <td>{run.model}</td>
            <td>
              <span className="badge">{run.variant}</span>
            </td>
            <td>{run.pairingKey ?? <span className="muted">none</span>}</td>
            <td>{run.suite}</td>
            <td className="num">{trials(run)}</td>
            <td>{version(run.judge)}</td>
            <td>{version(run.userSimulator)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
