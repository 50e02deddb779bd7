import { describe, expect, it } from "vitest";
import { escapeLatex } from "./escape-cells";
import { exportTable, textCell, toCsv, toLatex, toMarkdown, type ExportTable } from "./export-table";
import { protocolExportTable } from "./protocol-table";
import { buildFixtureProtocolTable } from "@/lib/testing/protocol-table-fixture";

// CSV carries raw fractions (RFC 4180 line ends); Markdown and LaTeX show percentages.
const EXPECTED_CSV =
  [
    'Level,Metric,Scoring,"gemma_3-4b, it sft",qwen3-4b base,qwen3-4b sft',
    "Text similarity,ROUGE-1,Deterministic,0.469,0.306,0.498",
    "Gold-history turn,All-turn success,LLM judge,0.411,0.292,0.507",
    "Gold-history turn,Text-turn success,LLM judge,0.508,0.324,0.614",
    "Gold-history turn,Tool-turn success,LLM judge,0.193,0.217,0.265",
    "Strict tool check,Exact call accuracy,Deterministic,0,0.036,0.139",
    "Strict tool check,Argument F1,Deterministic,0.005,0.063,0.248",
    "Closed-loop replay,Tool-workflow completion,Deterministic,0/77,0/77,3/77",
    "Holistic judge,Holistic success,LLM judge,,0/77,0/77",
    "State-based,Success rate,Deterministic,,0.25,0.75",
    "State-based,pass^1,Deterministic,0.5,0.25,0.75",
    "State-based,pass^2,Deterministic,,0,0.5",
  ].join("\r\n") + "\r\n";

const EXPECTED_MARKDOWN = `| Level | Metric | Scoring | gemma_3-4b, it sft | qwen3-4b base | qwen3-4b sft |
| --- | --- | --- | ---: | ---: | ---: |
| Text similarity | ROUGE-1 | Deterministic | 46.9% | 30.6% | 49.8% |
| Gold-history turn | All-turn success | LLM judge | 41.1% | 29.2% | 50.7% |
| Gold-history turn | Text-turn success | LLM judge | 50.8% | 32.4% | 61.4% |
| Gold-history turn | Tool-turn success | LLM judge | 19.3% | 21.7% | 26.5% |
| Strict tool check | Exact call accuracy | Deterministic | 0.0% | 3.6% | 13.9% |
| Strict tool check | Argument F1 | Deterministic | 0.5% | 6.3% | 24.8% |
| Closed-loop replay | Tool-workflow completion | Deterministic | 0/77 | 0/77 | 3/77 |
| Holistic judge | Holistic success | LLM judge | n/a | 0/77 | 0/77 |
| State-based | Success rate | Deterministic | n/a | 25.0% | 75.0% |
| State-based | pass^1 | Deterministic | 50.0% | 25.0% | 75.0% |
| State-based | pass^2 | Deterministic | n/a | 0.0% | 50.0% |
`;

const EXPECTED_LATEX = String.raw`\begin{table}[t]
\centering
\begin{tabular}{lllrrr}
\toprule
 &  &  & \multicolumn{1}{c}{gemma\_3-4b, it} & \multicolumn{2}{c}{qwen3-4b} \\
Level & Metric & Scoring & sft & base & sft \\
\midrule
Text similarity & ROUGE-1 & Deterministic & 46.9\% & 30.6\% & 49.8\% \\
Gold-history turn & All-turn success & LLM judge & 41.1\% & 29.2\% & 50.7\% \\
Gold-history turn & Text-turn success & LLM judge & 50.8\% & 32.4\% & 61.4\% \\
Gold-history turn & Tool-turn success & LLM judge & 19.3\% & 21.7\% & 26.5\% \\
Strict tool check & Exact call accuracy & Deterministic & 0.0\% & 3.6\% & 13.9\% \\
Strict tool check & Argument F1 & Deterministic & 0.5\% & 6.3\% & 24.8\% \\
Closed-loop replay & Tool-workflow completion & Deterministic & 0/77 & 0/77 & 3/77 \\
Holistic judge & Holistic success & LLM judge & n/a & 0/77 & 0/77 \\
State-based & Success rate & Deterministic & n/a & 25.0\% & 75.0\% \\
State-based & pass\textasciicircum{}1 & Deterministic & 50.0\% & 25.0\% & 75.0\% \\
State-based & pass\textasciicircum{}2 & Deterministic & n/a & 0.0\% & 50.0\% \\
\bottomrule
\end{tabular}
\caption{Results across the evaluation protocols for suite support 1. Values in \%, counts as n/N.}
\end{table}
`;

