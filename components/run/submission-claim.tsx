import type { RunSubmission } from "@/lib/contracts/run-submission";
import { buildSubmissionView, SUBMISSION_STATE_LABELS } from "@/lib/presenters/run-submission";

const BADGE_CLASS: Record<RunSubmission["state"], string> = {
  verified: "badge ok",
  differs: "badge bad",
  claimed: "badge warn",
};

/** The leaderboard's mark for a submission run: verified, differs, or claimed, not verifiable. */
export function SubmissionBadge({ state }: { state: RunSubmission["state"] }) {
  return <span className={BADGE_CLASS[state]}>{SUBMISSION_STATE_LABELS[state]}</span>;
}

/** Claimed vs recomputed pass^k of a run imported from a tau2-bench leaderboard submission, with its flags. */
export function SubmissionClaim({ submission }: { submission: RunSubmission }) {
  const view = buildSubmissionView(submission);
  return (
    <section aria-labelledby="submission-heading" id="submission" className="panel">
      <h2 id="submission-heading">{view.heading}</h2>
      <p>
        State: <SubmissionBadge state={view.state} />{" "}
        {view.state === "claimed"
          ? "The submission has no trajectories for this domain: its figures cannot be recomputed."
          : "pass^k recomputed from the run's trajectories by tau2-bench's rule (success = reward within 1e-6 of 1), compared within the claim's 2-decimal rounding."}
      </p>
      <div style={{ overflowX: "auto" }}>
        <table className="data" aria-label="Claimed vs recomputed pass^k">
          <caption>Claimed (submission.json) vs recomputed, in percent</caption>
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col" className="num">
                Claimed
              </th>
              <th scope="col" className="num">
                Recomputed
              </th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td className="num">{row.claimed}</td>
                <td className="num">{row.recomputed}</td>
                <td>{row.check}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="submission-facts">
        {view.facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
