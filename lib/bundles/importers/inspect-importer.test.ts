import { describe, expect, it } from "vitest";
import { BundleInputError, IssueCollector } from "../issues";
import { openBundle, type OpenedBundle } from "../read-bundle";
import type { Trajectory } from "../schema/trajectory";
import {
  INSPECT_FIXTURE_FIGURES,
  makeInspectEvalLog,
  makeInspectEvalMembers,
  makeInspectHeader,
  makeInspectJsonLog,
} from "@/lib/testing/inspect-log";
import { zipSync, strToU8 } from "fflate";

async function* chunksOf(bytes: Uint8Array, size = 1000): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

interface Read {
  opened: OpenedBundle | null;
  issues: IssueCollector;
  trajectories: Trajectory[];
}

/** Reads like ingest does: input that cannot be read at all throws, and ingest reports that as its one issue. */
async function readInspect(bytes: Uint8Array, fileName: string, scorer?: string): Promise<Read> {
  const issues = new IssueCollector();
  let opened: OpenedBundle | null = null;
  try {
    opened = await openBundle(chunksOf(bytes), issues, {
      fileName,
      ...(scorer === undefined ? {} : { scorer }),
    });
  } catch (error) {
    if (!(error instanceof BundleInputError)) throw error;
    issues.add(error.issue);
  }
  const trajectories: Trajectory[] = [];
  if (opened)
    for await (const record of opened.records) if (record.kind === "trajectory") trajectories.push(record.value);
  return { opened, issues, trajectories };
}

const choose = (n: number, k: number): number => (k > n ? 0 : k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k);

/** Success rate over trajectories with a known outcome and pass^k over tasks, infrastructure errors left out. */
function figures(trajectories: Trajectory[]) {
  const scored = trajectories.filter((t) => t.stopReason !== "infrastructure_error" && t.reward !== undefined);
  const success = (t: Trajectory) => Math.abs((t.reward ?? 0) - 1) <= 1e-6;
  const perTask = new Map<string, { n: number; c: number }>();
  for (const t of scored) {
    const counts = perTask.get(t.task) ?? { n: 0, c: 0 };
    counts.n += 1;
    if (success(t)) counts.c += 1;
    perTask.set(t.task, counts);
  }
  const passHatK = (k: number) =>
    [...perTask.values()].reduce((sum, { n, c }) => sum + choose(c, k) / choose(n, k), 0) / perTask.size;
  return {
    successRate: scored.filter(success).length / scored.length,
    meanReward: scored.reduce((sum, t) => sum + (t.reward ?? 0), 0) / scored.length,
    passHatK,
  };
}

const byKey = (trajectories: Trajectory[]) => new Map(trajectories.map((t) => [`${t.task}/${t.trial}`, t]));

