import { describe, expect, it } from "vitest";
import { escapeLatex } from "./escape-cells";
import { toCsv, toLatex, toMarkdown, type ExportTable } from "./export-table";
import { buildProtocolExportTable, buildTaskExportTable } from "./compare-export-tables";
import type { ProtocolRow, TaskComparisonRow } from "./compare-types";

const runs = [
  { name: "qwen3-4b", variant: "base" },
  { name: "qwen3-4b", variant: "sft" },
];

const protocolRows: ProtocolRow[] = [
  {
    key: "allTurnSuccess",
    label: "Turn success, all turns (judge)",
    group: "gold",
    format: "rate",
    higherIsBetter: true,
    values: [0.5, 0.75],
    deltas: [
      null,
      { delta: 0.25, valueA: 0.5, valueB: 0.75, interval: { low: 0.125, high: 0.375 }, excludesZero: true, tasks: 4 },
    ],
  },
  {
    key: "successRate",
    label: "Workflow success (state + reply, or reward)",
    group: "closed",
    format: "rate",
    higherIsBetter: true,
    values: [0.625, null],
    deltas: [null, { delta: null, valueA: 0.625, valueB: null, interval: null, excludesZero: false, tasks: 4 }],
  },
];

const tasks: TaskComparisonRow[] = [
  {
    taskId: "t,1",
    perRun: [
      { rate: 0.5, n: 2, c: 1 },
      { rate: 1, n: 2, c: 2 },
    ],
    difference: 0.5,
    transition: "fixed",
  },
  { taskId: "t_2", perRun: [{ rate: 1, n: 2, c: 2 }, null], difference: -1, transition: "broken" },
];

const protocol = buildProtocolExportTable({ runs, protocolRows });
const taskTable = buildTaskExportTable({ runs, tasks });

describe("protocol table exports", () => {
  it("writes CSV with raw fractions and empty cells for missing values", () => {
    expect(toCsv(protocol)).toBe(
      "Group,Metric,qwen3-4b (base),qwen3-4b (sft),Delta qwen3-4b (sft) vs qwen3-4b (base),95% CI low,95% CI high,CI excludes 0\r\n" +
        'gold history,"Turn success, all turns (judge)",0.5,0.75,0.25,0.125,0.375,yes\r\n' +
        'closed loop,"Workflow success (state + reply, or reward)",0.625,,,,,n/a\r\n',
    );
  });

  it("writes Markdown with formatted values and right-aligned numbers", () => {
    expect(toMarkdown(protocol)).toBe(
      "| Group | Metric | qwen3-4b (base) | qwen3-4b (sft) | Delta qwen3-4b (sft) vs qwen3-4b (base) | 95% CI low | 95% CI high | CI excludes 0 |\n" +
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n" +
        "| gold history | Turn success, all turns (judge) | 50.0% | 75.0% | +25.0 pp | +12.5 pp | +37.5 pp | yes |\n" +
        "| closed loop | Workflow success (state + reply, or reward) | 62.5% | n/a | n/a | n/a | n/a | n/a |\n",
    );
  });

  it("writes a booktabs LaTeX tabular with escaped specials", () => {
    expect(toLatex(protocol)).toBe(
      "\\begin{tabular}{llrrrrrl}\n" +
        "\\toprule\n" +
        "Group & Metric & qwen3-4b (base) & qwen3-4b (sft) & Delta qwen3-4b (sft) vs qwen3-4b (base) & 95\\% CI low & 95\\% CI high & CI excludes 0 \\\\\n" +
        "\\midrule\n" +
        "gold history & Turn success, all turns (judge) & 50.0\\% & 75.0\\% & +25.0 pp & +12.5 pp & +37.5 pp & yes \\\\\n" +
        "closed loop & Workflow success (state + reply, or reward) & 62.5\\% & n/a & n/a & n/a & n/a & n/a \\\\\n" +
        "\\bottomrule\n" +
        "\\end{tabular}\n",
    );
  });
});

describe("task table exports", () => {
  it("writes each run's successes, the difference and the transition", () => {
    expect(toCsv(taskTable)).toBe(
      "Task,qwen3-4b (base) success,qwen3-4b (sft) success,Difference,Transition\r\n" +
        '"t,1",0.5,1,0.5,fixed\r\n' +
        "t_2,1,,-1,broken\r\n",
    );
    expect(toMarkdown(taskTable)).toBe(
      "| Task | qwen3-4b (base) success | qwen3-4b (sft) success | Difference | Transition |\n" +
        "| --- | ---: | ---: | ---: | --- |\n" +
        "| t,1 | 1/2 (50.0%) | 2/2 (100.0%) | +50.0 pp | fixed |\n" +
        "| t_2 | 2/2 (100.0%) | n/a | -100.0 pp | broken |\n",
    );
    expect(toLatex(taskTable)).toContain("t\\_2 & 2/2 (100.0\\%) & n/a & -100.0 pp & broken \\\\\n");
  });
});

describe("escaping", () => {
  const table: ExportTable = {
    columns: [{ label: "a|b", align: "left" }],
    rows: [[{ text: 'say "hi"\nthere', value: 'say "hi"\nthere' }]],
  };

  it("quotes CSV fields with quotes or line breaks, escapes Markdown pipes and joins lines", () => {
    expect(toCsv(table)).toBe('a|b\r\n"say ""hi""\nthere"\r\n');
    expect(toMarkdown(table)).toBe('| a\\|b |\n| --- |\n| say "hi" there |\n');
  });

  it("escapes every LaTeX special character", () => {
    expect(escapeLatex("50% & $5 #1 a_b {x} ~ ^ \\ \u22123")).toBe(
      "50\\% \\& \\$5 \\#1 a\\_b \\{x\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{} $-$3",
    );
  });
});
