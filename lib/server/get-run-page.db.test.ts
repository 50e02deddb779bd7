import { beforeAll, describe, expect, it } from "vitest";
import { ingestBundle } from "@/lib/server/ingest-bundle";
import { chunksOf, makeBundle, makeTask, makeTrajectory } from "@/lib/testing/factories";
import { buildTaskGrid, TASK_GRID_SORTS } from "@/lib/presenters/task-grid";
import { GRID_PAGE_SIZE, GRID_TRIAL_WINDOW, taskGridWindow } from "@/lib/presenters/run-page-query";
import { getRunTaskCells, getRunTaskGrid, getRunTrajectoryPage } from "./get-run-page";

// 23 tasks (two grid pages) x 12 trials (two trial windows); outcomes vary by task and trial, with
// infrastructure failures among them (left out of the rates).
const TASKS = Array.from({ length: 23 }, (_, t) => String(t + 1));
let runId = "";

beforeAll(async () => {
  const bundle = makeBundle({
    tasks: TASKS.map((id) => makeTask({ id })),
    trajectories: TASKS.flatMap((task, t) =>
      Array.from({ length: 12 }, (_, i) => {
        const trial = i + 1;
        const kind = (t * 5 + trial * 3) % 7;
        return makeTrajectory({
          task,
          trial,
          stopReason: kind === 6 ? "infrastructure_error" : kind === 5 ? "turn_limit" : "finished",
          // A final state unlike the task's expected one fails; none at all leaves the outcome unknown.
          finalState:
            kind === 4
              ? undefined
              : t % 4 === 1 || (t % 4 !== 0 && kind < 2)
                ? { status: "open" }
                : { refund_cents: 2500, status: "refunded" },
          // The task requires "2500 cents" in the reply.
          finalReply: kind === 3 ? `Refund issued for order ${task}: 2500 cents` : "Done: 2500 cents.",
        });
      }),
    ),
    turnPredictions: [],
  });
  const stored = await ingestBundle({ chunks: chunksOf(JSON.stringify(bundle)), fileName: "grid.json" });
  if (stored.kind !== "stored") throw new Error(JSON.stringify(stored));
  runId = stored.runs[0]?.id ?? "";
});

describe("the run page's task grid from outcome counts", () => {
  it("has the rates, classes and order of the grid built from every cell, and only the page's cells", async () => {
    const cells = await getRunTaskCells(runId);
    expect(cells).toHaveLength(23 * 12);
    for (const gridSort of TASK_GRID_SORTS) {
      const full = buildTaskGrid(cells, gridSort);
      expect(new Set(full.rows.map((row) => row.taskClass)).size).toBeGreaterThan(1);
      for (const [gridPage, gridTrials] of [
        [1, 1],
        [2, 2],
      ] as const) {
        const grid = await getRunTaskGrid(runId, { gridSort, gridPage, gridTrials });
        expect(grid.trials).toEqual(full.trials);
        expect(grid.classCounts).toEqual(full.classCounts);
        expect(grid.rows.map(({ cells: _, ...row }) => row)).toEqual(full.rows.map(({ cells: _, ...row }) => row));
        const { firstRow, firstColumn } = taskGridWindow(grid.rows.length, grid.trials.length, {
          gridPage,
          gridTrials,
        });
        grid.rows.forEach((row, index) => {
          const onPage = index >= firstRow && index < firstRow + GRID_PAGE_SIZE;
          row.cells.forEach((cell, column) => {
            const inWindow = column >= firstColumn && column < firstColumn + GRID_TRIAL_WINDOW;
            expect(cell).toEqual(onPage && inWindow ? full.rows[index]?.cells[column] : null);
          });
        });
      }
    }
  });
});

describe("the run page's trajectory list", () => {
  it("filters by outcome, stop reason, tool errors and text in SQL and orders task ids naturally", async () => {
    const cells = await getRunTaskCells(runId);
    const page = (filter: Parameters<typeof getRunTrajectoryPage>[0]["filter"]) =>
      getRunTrajectoryPage({ runId, filter, page: 1, pageSize: 1000 });
    const all = await page({});
    expect(all.total).toBe(23 * 12);
    expect(all.rows.slice(0, 13).map((row) => `${row.taskExternalId}/${row.trial}`)).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `1/${i + 1}`),
      "2/1",
    ]);
    expect((await page({ outcome: "success" })).total).toBe(cells.filter((c) => c.success === true).length);
    expect((await page({ outcome: "fail" })).total).toBe(cells.filter((c) => c.success === false).length);
    expect((await page({ outcome: "unknown" })).total).toBe(cells.filter((c) => c.success === null).length);
    expect((await page({ stopReason: "turn_limit" })).total).toBe(
      cells.filter((c) => c.stopReason === "turn_limit").length,
    );
    expect((await page({ hasToolError: false })).total).toBe(cells.filter((c) => c.toolErrorCount === 0).length);
    const refunds = await page({ search: "REFUND issued for order 1" });
    expect(refunds.total).toBeGreaterThan(0);
    expect(refunds.rows.every((row) => row.finalReply?.startsWith("Refund issued for order 1"))).toBe(true);
    // LIKE wildcards in the text are matched literally.
    expect((await page({ search: "%" })).total).toBe(0);
    expect((await page({ search: "23" })).rows.map((row) => row.taskExternalId)).toContain("23");
  });
});
