import { beforeAll, describe, expect, it } from "vitest";
import { listTaskTrajectoriesInRun } from "@/lib/db/trajectories";
import { buildTimelineModel, type TimelineEvent } from "@/lib/presenters/timeline-model";
import { chunksOf, uniqueId } from "@/lib/testing/factories";
import { makeTau2Results } from "@/lib/testing/tau2-results";
import {
  readTau2ReviewFixture,
  TAU2_REVIEW_FIXTURE_NAME,
  TAU2_REVIEW_FIXTURE_RATES,
} from "@/lib/testing/tau2-review-fixture";
import { ingestBundle } from "./ingest-bundle";
import { getRunJudges } from "./get-run-judges";
import { getRunMetrics } from "./get-run-metrics";
import { getTrajectory } from "./get-trajectory";

async function ingestRun(bytes: Buffer | string, fileName: string): Promise<string> {
  const result = await ingestBundle({ chunks: chunksOf(bytes.toString()), fileName });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result).slice(0, 2000));
  return result.runs[0]?.id ?? "";
}

/** The timeline events of one task's trajectory, as the trajectory page builds them. */
async function timelineOf(runId: string, task: string) {
  const [first] = await listTaskTrajectoriesInRun({ runId, taskExternalId: task });
  const view = await getTrajectory({ runId, trajectoryId: first?.id ?? "" });
  if (!view) throw new Error(`no trajectory of task ${task}`);
  const model = buildTimelineModel(view.events, view.trajectory.judgeTurnLabels);
  return { model, events: model.turns.flatMap((turn) => turn.events) };
}

function markedEvents(events: TimelineEvent[]) {
  return events
    .filter((event) => event.judgeErrors.length > 0)
    .map((event) => ({
      seq: event.seq,
      turn: event.turnIndex,
      kind: event.kind,
      errors: event.judgeErrors.map((error) => [error.judge, error.errorSource, error.severity, error.tags]),
    }));
}

describe("tau2 reviews in the repository's fixture", () => {
  let runId = "";
  beforeAll(async () => {
    runId = await ingestRun(readTau2ReviewFixture(), TAU2_REVIEW_FIXTURE_NAME);
  });

  it("fills seed 003's proxy-state rates from the reviews, counted by hand", async () => {
    const { proxyState } = await getRunMetrics(runId);
    for (const [key, expected] of Object.entries(TAU2_REVIEW_FIXTURE_RATES)) {
      expect(proxyState[key as keyof typeof proxyState], key).toMatchObject(expected);
    }
  });

  it("places each review error on the first event of the message its turn_idx names", async () => {
    const { model, events } = await timelineOf(runId, "1");
    // Messages 6 (five tool calls), 13 (user) and 14 (agent); review and user_only_review both flag message 13.
    expect(markedEvents(events)).toEqual([
      { seq: 6, turn: 6, kind: "tool_call", errors: [["tau2 review", "agent", "minor", ["irrelevant_tool_call"]]] },
      {
        seq: 17,
        turn: 13,
        kind: "user_message",
        errors: [
          ["tau2 review", "user", "critical_hindered", ["hallucination"]],
          ["tau2 user-only review", "user", "critical_hindered", ["hallucination"]],
        ],
      },
      {
        seq: 18,
        turn: 14,
        kind: "agent_message",
        errors: [["tau2 review", "agent", "critical", ["guideline_violation"]]],
      },
    ]);
    const minor = events.find((event) => event.seq === 6)?.judgeErrors[0];
    expect(minor).toMatchObject({
      errorType: "content_error",
      rationale: "The agent fetched all five reservations although the user named the route.",
      correctBehavior: "Look up only the reservation for the route the user gave.",
    });
    expect(model.unplacedJudgeErrors).toEqual([]);
  });

  it("offers critical agent error as the review judge's label", async () => {
    const { judges } = await getRunJudges(runId);
    const review = judges.find((judge) => judge.name === "tau2 review");
    // Tasks 3 and 1 have a critical agent error; tasks 0 and 5 do not; task 9 has no review.
    expect(review).toMatchObject({ n: 4, labels: { "critical agent error": 2, "no critical agent error": 2 } });
  });

  it("keeps the rates n/a (null, never 0) for a tau2 run without reviews", async () => {
    const prefix = uniqueId("norev");
    const results = makeTau2Results({ taskIds: [`${prefix}-1`, `${prefix}-2`], succeeding: () => true });
    const { proxyState } = await getRunMetrics(await ingestRun(JSON.stringify(results), `${prefix}.json`));
    for (const rate of Object.values(proxyState)) expect(rate).toMatchObject({ value: null, n: 0 });
  });
});