describe("Inspect .eval fixture (4 samples x 2 epochs, two scorers, a sample error, a tool error)", () => {
  it("is detected by content, whatever the file is called", async () => {
    const { opened, issues, trajectories } = await readInspect(makeInspectEvalLog(), "upload.bin");
    expect(issues.issues).toEqual([]);
    expect(opened?.format).toBe("inspect-eval");
    expect(trajectories).toHaveLength(8);
  });

  it("maps task, model, epochs, stop reasons, usage and keeps tags and metadata", async () => {
    const { opened, trajectories } = await readInspect(makeInspectEvalLog(), "nightly.eval");
    const header = opened?.header;
    expect(header?.suite).toMatchObject({ name: "inspect/weather_tools", version: '1 {"level":"easy"}' });
    expect(header?.tasks.map((task) => task.id)).toEqual(["a", "b", "c", "d"]);
    expect(header?.tasks[0]).toMatchObject({
      goal: "What is the weather in city a?",
      expectedBehavior: "Expected answer (Inspect target): weather-a",
      evaluationCriteria: { target: "weather-a" },
    });
    const run = header?.runs[0];
    expect(run).toMatchObject({
      id: "nightly",
      model: { name: "gpt-4o-mini", family: "gpt-4o-mini" },
      agent: { name: "inspect", config: { temperature: 0.5, max_tokens: 512 } },
    });
    expect(run?.metadata).toMatchObject({
      source: "inspect",
      primaryScorer: "match",
      inspectAccuracy: 0.5,
      tags: ["nightly"],
      evalMetadata: { owner: "qa" },
      taskArgs: { level: "easy" },
      modelProvider: "openai",
    });

    const t = byKey(trajectories);
    expect([...t.keys()].sort()).toEqual(["a/1", "a/2", "b/1", "b/2", "c/1", "c/2", "d/1", "d/2"]);
    expect(t.get("a/1")).toMatchObject({
      id: "uuid-a-1",
      stopReason: "completed",
      stopReasonInferred: true,
      reward: 1,
      usage: { prompt: 100, completion: 10 },
      costUsd: 0.002,
      durationMs: 1500,
    });
    expect(t.get("c/2")).toMatchObject({ stopReason: "message_limit", stopReasonInferred: false, reward: 0 });
    expect(t.get("d/1")).toMatchObject({ stopReason: "infrastructure_error", stopReasonInferred: false });
    expect(t.get("d/1")?.reward).toBeUndefined();
    expect(t.get("d/1")?.rewardBreakdown).toMatchObject({
      error: { message: "RuntimeError: sandbox failed to start" },
    });
    expect(t.get("b/2")?.rewardBreakdown).toMatchObject({
      scorer: "match",
      scores: { match: { value: "I" }, judge: { value: false } },
      sampleMetadata: { difficulty: "easy" },
    });
  });

  it("turns messages into events: system (attachment resolved), user, text, tool calls with arguments, tool results with their error", async () => {
    const { trajectories } = await readInspect(makeInspectEvalLog(), "x.eval");
    const events = byKey(trajectories).get("a/1")?.events ?? [];
    expect(events.map((event) => [event.kind, event.message])).toEqual([
      ["system", 0],
      ["user_message", 1],
      ["agent_message", 2],
      ["tool_call", 2],
      ["tool_result", 3],
      ["tool_call", 4],
      ["tool_result", 5],
      ["agent_message", 6],
    ]);
    expect(events[0]).toMatchObject({ text: "You are a weather assistant. Use the tools." });
    expect(events[3]).toMatchObject({ tool: "get_weather", callId: "call_1", arguments: { city: "Paris" } });
    expect(events[4]).toMatchObject({
      tool: "get_weather",
      callId: "call_1",
      error: true,
      errorInferred: false,
      output: { content: "", error: { type: "timeout", message: "Command timed out before completing." } },
    });
    expect(events[6]).toMatchObject({ error: false, output: "sunny, 21 C" });
    expect(events[7]).toMatchObject({ text: "[reasoning]\nIt is sunny in Paris." });
  });

  it("gives the success rate Inspect stored as accuracy, and pass^k from epochs as trials (worked by hand)", async () => {
    const { trajectories } = await readInspect(makeInspectEvalLog(), "x.eval");
    const f = figures(trajectories);
    // match: a C,C  b C,I  c I,I (d errored twice, left out) -> 3 of 6
    expect(f.successRate).toBe(0.5);
    expect(f.successRate).toBe(INSPECT_FIXTURE_FIGURES.matchAccuracy);
    // pass^1 = (2/2 + 1/2 + 0/2) / 3; pass^2 = (1 + 0 + 0) / 3
    expect(f.passHatK(1)).toBeCloseTo(0.5, 12);
    expect(f.passHatK(2)).toBeCloseTo(1 / 3, 12);
  });

  it("uses another scorer when asked: mean reward is its accuracy, partial credit is not success", async () => {
    const { opened, trajectories } = await readInspect(makeInspectEvalLog(), "x.eval", "judge");
    expect(opened?.header.runs[0]?.metadata).toMatchObject({ primaryScorer: "judge", inspectAccuracy: 0.5 });
    // judge: a 1, 0.5  b true, false  c "P", 0
    expect(
      trajectories
        .filter((t) => t.reward !== undefined)
        .map((t) => `${t.task}/${t.trial}=${t.reward}`)
        .sort(),
    ).toEqual(["a/1=1", "a/2=0.5", "b/1=1", "b/2=0", "c/1=0.5", "c/2=0"]);
    const f = figures(trajectories);
    expect(f.meanReward).toBe(INSPECT_FIXTURE_FIGURES.judgeAccuracy);
    expect(f.successRate).toBeCloseTo(2 / 6, 12);
  });

  it("refuses a scorer the log does not have, naming the ones it has", async () => {
    const { opened, issues } = await readInspect(makeInspectEvalLog(), "x.eval", "rouge");
    expect(opened).toBeNull();
    expect(issues.issues).toEqual([
      { path: "scorer", message: 'scorer "rouge" is not in this log; it has: match, judge' },
    ]);
  });

  it("reads the single-file .json encoding of the same log into the same trajectories", async () => {
    const fromZip = await readInspect(makeInspectEvalLog(), "same.eval");
    const fromJson = await readInspect(strToU8(makeInspectJsonLog()), "same.json");
    expect(fromJson.issues.issues).toEqual([]);
    expect(fromJson.opened?.format).toBe("inspect-json");
    expect(fromJson.trajectories).toEqual(fromZip.trajectories);
    expect(fromJson.opened?.header).toEqual(fromZip.opened?.header);
  });
});

