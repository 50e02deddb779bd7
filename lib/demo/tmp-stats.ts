import { generateDemoBundles } from "@/lib/demo/generate-demo-bundles";
import { TrajectorySchema } from "@/lib/bundles/schema/trajectory";
import { TaskSchema } from "@/lib/bundles/schema/task";
import { TurnPredictionSchema } from "@/lib/bundles/schema/turn-prediction";
import { prepareTrajectory } from "@/lib/bundles/rows/prepare-trajectory";
import { prepareTurnPrediction } from "@/lib/bundles/rows/prepare-turn-prediction";
const t0 = Date.now();
const bundles = generateDemoBundles();
console.log("gen ms", Date.now() - t0);
for (const b of bundles) {
  console.log("bundle size", JSON.stringify(b).length, "traj", b.trajectories?.length, "preds", b.turnPredictions?.length);
  const tasks = new Map(b.tasks.map((t) => { const p = TaskSchema.parse(t); return [p.id, p]; }));
  for (const run of b.runs) {
    const trs = (b.trajectories ?? []).filter((t) => t.run === run.id).map((t) => TrajectorySchema.parse(t));
    const rows = trs.map((r) => prepareTrajectory({ id: "x", runId: run.id, taskId: r.task, task: tasks.get(r.task)!, record: r }).trajectory);
    const succ = rows.filter((r) => r.success === true).length;
    const byTask = new Map<string, number>();
    for (const r of rows) byTask.set(r.taskId, (byTask.get(r.taskId) ?? 0) + (r.success ? 1 : 0));
    const comb = (n: number, k: number) => { let c = 1; for (let i = 0; i < k; i++) c = c * (n - i) / (i + 1); return c; };
    const passK = [1, 2, 3, 4].map((k) => [...byTask.values()].reduce((s, c) => s + comb(c, k) / comb(4, k), 0) / byTask.size);
    const preds = (b.turnPredictions ?? []).filter((p) => p.run === run.id).map((p) => prepareTurnPrediction({ id: "x", runId: run.id, taskId: p.task, record: TurnPredictionSchema.parse(p) }));
    const text = preds.filter((p) => p.kind === "text"); const tool = preds.filter((p) => p.kind === "tool");
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const events = rows.reduce((s, r) => s + r.eventCount, 0);
    const stops: Record<string, number> = {}; for (const r of rows) stops[r.stopReason ?? "?"] = (stops[r.stopReason ?? "?"] ?? 0) + 1;
    const recovered = rows.filter((r) => r.toolErrorCount > 0 && r.unresolvedToolErrorCount === 0).length;
    const errs = rows.filter((r) => r.toolErrorCount > 0).length;
    console.log(run.id, "succ", (succ / rows.length).toFixed(3), "passk", passK.map((x) => x.toFixed(3)).join(" "),
      "rouge", mean(text.map((p) => p.rouge1F1 ?? 0)).toFixed(3), "textJ", mean(text.map((p) => (p.judgeSuccess ? 1 : 0))).toFixed(3),
      "toolJ", mean(tool.map((p) => (p.judgeSuccess ? 1 : 0))).toFixed(3), "exact", mean(tool.map((p) => (p.exactMatch ? 1 : 0))).toFixed(3), "argF1", mean(tool.map((p) => p.argumentF1 ?? 0)).toFixed(3),
      "events/traj", (events / rows.length).toFixed(1), "min/max", Math.min(...rows.map(r=>r.eventCount)), Math.max(...rows.map(r=>r.eventCount)), JSON.stringify(stops), "withErr", errs, "recovered", recovered,
      "goal", rows.filter(r=>r.judgeGoalCompleted).length/rows.length);
  }
}
