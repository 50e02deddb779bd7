import { describe, expect, it } from "vitest";
import { openBundle } from "@/lib/bundles/read-bundle";
import { IssueCollector } from "@/lib/bundles/issues";
import type { BundleRecord } from "@/lib/bundles/validate-records";
import type { Task } from "@/lib/bundles/schema/task";
import { prepareTrajectory } from "@/lib/bundles/rows/prepare-trajectory";
import { computeRouge1 } from "@/lib/metrics";
import { chunksOf } from "@/lib/testing/factories";
import { generateDemoBundles } from "./generate-demo-bundles";

const bundles = generateDemoBundles();

async function readAll(text: string) {
  const issues = new IssueCollector();
  const opened = await openBundle(chunksOf(text), issues, { fileName: "demo.json" });
  const records: BundleRecord[] = [];
  if (opened) for await (const record of opened.records) records.push(record);
  return { opened, records, issues };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const choose = (n: number, k: number) =>
  Array.from({ length: k }, (_, i) => (n - i) / (i + 1)).reduce((product, factor) => product * factor, 1);

describe("generateDemoBundles", () => {
  it("returns the same bundles on every call", () => {
    expect(JSON.stringify(generateDemoBundles())).toBe(JSON.stringify(bundles));
  });

  it("has three base+SFT pairs sharing a pairing key and one unpaired base run", () => {
    expect(bundles.map((bundle) => bundle.runs.map((run) => run.id))).toEqual([
      ["qwen3-4b-base", "qwen3-4b-sft"],
      ["qwen3-14b-base", "qwen3-14b-sft"],
      ["gemma3-12b-base", "gemma3-12b-sft"],
      ["llama-3.1-8b-base"],
    ]);
    for (const bundle of bundles.slice(0, 3)) {
      const [base, sft] = bundle.runs;
      expect(base?.pairingKey).toBe(sft?.pairingKey);
      expect([base?.variant, sft?.variant]).toEqual(["base", "sft"]);
    }
  });

  it("covers the suite: 8 tools, >= 24 tasks of every persona, some without tools", () => {
    const [bundle] = bundles;
    expect(bundle?.suite.tools).toHaveLength(8);
    const tasks = bundle?.tasks ?? [];
    expect(tasks.length).toBeGreaterThanOrEqual(24);
    expect(new Set(tasks.map((task) => task.persona))).toEqual(new Set(["power", "ambiguous", "confused"]));
    expect(tasks.filter((task) => task.requiresTools === false).length).toBeGreaterThanOrEqual(4);
    for (const task of tasks) expect(task.referenceConversation?.length).toBeGreaterThan(1);
  });

  it.each(bundles.map((bundle, index) => [index, bundle] as const))(
    "bundle %i opens with zero issues and 4 trials per task and run",
    async (_, bundle) => {
      const { opened, records, issues } = await readAll(JSON.stringify(bundle));
      expect(issues.issues).toEqual([]);
      expect(opened?.format).toBe("loopscope-json");
      const trajectories = records.filter((record) => record.kind === "trajectory");
      expect(trajectories).toHaveLength(bundle.runs.length * bundle.tasks.length * 4);
      expect(records.length - trajectories.length).toBe(bundle.turnPredictions?.length);
      for (const trajectory of trajectories) {
        expect(trajectory.value.events.length).toBeGreaterThanOrEqual(2);
        expect(trajectory.value.events.length).toBeLessThanOrEqual(40);
      }
    },
  );

  it("shows the seed 000 gap: SFT gains in gold-history text turns, not in closed-loop success", async () => {
    for (const bundle of bundles.slice(0, 3)) {
      const { records, opened } = await readAll(JSON.stringify(bundle));
      const tasks = new Map<string, Task>((opened?.header.tasks ?? []).map((task) => [task.id, task]));
      const [base, sft] = bundle.runs.map((run) => {
        const text = records.flatMap((r) =>
          r.kind === "turnPrediction" && r.value.run === run.id && r.value.kind === "text" ? [r.value] : [],
        );
        const rouge = mean(
          text.map((p) =>
            "text" in p.reference && "text" in p.prediction ? computeRouge1(p.reference.text, p.prediction.text).f1 : 0,
          ),
        );
        const textJudge = mean(text.map((p) => (p.judge?.success ? 1 : 0)));
        const outcomes = records.flatMap((r) => {
          if (r.kind !== "trajectory" || r.value.run !== run.id) return [];
          const task = tasks.get(r.value.task);
          if (!task) return [];
          return [prepareTrajectory({ id: "t", runId: run.id, taskId: task.id, task, record: r.value }).trajectory];
        });
        const success = mean(outcomes.map((o) => (o.success ? 1 : 0)));
        const perTask = new Map<string, number>();
        for (const o of outcomes) perTask.set(o.taskId, (perTask.get(o.taskId) ?? 0) + (o.success ? 1 : 0));
        const passHat = [1, 2, 3, 4].map((k) => mean([...perTask.values()].map((c) => choose(c, k) / choose(4, k))));
        return { rouge, textJudge, success, passHat };
      });
      if (!base || !sft) throw new Error("expected a pair");
      expect(sft.rouge - base.rouge).toBeGreaterThan(0.15);
      expect(sft.textJudge - base.textJudge).toBeGreaterThan(0.1);
      expect(base.success).toBeGreaterThanOrEqual(0.15);
      expect(base.success).toBeLessThanOrEqual(0.4);
      expect(Math.abs(sft.success - base.success)).toBeLessThanOrEqual(0.06);
      const [first, , , last] = base.passHat;
      expect(last).toBeLessThan((first ?? 0) / 2);
    }
  });
});
