import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { describeRealData } from "@/lib/testing/describe-real-data";
import { realDataFile } from "@/lib/testing/real-data";
import { IssueCollector } from "../issues";
import { openBundle } from "../read-bundle";
import { BundleDocumentSchema, type BundleDocument } from "../schema";
import { DOCUMENT_IMPORTERS } from "./index";

function convertRealFile(fileName: string): { document: BundleDocument; format: string; warnings: string[] } {
  const parsed: unknown = JSON.parse(readFileSync(realDataFile(fileName), "utf8"));
  const importer = DOCUMENT_IMPORTERS.find((candidate) => candidate.matches(parsed));
  if (!importer) throw new Error(`no importer matches ${fileName}`);
  const result = importer.convert(parsed, { fileName });
  if (!result.ok) throw new Error(JSON.stringify(result.issues.slice(0, 5)));
  const validated = BundleDocumentSchema.safeParse(result.document);
  if (!validated.success) throw new Error(JSON.stringify(validated.error.issues.slice(0, 5)));
  return { document: validated.data, format: result.format, warnings: result.warnings };
}

function choose(n: number, k: number): number {
  let value = 1;
  for (let i = 0; i < k; i += 1) value = (value * (n - i)) / (i + 1);
  return value;
}

/** Mean over tasks of C(c, k) / C(n, k), success = reward within 1e-6 of 1 (as the README defines it). */
function passHatK(document: BundleDocument, k: number): number {
  const perTask = new Map<string, { n: number; c: number }>();
  for (const trajectory of document.trajectories) {
    const counts = perTask.get(trajectory.task) ?? { n: 0, c: 0 };
    counts.n += 1;
    if (Math.abs((trajectory.reward ?? 0) - 1) <= 1e-6) counts.c += 1;
    perTask.set(trajectory.task, counts);
  }
  const values = [...perTask.values()].map(({ n, c }) => choose(c, k) / choose(n, k));
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function figures(document: BundleDocument) {
  const trajectories = document.trajectories;
  const n = trajectories.length;
  const trialsPerTask = new Map<string, number>();
  let messages = 0;
  let agentCalls = 0;
  let userCalls = 0;
  let results = 0;
  let errorResults = 0;
  const trajectoriesWithErrors = new Set<number>();
  const stopReasons: Record<string, number> = {};
  let rewardSum = 0;
  trajectories.forEach((trajectory, index) => {
    trialsPerTask.set(trajectory.task, (trialsPerTask.get(trajectory.task) ?? 0) + 1);
    messages += new Set(trajectory.events.map((event) => event.message)).size;
    for (const event of trajectory.events) {
      if (event.kind === "tool_call") {
        if (event.actor === "user") userCalls += 1;
        else agentCalls += 1;
      }
      if (event.kind === "tool_result") {
        results += 1;
        if (event.error) {
          errorResults += 1;
          trajectoriesWithErrors.add(index);
        }
      }
    }
    const reason = trajectory.stopReason ?? "(none)";
    stopReasons[reason] = (stopReasons[reason] ?? 0) + 1;
    rewardSum += trajectory.reward ?? 0;
  });
  return {
    tasks: trialsPerTask.size,
    trials: new Set(trialsPerTask.values()),
    messagesPerTrajectory: messages / n,
    agentCallsPerTrajectory: agentCalls / n,
    userCallsPerTrajectory: userCalls / n,
    results,
    errorResults,
    trajectoriesWithErrors: trajectoriesWithErrors.size,
    stopReasons,
    meanReward: rewardSum / n,
  };
}

describeRealData("real tau2 results", () => {
  it("gpt-4.1 telecom without a user: 5 x 4, 20.20 messages, 9.60 calls, 0 of 192 errors, agent_stop 20", () => {
    const { document, format } = convertRealFile(
      "gpt-4.1-2025-04-14_telecom_no-user_gpt-4.1-2025-04-14_4trials_5tasks.json",
    );
    expect(format).toBe("tau2");
    const f = figures(document);
    expect(f.tasks).toBe(5);
    expect([...f.trials]).toEqual([4]);
    expect(f.messagesPerTrajectory).toBeCloseTo(20.2, 9);
    expect(f.agentCallsPerTrajectory + f.userCallsPerTrajectory).toBeCloseTo(9.6, 9);
    expect(f.userCallsPerTrajectory).toBe(0);
    expect([f.errorResults, f.results]).toEqual([0, 192]);
    expect(f.stopReasons).toEqual({ agent_stop: 20 });
    expect(f.meanReward).toBeCloseTo(0.8, 9);
    expect([1, 2, 3, 4].map((k) => passHatK(document, k))).toEqual(
      [0.8, 0.8, 0.8, 0.8].map((v) => expect.closeTo(v, 9)),
    );
    expect(document.suite.name).toBe("tau2/telecom");
    expect(document.runs[0]?.model).toEqual({ name: "gpt-4.1-2025-04-14", family: "gpt-4.1" });
  });

  it("grok-3 airline: 4 x 4, 21.12 messages, 5.19 calls, 0 of 83 errors, user_stop 16", () => {
    const { document } = convertRealFile(
      "2025-10-13T11:40:16.379079_airline_llm_agent_grok-3_user_simulator_grok-3.json",
    );
    const f = figures(document);
    expect(f.tasks).toBe(4);
    expect([...f.trials]).toEqual([4]);
    expect(f.messagesPerTrajectory).toBeCloseTo(21.12, 2);
    expect(f.agentCallsPerTrajectory).toBeCloseTo(5.19, 2);
    expect([f.errorResults, f.results]).toEqual([0, 83]);
    expect(f.stopReasons).toEqual({ user_stop: 16 });
    expect(f.meanReward).toBeCloseTo(0.4375, 9);
    expect([1, 2, 3, 4].map((k) => passHatK(document, k))).toEqual(
      [0.4375, 0.25, 0.25, 0.25].map((v) => expect.closeTo(v, 9)),
    );
    const run = document.runs[0];
    expect(run?.model).toEqual({ name: "grok-3", family: "grok" });
    expect(run?.metadata?.modelProvider).toBe("xai");
  });

  it("gpt-4o telecom dual control: 20 x 1, 35.75 messages, 4.50 agent + 6.25 user calls, 1 of 215 errors, user_stop 20", () => {
    const { document } = convertRealFile(
      "2025-08-10T02:44:06.496849_telecom_llm_agent_gpt-4o_user_simulator_gpt-4o.json",
    );
    const f = figures(document);
    expect(f.tasks).toBe(20);
    expect([...f.trials]).toEqual([1]);
    expect(f.messagesPerTrajectory).toBeCloseTo(35.75, 9);
    expect(f.agentCallsPerTrajectory).toBeCloseTo(4.5, 9);
    expect(f.userCallsPerTrajectory).toBeCloseTo(6.25, 9);
    expect([f.errorResults, f.results]).toEqual([1, 215]);
    expect(f.stopReasons).toEqual({ user_stop: 20 });
    expect(f.meanReward).toBeCloseTo(0.7, 9);
    const userResults = document.trajectories
      .flatMap((t) => t.events)
      .filter((e) => e.kind === "tool_result" && e.actor === "user");
    expect(userResults).toHaveLength(125);
  });
});

describeRealData("real tau-bench results", () => {
  it("gpt-4o airline: 50 x 4, 26.54 messages, 5.82 calls, 73 of 1,164 errors in 36 trajectories", () => {
    const { document, format, warnings } = convertRealFile("gpt-4o-airline.json");
    expect(format).toBe("tau-bench");
    const f = figures(document);
    expect(f.tasks).toBe(50);
    expect([...f.trials]).toEqual([4]);
    expect(f.messagesPerTrajectory).toBeCloseTo(26.54, 9);
    expect(f.agentCallsPerTrajectory).toBeCloseTo(5.82, 9);
    expect([f.errorResults, f.results]).toEqual([73, 1164]);
    expect(f.trajectoriesWithErrors).toBe(36);
    expect(f.meanReward).toBeCloseTo(0.42, 9);
    expect([1, 2, 3, 4].map((k) => passHatK(document, k))).toEqual(
      [0.42, 0.273333, 0.22, 0.2].map((v) => expect.closeTo(v, 6)),
    );
    expect(f.stopReasons).toEqual({ user_stop: 147, transfer_to_human: 48, max_steps: 5 });
    expect(document.trajectories.every((t) => t.stopReasonInferred)).toBe(true);
    const results = document.trajectories.flatMap((t) => t.events).filter((e) => e.kind === "tool_result");
    expect(results.every((e) => e.errorInferred)).toBe(true);
    expect(document.suite.name).toBe("tau-bench/airline");
    expect(document.runs[0]?.model).toEqual({ name: "gpt-4o", family: "gpt-4o" });
    expect(warnings).toContain('model "gpt-4o" taken from the file name');
  });
});

describeRealData("real files through the ingest reader", () => {
  it.each([
    ["gpt-4o-airline.json", 200],
    ["gpt-4.1-2025-04-14_telecom_no-user_gpt-4.1-2025-04-14_4trials_5tasks.json", 20],
    ["2025-10-13T11:40:16.379079_airline_llm_agent_grok-3_user_simulator_grok-3.json", 16],
    ["2025-08-10T02:44:06.496849_telecom_llm_agent_gpt-4o_user_simulator_gpt-4o.json", 20],
  ])("%s opens with no issues and %i trajectories", async (fileName, expected) => {
    const bytes = readFileSync(realDataFile(fileName));
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let offset = 0; offset < bytes.length; offset += 65536) yield bytes.subarray(offset, offset + 65536);
    }
    const issues = new IssueCollector();
    const opened = await openBundle(chunks(), issues, { fileName });
    let trajectories = 0;
    for await (const record of opened?.records ?? []) if (record.kind === "trajectory") trajectories += 1;
    expect(issues.issues).toEqual([]);
    expect(trajectories).toBe(expected);
  });
});
