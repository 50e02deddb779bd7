import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  chunksOf,
  makeBundle,
  makeTask,
  makeTrajectory,
  makeTurnPrediction,
  toJsonl,
  type BundleInput,
} from "@/lib/testing/factories";
import { BundleInputError, IssueCollector, MAX_REPORTED_ISSUES } from "./issues";
import { openBundle } from "./read-bundle";

async function read(content: string | Uint8Array, fileName = "bundle.json") {
  const collector = new IssueCollector();
  const opened = await openBundle(chunksOf(content, 256), collector, { fileName });
  let records = 0;
  if (opened) for await (const _record of opened.records) records += 1;
  return { opened, records, issues: collector.issues, total: collector.total };
}

const json = (bundle: BundleInput) => JSON.stringify(bundle);

type LooseTrajectory = Record<string, unknown> & { events: Array<Record<string, unknown>> };

/** The factories only build valid shapes; invalid ones are made by editing the JSON. */
function withFirstTrajectory(edit: (trajectory: LooseTrajectory) => void): string {
  const document: { trajectories: LooseTrajectory[] } = JSON.parse(json(makeBundle()));
  const [first] = document.trajectories;
  if (first) edit(first);
  return JSON.stringify(document);
}

describe("openBundle: valid input", () => {
  it("reads a JSON document, its JSONL encoding and both gzipped", async () => {
    const bundle = makeBundle();
    for (const [content, format, compressed] of [
      [json(bundle), "loopscope-json", false],
      [toJsonl(bundle), "loopscope-jsonl", false],
      [gzipSync(json(bundle)), "loopscope-json", true],
      [gzipSync(toJsonl(bundle)), "loopscope-jsonl", true],
    ] as const) {
      const result = await read(content);
      expect(result.issues).toEqual([]);
      expect(result.opened).toMatchObject({ format, compressed, warnings: [] });
      expect(result.records).toBe(2);
    }
  });

  it("accepts a byte-order mark and blank lines between JSONL records", async () => {
    const bundle = makeBundle();
    expect((await read(`\uFEFF${json(bundle)}`)).issues).toEqual([]);
    const [header, ...records] = toJsonl(bundle).split("\n");
    const result = await read(`\uFEFF${header}\n\n${records.join("\n\n")}`);
    expect(result.issues).toEqual([]);
    expect(result.records).toBe(2);
  });
});

describe("openBundle: invalid records", () => {
  it("reports a missing field with its path and expected type", async () => {
    const result = await read(withFirstTrajectory((trajectory) => delete trajectory.trial));
    expect(result.issues).toEqual([
      { path: "trajectories[0].trial", message: "required field is missing (expected number)" },
    ]);
    expect(result.records).toBe(1);
  });

  it("reports a missing field inside an event", async () => {
    const result = await read(withFirstTrajectory((trajectory) => delete trajectory.events[1]?.tool));
    expect(result.issues).toEqual([
      { path: "trajectories[0].events[1].tool", message: "required field is missing (expected string)" },
    ]);
  });

  it("reports a wrong type", async () => {
    const result = await read(withFirstTrajectory((trajectory) => (trajectory.trial = "1")));
    expect(result.issues).toEqual([
      { path: "trajectories[0].trial", message: "Invalid input: expected number, received string" },
    ]);
  });

  it("reports an unknown event kind and lists the known ones", async () => {
    const result = await read(
      withFirstTrajectory((trajectory) => (trajectory.events[2] = { ...trajectory.events[2], kind: "thought" })),
    );
    expect(result.issues).toEqual([
      {
        path: "trajectories[0].events[2].kind",
        message:
          'unknown kind "thought"; expected one of: user_message, agent_message, tool_call, tool_result, state_snapshot, system',
      },
    ]);
  });

  it("rejects unknown keys", async () => {
    const result = await read(json(makeBundle({ trajectories: [makeTrajectory({ reward_total: 1 })] })));
    expect(result.issues).toEqual([{ path: "trajectories[0]", message: 'Unrecognized key: "reward_total"' }]);
  });

  it("requires reference.text on a text turn", async () => {
    const result = await read(
      json(makeBundle({ turnPredictions: [makeTurnPrediction({ reference: { toolCall: { name: "refund" } } })] })),
    );
    expect(result.issues).toEqual([
      { path: "turnPredictions[0].reference", message: "a text turn needs reference.text" },
    ]);
  });

  it("reports records that reference an unknown run or task", async () => {
    const result = await read(json(makeBundle({ trajectories: [makeTrajectory({ run: "sft", task: "cancel" })] })));
    expect(result.issues).toEqual([
      { path: "trajectories[0].run", message: 'unknown run "sft"; the header declares: base' },
      { path: "trajectories[0].task", message: 'unknown task "cancel"; it is not among the header\'s tasks' },
    ]);
    expect(result.records).toBe(1);
  });

  it("reports a duplicate trial and a duplicate gold-history turn", async () => {
    const bundle = makeBundle({
      trajectories: [makeTrajectory(), makeTrajectory()],
      turnPredictions: [makeTurnPrediction(), makeTurnPrediction()],
    });
    const result = await read(json(bundle));
    expect(result.issues).toEqual([
      { path: "trajectories[1].trial", message: 'duplicate trial 1 of task "refund" in run "base"' },
      { path: "turnPredictions[1].turn", message: 'duplicate turn 1 of task "refund" in run "base"' },
    ]);
    expect(result.records).toBe(2);
  });

  it("keeps the first issues but counts all of them", async () => {
    const trajectories = Array.from({ length: MAX_REPORTED_ISSUES + 50 }, (_, trial) =>
      makeTrajectory({ trial, stopReason: "" }),
    );
    const result = await read(json(makeBundle({ trajectories })));
    expect(result.issues).toHaveLength(MAX_REPORTED_ISSUES);
    expect(result.total).toBe(MAX_REPORTED_ISSUES + 50);
    expect(result.issues[0]).toEqual({
      path: "trajectories[0].stopReason",
      message: "Too small: expected string to have >=1 characters",
    });
  });
});

