import { DOCUMENT_IMPORTERS } from "@/lib/bundles/importers";
import { prepareEvents } from "@/lib/bundles/rows/prepare-trajectory";
import { BundleDocumentSchema } from "@/lib/bundles/schema";
import type { VerdictInput } from "@/lib/presenters/verdict-input";

export interface ConvertedTrajectory {
  id: string;
  task: string;
  trial: number;
  input: VerdictInput;
}

/** Converts a foreign results document as an upload would, and shapes each trajectory as the verdict presenter's input. */
export function verdictInputsOf(raw: unknown, fileName = "results.json"): ConvertedTrajectory[] {
  const importer = DOCUMENT_IMPORTERS.find((candidate) => candidate.matches(raw));
  if (!importer) throw new Error(`no importer matches ${fileName}`);
  const result = importer.convert(raw, { fileName });
  if (!result.ok) throw new Error(JSON.stringify(result.issues.slice(0, 5)));
  const bundle = BundleDocumentSchema.parse(result.document);
  const tasks = new Map(bundle.tasks.map((task) => [task.id, task]));
  return bundle.trajectories.map((trajectory, index) => {
    const task = tasks.get(trajectory.task);
    if (!task) throw new Error(`no task ${trajectory.task}`);
    const events = prepareEvents(`t${index}`, trajectory.events).map((row) => ({
      seq: row.seq,
      turnIndex: row.turnIndex,
      kind: row.kind,
      actor: row.actor,
      toolName: row.toolName,
      callId: row.callId,
      arguments: row.arguments,
      output: row.output,
      isError: row.isError,
      errorInferred: row.errorInferred,
      text: row.text,
    }));
    const lastAgent = [...trajectory.events].reverse().find((event) => event.kind === "agent_message");
    return {
      id: trajectory.id ?? `t${index}`,
      task: trajectory.task,
      trial: trajectory.trial,
      input: {
        sourceFormat: result.format,
        reward: trajectory.reward ?? null,
        rewardBreakdown: trajectory.rewardBreakdown ?? null,
        events,
        task: {
          expectedActions: task.expectedActions ?? null,
          evaluationCriteria: task.evaluationCriteria ?? null,
          requiredReplyInfo: task.requiredReplyInfo,
          expectedFinalState: task.expectedFinalState ?? null,
        },
        finalState: trajectory.finalState ?? null,
        finalReply: trajectory.finalReply ?? (lastAgent?.kind === "agent_message" ? lastAgent.text : null),
        stateMatch: null,
        replyCheck: null,
        stopReason: trajectory.stopReason ?? null,
      },
    };
  });
}
