import Link from "next/link";
import type { TrajectoryListItem } from "@/lib/presenters/run-trajectory-rows";
import { formatNumber } from "@/lib/presenters/format";
import { InferredTag } from "./inferred-tag";
import { OutcomeBadge } from "./outcome-badge";

export function TrajectoryTable({ runId, rows }: { runId: string; rows: TrajectoryListItem[] }) {
  if (rows.length === 0) return <p className="muted">No trajectory matches these filters.</p>;
  return (
    <table className="data" aria-label="Trajectories">
      <thead>
        <tr>
          <th>Task</th>
          <th className="num">Trial</th>
          <th>Outcome</th>
          <th className="num">Reward</th>
          <th>Stop reason</th>
          <th className="num">Tool errors</th>
          <th className="num">User turns</th>
          <th className="num">Events</th>
          <th>Judge category</th>
          <th>Final reply</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td className="mono">
              <Link href={`/runs/${runId}/trajectories/${row.id}`}>{row.taskExternalId}</Link>
            </td>
            <td className="num">{row.trial}</td>
            <td>
              <OutcomeBadge success={row.success} stopReason={row.stopReason} />
            </td>
            <td className="num">{formatNumber(row.reward)}</td>
            <td>
              {row.stopReason ?? <span className="muted">n/a</span>}{" "}
              {row.stopReasonInferred ? <InferredTag what="The stop reason" /> : null}
            </td>
            <td className="num">
              {row.toolErrorCount}
              {row.unresolvedToolErrorCount > 0 ? (
                <span className="muted"> ({row.unresolvedToolErrorCount} unresolved)</span>
              ) : null}
              {row.toolErrorsInferred ? (
                <>
                  {" "}
                  <InferredTag what="The error flag" />
                </>
              ) : null}
            </td>
            <td className="num">{row.userTurns}</td>
            <td className="num">{row.eventCount}</td>
            <td>{row.failureCategory ?? <span className="muted">n/a</span>}</td>
            <td>
              {row.finalReply === null ? <span className="muted">n/a</span> : <span>{row.finalReply}</span>}
              {row.finalReplyInferred ? (
                <>
                  {" "}
                  <InferredTag what="The final reply" />
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