describe("Inspect members that are not UTF-8", () => {
  it("are read leniently and named in the warnings", async () => {
    const members = makeInspectEvalMembers();
    const name = "samples/a_epoch_2.json";
    const sample = members[name] ?? new Uint8Array();
    const at = Buffer.from(sample).indexOf(Buffer.from("weather"));
    const broken = Uint8Array.from(sample);
    broken[at] = 0xff;
    const { opened, issues } = await readInspect(zipSync({ ...members, [name]: broken }), "x.eval");
    expect(issues.issues).toEqual([]);
    expect(opened?.warnings).toContain(
      `${name} is not valid UTF-8; its invalid bytes were stored as U+FFFD (the replacement character)`,
    );
  });
});

describe("bad Inspect logs are refused with a located issue", () => {
  it("a zip with Inspect members but no header.json", async () => {
    const { opened, issues } = await readInspect(makeInspectEvalLog({}, { "header.json": null }), "x.eval");
    expect(opened).toBeNull();
    expect(issues.issues[0]?.path).toBe("header.json");
    expect(issues.issues[0]?.message).toMatch(/has no header\.json .*looks unfinished/);
  });

  it("a sample member that is not JSON", async () => {
    const { opened, issues } = await readInspect(
      makeInspectEvalLog({}, { "samples/b_epoch_2.json": "{not json" }),
      "x.eval",
    );
    expect(opened).toBeNull();
    expect(issues.issues).toHaveLength(1);
    expect(issues.issues[0]?.path).toBe("samples/b_epoch_2.json");
    expect(issues.issues[0]?.message).toMatch(/is not valid JSON/);
  });

  it("an unknown log version, in either encoding", async () => {
    const future = JSON.stringify({ ...makeInspectHeader(), version: 9 });
    const zip = await readInspect(makeInspectEvalLog({}, { "header.json": future }), "x.eval");
    expect(zip.opened).toBeNull();
    expect(zip.issues.issues).toEqual([
      { path: "header.json:version", message: "unknown Inspect log version 9; this importer reads versions 1, 2, 3" },
    ]);
    const json = await readInspect(
      strToU8(JSON.stringify({ ...JSON.parse(makeInspectJsonLog()), version: "2" })),
      "x.json",
    );
    expect(json.issues.issues).toEqual([
      { path: "version", message: 'unknown Inspect log version "2"; this importer reads versions 1, 2, 3' },
    ]);
  });

  it("a log whose summaries.json lists samples the archive does not hold (manifest and contents disagree)", async () => {
    const { opened, issues } = await readInspect(
      makeInspectEvalLog({}, { "samples/b_epoch_2.json": null, "samples/d_epoch_1.json": null }),
      "x.eval",
    );
    expect(opened).toBeNull();
    expect(issues.issues.map((issue) => issue.path)).toEqual(["summaries.json[3]", "summaries.json[6]"]);
    expect(issues.issues[0]?.message).toMatch(
      /lists sample "b" epoch 2, but the archive holds no samples\/b_epoch_2\.json; the log and its contents disagree/,
    );
  });

  it("a log whose samples were all removed but summaries.json still lists them", async () => {
    const members = Object.fromEntries(
      Object.keys(makeInspectEvalMembers())
        .filter((name) => name.startsWith("samples/"))
        .map((name) => [name, null]),
    );
    const { opened, issues } = await readInspect(makeInspectEvalLog({}, members), "x.eval");
    expect(opened).toBeNull();
    expect(issues.issues.at(-1)).toEqual({
      path: "summaries.json",
      message: "summaries.json lists 8 samples the archive does not hold (the first 5 are named)",
    });
  });

  it("a zip that is neither an Inspect log nor a tau2 directory is still reported as before", async () => {
    const other = zipSync({ "notes/readme.json": strToU8("{}") });
    const { opened, issues } = await readInspect(other, "x.zip");
    expect(opened).toBeNull();
    expect(issues.issues[0]?.message).toMatch(/holds no results\.json/);
  });
});

describe("zip member count", () => {
  it("is checked from the central directory before either zip reader reads a member", async () => {
    const members = Object.fromEntries(
      Array.from({ length: 2_000 }, (_, index) => [`r/simulations/${index}.json`, new Uint8Array(0)]),
    );
    const issues = new IssueCollector();
    async function* once() {
      yield zipSync(members, { level: 0 });
    }
    const error = await openBundle(once(), issues, { fileName: "many.zip", limits: { maxArchiveEntries: 1000 } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BundleInputError);
    expect((error as BundleInputError).issue.message).toBe(
      "the zip archive has 2000 members, more than the limit of 1000 (LOOPSCOPE_MAX_ARCHIVE_ENTRIES)",
    );
  });
});
