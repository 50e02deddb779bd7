import { describe, expect, it } from "vitest";
import { buildExperimentMatrix, pairTasks, type ExperimentRun } from "./experiment-matrix";
import { buildDeltaChartSeries, describePooledScope, experimentExportTable, formatSuccess } from "./experiment-view";
import { exportTable } from "./export-table";

function run(overrides: Partial<ExperimentRun> & { id: string }): ExperimentRun {
  return {
    name: overrides.id,
    suiteId: "s-air",
    suite: "tau2/airline",
    variant: "base",
    pairingKey: "gpt-4.1",
    settingKey: "",
    settingLabel: "",
    createdAt: "2026-11-01T00:00:00.000Z",
    success: { value: 0.5, low: 0.2, high: 0.8, n: 4 },
    perTask: [],
    ...overrides,
  };
}

const twoTrials = (c: number) => ({ n: 2, c });

describe("pairTasks", () => {
  it("keeps only tasks both runs scored, matched by id", () => {
    const shared = pairTasks(
      [
        { taskId: "a", ...twoTrials(1) },
        { taskId: "b", ...twoTrials(0) },
        { taskId: "c", n: 0, c: 0 },
      ],
      [
        { taskId: "b", ...twoTrials(2) },
        { taskId: "c", ...twoTrials(2) },
        { taskId: "d", ...twoTrials(2) },
      ],
    );
    expect(shared).toEqual([{ taskId: "b", a: { n: 2, c: 0 }, b: { n: 2, c: 2 } }]);
  });
});

