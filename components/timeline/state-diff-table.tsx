import type { StateDiff } from "@/lib/presenters/state-diff";

const KIND_BADGE = { added: "warn", removed: "bad", changed: "bad" } as const;

export function StateDiffTable({ diff }: { diff: StateDiff }) {
  if (diff.status === "no-expected-state") return <p className="muted">The task has no expected final state: n/a.</p>;
  if (diff.status === "no-final-state")
    return <p className="error-box">The trajectory recorded no final state, but the task expects one.</p>;
  if (diff.equal)
    return <p className="ok-box">Final state matches the expected final state ({diff.unchanged} fields).</p>;
  return (
    <>
      <p>
        {diff.entries.length} differing fields, {diff.unchanged} equal.
      </p>
      <table className="data" aria-label="Final state against expected final state">
        <thead>
          <tr>
            <th>Path</th>
            <th>Change</th>
            <th>Expected</th>
            <th>Final</th>
          </tr>
        </thead>
        <tbody>
          {diff.entries.map((entry) => (
            <tr key={`${entry.kind}-${entry.path}`}>
              <td className="mono">{entry.path}</td>
              <td>
                <span className={`badge ${KIND_BADGE[entry.kind]}`}>{entry.kind}</span>
              </td>
              <td className="mono">{entry.expected ?? <span className="muted">(absent)</span>}</td>
              <td className="mono">{entry.actual ?? <span className="muted">(absent)</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
