import { describe, expect, it } from "vitest";
import { buildTaskGrid, type TaskGridCellInput } from "./task-grid";

function cell(
  taskExternalId: string,
  trial: number,
  success: boolean | null,
  extra: Partial<TaskGridCellInput> = {},
): TaskGridCellInput {
  return {
    id: `${taskExternalId}-${trial}`,
    taskExternalId,
    trial,
    success,
    stopReason: "finished",
    toolErrorCount: 0,
    toolErrorsInferred: false,
    ...extra,
  };
}

const cells = [
  cell("10", 1, true),
  cell("10", 2, true),
  cell("2", 1, false),
  cell("2", 2, false, { toolErrorCount: 1 }),
  cell("3", 1, true),
  cell("3", 2, false),
  cell("4", 1, null),
  cell("4", 2, false, { stopReason: "infrastructure_error" }),
  cell("5", 1, true),
  cell("5", 2, false),
  cell("5", 3, false),
];

describe("buildTaskGrid", () => {
  it("computes per-task rates and classes, leaving unknown and infrastructure trials out", () => {
    const grid = buildTaskGrid(cells);
    expect(grid.trials).toEqual([1, 2, 3]);
    expect(grid.rows.map((row) => [row.taskExternalId, row.successes, row.known, row.taskClass])).toEqual([
      ["2", 0, 2, "always-failing"],
      ["3", 1, 2, "flaky"],
      ["4", 0, 0, "unknown"],
      ["5", 1, 3, "flaky"],
      ["10", 2, 2, "always-passing"],
    ]);
    expect(grid.classCounts).toEqual({ "always-failing": 1, flaky: 2, "always-passing": 1, unknown: 1 });
    const row2 = grid.rows[0];
    expect(row2?.cells[1]).toMatchObject({ outcome: "fail", toolError: true });
    expect(row2?.cells[2]).toBeNull();
    expect(grid.rows[2]?.cells.map((c) => c?.outcome ?? null)).toEqual(["unknown", "infrastructure", null]);
  });

  it("sorts by rate (always-failing first, unknown last) and by flakiness", () => {
    expect(buildTaskGrid(cells, "rate").rows.map((row) => row.taskExternalId)).toEqual(["2", "5", "3", "10", "4"]);
    expect(buildTaskGrid(cells, "flaky").rows.map((row) => row.taskExternalId)).toEqual(["3", "5", "2", "10", "4"]);
  });
});