describe("openBundle: invalid JSONL", () => {
  const lines = (bundle: BundleInput) => toJsonl(bundle).trimEnd().split("\n");

  it("reports a line that is not JSON with its line number and goes on", async () => {
    const [header, trajectory, prediction] = lines(makeBundle());
    const result = await read([header, "{not json", trajectory, prediction].join("\n"), "bundle.jsonl");
    expect(result.issues).toEqual([{ path: "line 2", line: 2, message: expect.stringMatching(/^invalid JSON: /) }]);
    expect(result.records).toBe(2);
  });

  it("reports a line that is JSON but not an object", async () => {
    const [header] = lines(makeBundle());
    const result = await read(`${header}\n[1, 2]\n`);
    expect(result.issues).toEqual([{ path: "line 2", line: 2, message: "each line must be a JSON object" }]);
  });

  it("reports an unknown record type", async () => {
    const [header, trajectory = ""] = lines(makeBundle());
    const result = await read(`${header}\n${trajectory.replace('"type":"trajectory"', '"type":"trajectroy"')}\n`);
    expect(result.issues).toEqual([
      { path: "type", line: 2, message: 'unknown record type "trajectroy"; expected "trajectory" or "turnPrediction"' },
    ]);
  });

  it("locates record issues by line, with paths relative to the record", async () => {
    const bundle = makeBundle({ trajectories: [makeTrajectory(), makeTrajectory({ run: "sft" })] });
    const result = await read(toJsonl(bundle));
    expect(result.issues).toEqual([{ path: "run", line: 3, message: 'unknown run "sft"; the header declares: base' }]);
  });

  it("reports header issues on line 1 under the header path", async () => {
    const duplicate = makeBundle({ tasks: [makeTask(), makeTask()] });
    expect((await read(toJsonl(duplicate))).issues).toEqual([
      { path: "header.tasks[1].id", line: 1, message: 'duplicate id "refund"' },
    ]);
    const noRuns = makeBundle({ runs: [] });
    const result = await read(toJsonl(noRuns));
    expect(result.opened).toBeNull();
    expect(result.issues).toEqual([{ path: "header.runs", line: 1, message: "a bundle needs at least one run" }]);
  });
});

describe("openBundle: invalid header", () => {
  it("rejects a duplicate task id before reading any record", async () => {
    const result = await read(json(makeBundle({ tasks: [makeTask(), makeTask({ id: "cancel" }), makeTask()] })));
    expect(result.opened).toBeNull();
    expect(result.issues).toEqual([{ path: "tasks[2].id", message: 'duplicate id "refund"' }]);
  });

  it("rejects another schemaVersion", async () => {
    const result = await read(json(makeBundle({ schemaVersion: "loopscope.bundle/v2" })));
    expect(result.opened).toBeNull();
    expect(result.issues).toEqual([{ path: "schemaVersion", message: 'schemaVersion must be "loopscope.bundle/v1"' }]);
  });

  it("rejects unknown top-level keys", async () => {
    const result = await read(JSON.stringify({ ...makeBundle(), comment: "hi" }));
    expect(result.issues).toEqual([{ path: "", message: 'Unrecognized key: "comment"' }]);
  });
});

