import type { EndStateCheck } from "@/lib/presenters/end-state-check";
import type { StateDiff } from "@/lib/presenters/state-diff";
import type { ReplyCheckView } from "@/lib/presenters/timeline-reply";
import { formatJson } from "@/lib/presenters/timeline-format";
import { formatNumber } from "@/lib/presenters/format";
import { StateDiffTable } from "./state-diff-table";
import { ReplyCheck } from "./reply-check";

export interface TrajectoryEndView {
  stopReason: string | null;
  stopReasonInferred: boolean;
  stateMatch: boolean | null;
  replyCheck: boolean | null;
  reward: number | null;
  rewardBreakdown: unknown;
  finalReply: string | null;
  finalReplyInferred: boolean;
  judge: {
    name: string | null;
    goalCompleted: boolean | null;
    errorSource: string | null;
    toolHallucination: boolean | null;
    userHallucination: boolean | null;
    policyViolation: boolean | null;
    failureCategory: string | null;
    rationale: string | null;
  };
}

function Check({ value }: { value: boolean | null }) {
  if (value === null) return <span className="badge">n/a</span>;
  return value ? <span className="badge ok">pass</span> : <span className="badge bad">fail</span>;
}

function YesNo({ value }: { value: boolean | null }) {
  return <>{value === null ? "n/a" : value ? "yes" : "no"}</>;
}

export function TrajectoryEnd({
  end,
  diff,
  reply,
  stateCheck,
}: {
  end: TrajectoryEndView;
  diff: StateDiff;
  reply: ReplyCheckView;
  stateCheck: EndStateCheck;
}) {
  const { judge } = end;
  const hasJudge = Object.entries(judge).some(([key, value]) => key !== "name" && value !== null);
  return (
    <section aria-label="End of trajectory" className="panel">
      <h2>The end</h2>
      <div className="row">
        <span>
          Stop reason: <strong>{end.stopReason ?? "n/a"}</strong>
        </span>
        {end.stopReasonInferred ? (
          <span className="badge warn" title="Inferred by the importer, not recorded by the benchmark">
            inferred
          </span>
        ) : null}
        <span>
          {stateCheck.label} <Check value={stateCheck.met} />
        </span>
        <span>
          Reply check <Check value={end.replyCheck} />
        </span>
        <span>
          Reward: <strong>{formatNumber(end.reward)}</strong>
        </span>
      </div>
      <h3>Final state against expected</h3>
      {stateCheck.note && diff.status === "no-expected-state" ? (
        <p className="muted">{stateCheck.note}</p>
      ) : (
        <StateDiffTable diff={diff} />
      )}
      <h3>Required reply</h3>
      <ReplyCheck view={reply} finalReply={end.finalReply} inferred={end.finalReplyInferred} />
      {end.rewardBreakdown !== null && end.rewardBreakdown !== undefined ? (
        <>
          <h3>Reward breakdown</h3>
          <pre className="json" aria-label="Reward breakdown">
            {formatJson(end.rewardBreakdown)}
          </pre>
        </>
      ) : null}
      <h3>Judge</h3>
      {hasJudge ? (
        <table className="data" aria-label="Judge labels">
          <tbody>
            <tr>
              <th>Judge</th>
              <td>{judge.name ?? "n/a"}</td>
            </tr>
            <tr>
              <th>Goal completed</th>
              <td>
                <YesNo value={judge.goalCompleted} />
              </td>
            </tr>
            <tr>
              <th>Error source</th>
              <td>{judge.errorSource ?? "n/a"}</td>
            </tr>
            <tr>
              <th>Tool hallucination</th>
              <td>
                <YesNo value={judge.toolHallucination} />
              </td>
            </tr>
            <tr>
              <th>User hallucination</th>
              <td>
                <YesNo value={judge.userHallucination} />
              </td>
            </tr>
            <tr>
              <th>Policy violation</th>
              <td>
                <YesNo value={judge.policyViolation} />
              </td>
            </tr>
            <tr>
              <th>Failure category</th>
              <td>{judge.failureCategory ?? "n/a"}</td>
            </tr>
            <tr>
              <th>Rationale</th>
              <td style={{ whiteSpace: "pre-wrap" }}>{judge.rationale ?? "n/a"}</td>
            </tr>
          </tbody>
        </table>
      ) : (
        <p className="muted">No trajectory-level judge labels.</p>
      )}
    </section>
  );
}
