import Link from "next/link";
import { SideBySideTimeline } from "@/components/compare/side-by-side-timeline";
import { TrialPicker } from "@/components/compare/trial-picker";
import { VerdictHeadline, VerdictPanel } from "@/components/timeline/verdict-panel";
import { compareHref, CompareTaskQuerySchema } from "@/lib/presenters/compare-params";
import { requireRunDetailAccess } from "@/lib/server/auth/page-access";
import { getTaskTimelines } from "@/lib/server/compare-task-timelines";
import { loadPage, pageQuery } from "@/lib/server/page-input";

export const dynamic = "force-dynamic";

function verdict(success: boolean | null): string {
  return success === null ? "unknown outcome" : success ? "success" : "failure";
}

export default async function CompareTaskPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireRunDetailAccess();
  const { runs, task, trialA, trialB } = await pageQuery(CompareTaskQuerySchema, searchParams);
  const pair: [string, string] = [runs[0] ?? "", runs[1] ?? ""];
  const timelines = await loadPage(() => getTaskTimelines({ runIds: pair, taskId: task, trialA, trialB }));
  const [a, b] = timelines.sides;
  const labels: [string, string] = [`${a.runName} (${a.variant})`, `${b.runName} (${b.variant})`];
  const { firstDivergenceTurn } = timelines.alignment;
  return (
    <>
      <p>
        <Link href={compareHref(pair)}>← Comparison</Link>
      </p>
      <h1>Task {task}, side by side</h1>
      <div className="panel">
        <TrialPicker
          runIds={pair}
          taskId={task}
          labels={labels}
          trials={[a.trials, b.trials]}
          selected={[a.trial.trial, b.trial.trial]}
        />
        <div className="grid-2">
          {[a, b].map((side, i) => (
            <p key={side.runId}>
              <strong>{labels[i]}</strong>, trial {side.trial.trial}:{" "}
              <span className={`badge ${side.trial.success ? "ok" : side.trial.success === false ? "bad" : ""}`}>
                {verdict(side.trial.success)}
              </span>{" "}
              stop <span className="mono">{side.trial.stopReason ?? "unknown"}</span>
              {side.trial.stopReasonInferred ? <span className="badge warn">inferred</span> : null} ·{" "}
              <Link href={`/runs/${side.runId}/trajectories/${side.trial.id}`}>full trajectory</Link>
            </p>
          ))}
        </div>
        <p>
          {firstDivergenceTurn === null ? (
            <span className="badge ok">
              The two trajectories take the same agent actions (user wording and tool outputs are not compared).
            </span>
          ) : (
            <span className="badge warn">First divergence in user turn {firstDivergenceTurn}</span>
          )}
        </p>
      </div>
      <SideBySideTimeline alignment={timelines.alignment} labels={labels} />
      <div className="grid-2" aria-label="Verdicts side by side">
        {timelines.verdicts.map((verdict, i) => (
          <div key={i} aria-label={`Verdict of ${labels[i]}`}>
            <h2>{labels[i]}</h2>
            {verdict ? (
              <>
                <VerdictHeadline verdict={verdict} />
                <VerdictPanel verdict={verdict} />
              </>
            ) : (
              <p className="muted">n/a: the trajectory could not be read.</p>
            )}
          </div>
        ))}
      </div>
    </>
  );
}