describe("openBundle: unreadable input", () => {
  async function failure(content: string | Uint8Array): Promise<BundleInputError> {
    const error: unknown = await read(content).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof BundleInputError)) throw new Error(`expected a BundleInputError, got ${String(error)}`);
    return error;
  }

  it("throws on truncated gzip", async () => {
    const whole = gzipSync(
      toJsonl(makeBundle({ trajectories: Array.from({ length: 50 }, (_, trial) => makeTrajectory({ trial })) })),
    );
    const error = await failure(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(error.issue.path).toBe("");
    expect(error.message).toContain("gzip data is truncated or corrupt");
  });

  it("throws on an empty or blank file", async () => {
    expect((await failure("")).issue).toEqual({ path: "", message: "the file is empty" });
    expect((await failure(" \n\n\t\n")).issue).toEqual({ path: "", message: "the file contains only whitespace" });
  });

  it("reports the line of a syntax error in a pretty-printed document", async () => {
    const text = JSON.stringify(makeBundle(), null, 2).split("\n");
    const line = text.findIndex((row) => row.includes('"trial": 1')) + 1;
    text[line - 1] = '      "trial": 1 "oops",';
    const error = await failure(text.join("\n"));
    expect(error.issue).toEqual({ path: "", line, message: expect.stringMatching(/^invalid JSON: /) });
  });

  it("counts leading blank lines in the reported line", async () => {
    const error = await failure('\n\n{\n  "schemaVersion": "loopscope.bundle/v1",\n  oops\n}');
    expect(error.issue.line).toBe(5);
  });

  it("names the supported formats for an unrecognised JSON document", async () => {
    const error = await failure(JSON.stringify({ results: [], model: "x" }));
    expect(error.issue.path).toBe("");
    expect(error.message).toMatch(
      /^unrecognised file format: found a JSON object with keys results, model\. Supported formats: /,
    );
    expect(error.message).toContain(
      'Loopscope bundle v1 as one JSON document ({"schemaVersion": "loopscope.bundle/v1", ...})',
    );
    expect(error.message).toContain("Loopscope bundle v1 as JSONL");
    expect((await failure("42")).message).toMatch(/^unrecognised file format: found a JSON number\./);
  });
});

describe("values PostgreSQL cannot store are rejected at the boundary", () => {
  it("reports a trial beyond int4 and a timestamp in year 0000 with their paths", async () => {
    const bundle = makeBundle({
      trajectories: [
        makeTrajectory({ trial: 2 ** 40 }),
        makeTrajectory({ trial: 2, events: [{ kind: "user_message", text: "hi", timestamp: "0000-01-01T00:00:00Z" }] }),
      ],
    });
    const issues = new IssueCollector();
    const opened = await openBundle(chunksOf(JSON.stringify(bundle)), issues, { fileName: "b.json" });
    for await (const _record of opened?.records ?? []) {
      // drain: issues are collected while records are read
    }
    expect(issues.issues.map((issue) => issue.path)).toEqual([
      "trajectories[0].trial",
      "trajectories[1].events[0].timestamp",
    ]);
    expect(issues.issues[1]?.message).toBe("year 0000 does not exist");
  });
});

describe("deeply nested JSON", () => {
  it("is refused at the first byte too deep, located, instead of overflowing the validator", async () => {
    // Built as text: JSON.stringify itself recurses and could not write it.
    const deep = `${'{"inner":'.repeat(5000)}"bottom"${"}".repeat(5000)}`;
    const bundle = makeBundle({
      trajectories: [makeTrajectory({ events: [{ kind: "tool_result", tool: "x", output: "DEEP" }] })],
    });
    const text = JSON.stringify(bundle).replace('"DEEP"', deep);
    const error = await openBundle(chunksOf(text), new IssueCollector(), { fileName: "deep.json" }).catch((e) => e);
    expect(error).toBeInstanceOf(BundleInputError);
    expect(error.issue).toMatchObject({
      path: "trajectories[0]",
      line: 1,
      message: expect.stringMatching(/^nested more than 200 levels deep \(line 1, column \d+\)$/),
    });
  });

  it("a top-level list whose first item is nested too deep is refused for its nesting, at that item", async () => {
    const error = await openBundle(chunksOf(`${"[".repeat(100_000)}${"]".repeat(100_000)}`), new IssueCollector(), {
      fileName: "deep.json",
    }).catch((e) => e);
    expect(error.issue).toEqual({
      path: "[0]",
      line: 1,
      message: "nested more than 200 levels deep (line 1, column 203)",
    });
  });
});
