import { describe, expect, it } from "vitest";
import { parseCsv, readLabelCsv } from "./parse-label-csv";

describe("parseCsv", () => {
  it("reads quoted fields with commas, quotes and newlines, keeping each row's first line number", () => {
    const { rows, error } = parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",z\n\nlast,1');
    expect(error).toBeNull();
    expect(rows).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["x, y", 'say "hi"'] },
      { line: 3, cells: ["multi\nline", "z"] },
      { line: 6, cells: ["last", "1"] },
    ]);
  });

  it("reports an unterminated quote", () => {
    expect(parseCsv('a\n"open').error).toBe("line 2: unterminated quoted field");
  });

  it("reports an unterminated quote at the line its row starts, past blank lines and multi-line cells", () => {
    expect(parseCsv('a\r\n"b\r\nc",d\n\n"open\nmore').error).toBe("line 5: unterminated quoted field");
  });

  it("numbers lines as an editor does across mixed line endings, a BOM and CRLF inside quotes", () => {
    const { rows } = parseCsv('\uFEFFh\r"x\r\ny"\r\n\r\nz\n""\nw');
    expect(rows).toEqual([
      { line: 1, cells: ["h"] },
      { line: 2, cells: ["x\r\ny"] },
      { line: 5, cells: ["z"] },
      { line: 7, cells: ["w"] },
    ]);
  });
});

describe("readLabelCsv", () => {
  it("accepts the columns in any order and reports empty cells by line", () => {
    const { rows, issues } = readLabelCsv(
      "annotator,item,label,dimension,extra\nann@x.test,run/t/1,yes,tool_hallucination,ignored\n,run/t/2,no,tool_hallucination,\n",
    );
    expect(rows).toEqual([
      { line: 2, item: "run/t/1", annotator: "ann@x.test", dimension: "tool_hallucination", label: "yes" },
    ]);
    expect(issues).toEqual([{ line: 3, message: "empty annotator" }]);
  });

  it("rejects a header without the required columns", () => {
    expect(readLabelCsv("item,who,dimension,label\n").issues[0]?.message).toBe("header lacks column(s) annotator");
  });
});