describe("buildExperimentMatrix", () => {
  const runs = [
    run({
      id: "air-base",
      perTask: [
        { taskId: "1", ...twoTrials(0) },
        { taskId: "2", ...twoTrials(1) },
      ],
    }),
    run({
      id: "air-sft",
      variant: "sft",
      perTask: [
        { taskId: "1", ...twoTrials(2) },
        { taskId: "2", ...twoTrials(2) },
      ],
    }),
    run({
      id: "tel-base",
      suiteId: "s-tel",
      suite: "tau2/telecom",
      settingKey: "user=no-user",
      settingLabel: "no-user",
      perTask: [{ taskId: "9", n: 1, c: 1 }],
    }),
    run({
      id: "tel-sft",
      suiteId: "s-tel",
      suite: "tau2/telecom",
      settingKey: "user=no-user",
      settingLabel: "no-user",
      variant: "sft",
      perTask: [{ taskId: "9", n: 1, c: 0 }],
    }),
    run({
      id: "tel-sft-default",
      suiteId: "s-tel",
      suite: "tau2/telecom",
      variant: "sft",
      perTask: [{ taskId: "9", n: 1, c: 1 }],
    }),
    run({ id: "alone", pairingKey: "other", variant: "sft" }),
  ];
  const matrix = buildExperimentMatrix(runs, { resamples: 500 });

  it("makes a column per suite and setting, and never pairs across settings", () => {
    expect(matrix.columns.map((column) => column.label)).toEqual(["tau2/airline", "tau2/telecom (no-user)"]);
    expect(matrix.rows).toHaveLength(1);
    expect(matrix.rows[0]?.cells.map((cell) => [cell.baseRunId, cell.candidateRunId])).toEqual([
      ["air-base", "air-sft"],
      ["tel-base", "tel-sft"],
    ]);
  });

  it("computes each cell over shared tasks and pools by task across suites", () => {
    const [air, tel] = matrix.rows[0]?.cells ?? [];
    // airline: task 1 0 -> 1, task 2 0.5 -> 1: mean +0.75; majority: 1 fail->pass, 2 tie(fail)->pass: p = 2 * 0.25 = 0.5.
    expect(air?.delta.estimate).toBe(0.75);
    expect(air?.mcnemarP).toBe(0.5);
    expect(air?.transitions).toEqual({ bothPass: 0, onlyA: 0, onlyB: 2, bothFail: 0 });
    expect(air?.compareHref).toBe("/compare?runs=air-base,air-sft");
    // telecom no-user: one task 1 -> 0, single trial: no noise floor.
    expect(tel?.delta.estimate).toBe(-1);
    expect(tel?.noiseFloorSd).toBeNull();
    const pooled = matrix.rows[0]?.pooled;
    expect(pooled?.estimate).toBeCloseTo((1 + 0.5 - 1) / 3, 12);
    expect(pooled?.transitions).toEqual({ bothPass: 0, onlyA: 1, onlyB: 2, bothFail: 0 });
    expect(pooled?.p).toBe(1); // 2 * P(X <= 1), X ~ Bin(3, 1/2) = 2 * 4/8
    expect(pooled).toMatchObject({ tasks: 3, strata: 2 });
    // Base tasks with 2+ trials: 0/2 (variance 0) and 1/2 (0.25 / (2 - 1)): sd = sqrt(0.25) / 2, a rerun difference sqrt(2) times that.
    expect(pooled?.noiseFloorSd).toBeCloseTo(Math.SQRT2 * 0.25, 12);
  });

  it("shows undefined figures as n/a and keeps them out of the chart", () => {
    const lonely = buildExperimentMatrix(
      [
        run({ id: "b", perTask: [{ taskId: "1", ...twoTrials(1) }], success: null }),
        run({ id: "s", variant: "sft", perTask: [{ taskId: "2", ...twoTrials(1) }] }),
      ],
      { resamples: 100 },
    );
    const cell = lonely.rows[0]?.cells[0];
    expect(cell?.delta).toEqual({ estimate: null, low: null, high: null });
    expect(cell?.mcnemarP).toBeNull();
    expect(formatSuccess(cell?.baseSuccess ?? null)).toBe("n/a");
    expect(buildDeltaChartSeries(lonely)).toEqual({ points: [], missing: 2 });
    const csv = exportTable(experimentExportTable(lonely), "csv");
    // Undefined figures are empty CSV cells (not the text "n/a"): a spreadsheet reads the column as numbers.
    expect(csv.split("\r\n")[1]).toBe("gpt-4.1,sft,tau2/airline,default,,0.5,,,0,,,,0.2,0.8,,");
  });

  it("exports one line per cell plus the pooled line, in all three formats", () => {
    const table = experimentExportTable(matrix);
    const body = table.rows.map((row) => row.map((cell) => cell.text));
    expect(body).toHaveLength(3);
    expect(body[0]?.slice(0, 9)).toEqual([
      "gpt-4.1",
      "sft",
      "tau2/airline",
      "default",
      "50.0% [20.0, 80.0]",
      "50.0% [20.0, 80.0]",
      "+75.0 pp",
      body[0]?.[7],
      "0.500",
    ]);
    expect(body[2]?.[2]).toBe("pooled: 3 tasks in 2 suites (stratified)");
    expect(exportTable(table, "md").split("\n")[1]).toBe(
      "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    expect(exportTable(table, "tex")).toContain("\\multicolumn{5}{c}{Paired delta}");
    expect(exportTable(table, "tex")).toContain("$-$100.0 pp");
  });

  it("charts every defined delta with its interval as error whiskers", () => {
    const series = buildDeltaChartSeries(matrix);
    expect(series.points.map((point) => [point.label, point.pooled])).toEqual([
      ["gpt-4.1 sft · tau2/airline", false],
      ["gpt-4.1 sft · tau2/telecom (no-user)", false],
      ["gpt-4.1 sft · pooled", true],
    ]);
    const air = series.points[0];
    const cell = matrix.rows[0]?.cells[0];
    expect(air?.value).toBe(75);
    expect(air?.error[0]).toBeCloseTo(75 - (cell?.delta.low ?? 0) * 100, 9);
  });

  it("writes numbers as CSV numbers, intervals as low/high columns, and guards only text cells", () => {
    const csv = exportTable(experimentExportTable(matrix), "csv").split("\r\n");
    expect(csv[0]).toBe(
      "Model,Variant,Suite,Setting,Base success,Candidate success,Delta,McNemar p,Shared tasks,Noise floor," +
        "Base success low,Base success high,Candidate success low,Candidate success high,Delta low,Delta high",
    );
    const airline = csv[1]?.split(",") ?? [];
    expect(airline.slice(0, 10)).toEqual([
      "gpt-4.1",
      "sft",
      "tau2/airline",
      "default",
      "0.5",
      "0.5",
      "0.75",
      "0.5",
      "2",
      airline[9],
    ]);
    // Every figure is a plain number: none is quoted, none carries the formula guard's apostrophe or a unit.
    for (const field of airline.slice(4)) expect(field).toMatch(/^-?\d+(\.\d+)?$/);
    expect(csv.join("\n")).not.toContain("'");
    const hostile = buildExperimentMatrix(
      runs.map((r) => ({ ...r, pairingKey: "=HYPERLINK(1)" })),
      { resamples: 100 },
    );
    expect(exportTable(experimentExportTable(hostile), "csv").split("\r\n")[1]).toMatch(/^'=HYPERLINK\(1\),sft,/);
  });

  it("says when two columns are one suite in two settings that share their tasks", () => {
    const pair = (settingKey: string, settingLabel: string) => [
      run({
        id: `tel-${settingKey}-base`,
        suiteId: "s-tel",
        suite: "telecom",
        settingKey,
        settingLabel,
        perTask: [
          { taskId: "1", ...twoTrials(0) },
          { taskId: "2", ...twoTrials(1) },
        ],
      }),
      run({
        id: `tel-${settingKey}-sft`,
        variant: "sft",
        suiteId: "s-tel",
        suite: "telecom",
        settingKey,
        settingLabel,
        perTask: [
          { taskId: "1", ...twoTrials(2) },
          { taskId: "2", ...twoTrials(2) },
        ],
      }),
    ];
    const shared = buildExperimentMatrix([...runs.slice(0, 2), ...pair("", ""), ...pair("no-user", "no-user")], {
      resamples: 100,
    });
    const pooled = shared.rows[0]?.pooled;
    expect(pooled).toMatchObject({ tasks: 6, strata: 3, suites: 2, distinctTasks: 4 });
    expect(pooled?.sharedTaskGroups).toEqual([{ labels: ["telecom", "telecom (no-user)"], tasks: 2 }]);
    expect(describePooledScope(pooled ?? matrix.rows[0]!.pooled)).toBe(
      "6 tasks in 3 columns of 2 suites (telecom and telecom (no-user) share their 2 tasks: 4 distinct)",
    );
    expect(describePooledScope(matrix.rows[0]!.pooled)).toBe("3 tasks in 2 suites");
  });
});
