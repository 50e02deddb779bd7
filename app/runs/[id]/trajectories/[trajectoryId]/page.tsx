import Link from "next/link";
import { notFound } from "next/navigation";
import { TrajectoryParams } from "@/lib/contracts/route-params";
import { requireRunDetailAccess } from "@/lib/server/auth/page-access";
import { getTrajectory } from "@/lib/server/get-trajectory";
import { loadPage, pageParams } from "@/lib/server/page-input";
import { buildTimelineModel } from "@/lib/presenters/timeline-model";
import { buildTrajectoryNavigation } from "@/lib/presenters/timeline-navigation";
import { diffState } from "@/lib/presenters/state-diff";
import { endStateCheck } from "@/lib/presenters/end-state-check";
import { buildReplyCheckView } from "@/lib/presenters/timeline-reply";
import { buildVerdict } from "@/lib/presenters/build-verdict";
import { agentMessagesOf } from "@/lib/presenters/verdict-input";
import { scoringRulesFor } from "@/lib/metrics";
import { VerdictHeadline, VerdictPanel } from "@/components/timeline/verdict-panel";
import { OutcomeBadge } from "@/components/run/outcome-badge";
import { TimelineList } from "@/components/timeline/timeline-list";
import { TrajectoryEnd } from "@/components/timeline/trajectory-end";
import { TaskPanel } from "@/components/timeline/task-panel";
import { TrajectoryNav } from "@/components/timeline/trajectory-nav";
import { getTrajectoryJudges } from "@/lib/server/get-run-judges";
import { JudgeVerdicts } from "@/components/timeline/judge-verdicts";
import styles from "./page.module.css";

export const dynamic = "force-dynamic";

export default async function TrajectoryPage(props: { params: Promise<{ id: string; trajectoryId: string }> }) {
  await requireRunDetailAccess();
  const { id, trajectoryId } = await pageParams(TrajectoryParams, props.params);
  const view = await loadPage(() => getTrajectory({ runId: id, trajectoryId }));
  const { trajectory: t, task } = view;
  const navigation = buildTrajectoryNavigation(view.cells, t.id);
  if (!navigation) notFound();
  const model = buildTimelineModel(view.events, t.judgeTurnLabels);
  const judges = await getTrajectoryJudges(t.id, t);
  const verdict = buildVerdict({
    sourceFormat: t.run.sourceFormat,
    reward: t.reward,
    rewardBreakdown: t.rewardBreakdown,
    events: view.events,
    task: {
      expectedActions: task.expectedActions,
      evaluationCriteria: task.evaluationCriteria,
      requiredReplyInfo: task.requiredReplyInfo,
      expectedFinalState: task.expectedFinalState,
    },
    finalState: t.finalState,
    finalReply: t.finalReply,
    stateMatch: t.stateMatch,
    replyCheck: t.replyCheck,
    stopReason: t.stopReason,
  });
  const diff = diffState(task.expectedFinalState, t.finalState);
  return (
    <>
      <p className="muted">
        <Link href="/runs" style={{ textDecoration: "underline" }}>
          Runs
        </Link>{" "}
        / <Link href={`/runs/${t.run.id}`}>{t.run.name}</Link> / task {task.externalId} trial {t.trial}
      </p>
      <div className="row">
        <h1>
          Task <span className="mono">{task.externalId}</span> · trial {t.trial}
        </h1>
        <OutcomeBadge success={t.success} stopReason={t.stopReason} />
        <span className="badge">{t.run.variant}</span>
      </div>
      <VerdictHeadline verdict={verdict} />
      <p className="muted" aria-label="Trajectory summary">
        {t.eventCount} events · {t.userTurns} user turns · {t.toolCallCount} agent tool calls
        {t.userToolCallCount > 0 ? ` · ${t.userToolCallCount} user tool calls` : ""} · {t.toolErrorCount} tool errors
        {t.toolErrorsInferred ? " (error flags inferred from output text)" : ""} ({t.unresolvedToolErrorCount}{" "}
        unresolved)
        {model.flaggedTurns.length > 0 ? ` · judge flagged turns ${model.flaggedTurns.join(", ")}` : ""}
        {t.externalId ? ` · source id ${t.externalId}` : ""}
      </p>
      <TrajectoryNav
        runId={t.run.id}
        taskExternalId={task.externalId}
        navigation={navigation}
        paired={view.paired}
        pairingKey={t.run.pairingKey}
      />
      <div className={styles.layout}>
        <div className={styles.main}>
          <VerdictPanel verdict={verdict} />
          <JudgeVerdicts judges={judges} success={t.success} />
          <section aria-label="Timeline">
            <h2>Timeline</h2>
            <TimelineList
              rows={model.rows}
              firstErrorSeq={model.firstErrorSeq}
              marks={verdict.marks}
              unplacedJudgeErrors={model.unplacedJudgeErrors}
            />
          </section>
          <TrajectoryEnd
            end={{
              stopReason: t.stopReason,
              stopReasonInferred: t.stopReasonInferred,
              stateMatch: t.stateMatch,
              replyCheck: t.replyCheck,
              reward: t.reward,
              rewardBreakdown: t.rewardBreakdown,
              finalReply: t.finalReply,
              finalReplyInferred: t.finalReplyInferred,
              judge: {
                name: t.judgeName,
                goalCompleted: t.judgeGoalCompleted,
                errorSource: t.judgeErrorSource,
                toolHallucination: t.judgeToolHallucination,
                userHallucination: t.judgeUserHallucination,
                policyViolation: t.judgePolicyViolation,
                failureCategory: t.judgeFailureCategory,
                rationale: t.judgeRationale,
              },
            }}
            diff={diff}
            stateCheck={endStateCheck(verdict, t.stateMatch, diff.status)}
            reply={buildReplyCheckView(t.finalReply, task.requiredReplyInfo, {
              rule: scoringRulesFor(t.run.sourceFormat).replyRule,
              agentMessages: agentMessagesOf(view.events),
            })}
          />
        </div>
        <TaskPanel task={task} />
      </div>
    </>
  );
}
