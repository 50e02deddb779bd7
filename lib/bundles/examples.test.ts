import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { exampleFiles } from "@/lib/demo/write-examples";
import { renderBundleJsonSchema } from "@/scripts/export-json-schema";
import { chunksOf } from "@/lib/testing/factories";
import { IssueCollector } from "./issues";
import { openBundle } from "./read-bundle";
import { prepareTrajectory } from "./rows/prepare-trajectory";
import type { BundleRecord } from "./validate-records";

const docs = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url));

async function open(name: string) {
  const issues = new IssueCollector();
  const opened = await openBundle(chunksOf(docs(`examples/${name}`), 700), issues, { fileName: name });
  const records: BundleRecord[] = [];
  if (opened) for await (const record of opened.records) records.push(record);
  return { opened, records, issues: issues.issues };
}

const values = (records: BundleRecord[]) => records.map((record) => ({ kind: record.kind, value: record.value }));

describe("docs/examples", () => {
  it.each([
    ["small-bundle.json", "loopscope-json", false],
    ["small-bundle.jsonl", "loopscope-jsonl", false],
    ["small-bundle.jsonl.gz", "loopscope-jsonl", true],
  ] as const)("%s opens with zero issues and the documented counts", async (name, format, compressed) => {
    const { opened, records, issues } = await open(name);
    expect(issues).toEqual([]);
    expect(opened?.format).toBe(format);
    expect(opened?.compressed).toBe(compressed);
    expect(opened?.header.tasks.map((task) => task.id)).toEqual(["refund-vase", "refund-time"]);
    expect(opened?.header.runs.map((run) => [run.id, run.variant, run.pairingKey])).toEqual([
      ["qwen3-4b-base", "base", "qwen3-4b"],
      ["qwen3-4b-sft", "sft", "qwen3-4b"],
    ]);
    const trajectories = records.flatMap((record) => (record.kind === "trajectory" ? [record.value] : []));
    const predictions = records.filter((record) => record.kind === "turnPrediction");
    expect(trajectories).toHaveLength(8);
    expect(trajectories.reduce((sum, trajectory) => sum + trajectory.events.length, 0)).toBe(37);
    expect(predictions.map((record) => record.kind === "turnPrediction" && record.value.kind)).toEqual([
      "tool",
      "text",
      "tool",
      "text",
    ]);
  });

  it("encodes the same records in all three files", async () => {
    const json = await open("small-bundle.json");
    const jsonl = await open("small-bundle.jsonl");
    const gz = await open("small-bundle.jsonl.gz");
    expect(values(jsonl.records)).toEqual(values(json.records));
    expect(values(gz.records)).toEqual(values(json.records));
    expect(jsonl.opened?.header).toEqual(json.opened?.header);
  });

  it("scores as the format document says: base 2 of 4 trajectories succeed, SFT 3 of 4", async () => {
    const { opened, records } = await open("small-bundle.json");
    const tasks = new Map((opened?.header.tasks ?? []).map((task) => [task.id, task]));
    const outcomes = records.flatMap((record) => {
      const task = record.kind === "trajectory" ? tasks.get(record.value.task) : undefined;
      if (record.kind !== "trajectory" || !task) return [];
      const row = prepareTrajectory({
        id: "t",
        runId: record.value.run,
        taskId: task.id,
        task,
        record: record.value,
      }).trajectory;
      return [[record.value.run, record.value.task, record.value.trial, row.success]];
    });
    expect(outcomes).toEqual([
      ["qwen3-4b-base", "refund-vase", 1, true],
      ["qwen3-4b-base", "refund-vase", 2, false],
      ["qwen3-4b-base", "refund-time", 1, true],
      ["qwen3-4b-base", "refund-time", 2, false],
      ["qwen3-4b-sft", "refund-vase", 1, false],
      ["qwen3-4b-sft", "refund-vase", 2, true],
      ["qwen3-4b-sft", "refund-time", 1, true],
      ["qwen3-4b-sft", "refund-time", 2, true],
    ]);
  });

  it("are up to date with lib/demo/small-example.ts (regenerate: npx tsx lib/demo/write-examples.ts)", () => {
    const expected = exampleFiles();
    expect(docs("examples/small-bundle.json").toString("utf8")).toBe(expected["small-bundle.json"]);
    expect(docs("examples/small-bundle.jsonl").toString("utf8")).toBe(expected["small-bundle.jsonl"]);
    const gz = docs("examples/small-bundle.jsonl.gz");
    expect([...gz.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(gz).toString("utf8")).toBe(expected["small-bundle.jsonl"]);
  });

  it("docs/bundle-format.md shows small-bundle.json verbatim", () => {
    expect(docs("bundle-format.md").toString("utf8")).toContain(
      `\`\`\`json\n${docs("examples/small-bundle.json").toString("utf8")}\`\`\``,
    );
  });
});

describe("docs/bundle.schema.json", () => {
  it("equals the schema exported from the zod schemas now (regenerate: npm run schema:export)", () => {
    expect(docs("bundle.schema.json").toString("utf8")).toBe(renderBundleJsonSchema());
  });

  it("is a draft 2020-12 schema with an id, a title and the recursive JsonValue definition", () => {
    const schema: unknown = JSON.parse(docs("bundle.schema.json").toString("utf8"));
    expect(schema).toMatchObject({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: expect.stringContaining("bundle-v1"),
      title: expect.stringContaining("loopscope.bundle/v1"),
      type: "object",
      required: ["schemaVersion", "suite", "tasks", "runs"],
      additionalProperties: false,
      $defs: { JsonValue: { anyOf: expect.any(Array) } },
    });
  });
});