describe("protocol table exports", () => {
  const table = protocolExportTable(buildFixtureProtocolTable());

  it("writes CSV with quoted fields", () => {
    expect(toCsv(table)).toBe(EXPECTED_CSV);
    expect(exportTable(table, "csv")).toBe(EXPECTED_CSV);
  });

  it("writes a Markdown table with right-aligned numbers", () => {
    expect(toMarkdown(table)).toBe(EXPECTED_MARKDOWN);
    expect(exportTable(table, "md")).toBe(EXPECTED_MARKDOWN);
  });

  it("writes a booktabs LaTeX table with model groups spanning their variants", () => {
    expect(toLatex(table)).toBe(EXPECTED_LATEX);
    expect(exportTable(table, "tex")).toBe(EXPECTED_LATEX);
  });
});

describe("escaping untrusted names", () => {
  const hostile: ExportTable = {
    caption: "c",
    groups: [
      { label: "", span: 1 },
      { label: "a&b_{x}", span: 1 },
    ],
    columns: [
      { label: "Metric", align: "left" },
      { label: 'say "hi"|=1', subLabel: "50%~$#^\\", align: "right" },
    ],
    rows: [[textCell("=HYPERLINK(1)"), textCell("line\nbreak")]],
  };

  it("quotes CSV fields and neutralizes formulas", () => {
    expect(toCsv(hostile)).toBe(`Metric,"say ""hi""|=1"\r\n'=HYPERLINK(1),"line\nbreak"\r\n`);
  });

  it("escapes Markdown pipes and newlines", () => {
    expect(toMarkdown(hostile).split("\n")[0]).toBe('| Metric | say "hi"\\|=1 |');
    expect(toMarkdown(hostile).split("\n")[2]).toBe("| =HYPERLINK(1) | line break |");
  });

  it("writes HTML in Markdown as entities and escapes Markdown's own markup", () => {
    const markdown = toMarkdown({
      columns: [{ label: "<b>run</b>", align: "left" }],
      rows: [
        [textCell('<script>alert("x")</script>')],
        [textCell("[click](javascript:x) *a* `c` $m$ _u_ a_b ~s~ Q&A")],
      ],
    });
    expect(markdown).not.toMatch(/<[a-z/]/i);
    expect(markdown.split("\n")[0]).toBe("| &lt;b&gt;run&lt;/b&gt; |");
    expect(markdown.split("\n")[2]).toBe('| &lt;script&gt;alert("x")&lt;/script&gt; |');
    expect(markdown.split("\n")[3]).toBe(
      "| \\[click\\](javascript:x) \\*a\\* \\`c\\` \\$m\\$ \\_u\\_ a_b \\~s\\~ Q&amp;A |",
    );
  });

  it("writes HTML in LaTeX as text, not as < and > (which print as inverted marks)", () => {
    const latex = toLatex({ columns: [{ label: "x", align: "left" }], rows: [[textCell("<script>a|b</script>")]] });
    expect(latex).toContain("\\textless{}script\\textgreater{}a\\textbar{}b\\textless{}/script\\textgreater{}");
    expect(latex).not.toMatch(/[<>]/);
  });

  it("escapes every LaTeX special character", () => {
    expect(escapeLatex("50%~$#^\\&_{}")).toBe(
      "50\\%\\textasciitilde{}\\$\\#\\textasciicircum{}\\textbackslash{}\\&\\_\\{\\}",
    );
    expect(toLatex(hostile)).toContain("\\multicolumn{1}{c}{a\\&b\\_\\{x\\}}");
  });
});
