import { describe, expect, it } from "vitest";
import { isJsonl, readJudgeLabels } from "./parse-judge-labels";

describe("readJudgeLabels", () => {
  it("reads CSV rows addressed by item, by task + trial and by external id", () => {
    const csv = [
      "item,run,task,trial,external_id,judge,version,dimension,label,rationale,confidence",
      "it-1,,,,,gpt-judge,v1,goal_completion,completed,,0.9",
      ',base,t7,2,,gpt-judge,v1,goal_completion,agent_gave_up,"said ""no"", then stopped",',
      ",base,,,sim-42,gpt-judge,v1,goal_completion,completed,,",
    ].join("\n");
    const { rows, issues } = readJudgeLabels(csv);
    expect(issues).toEqual([]);
    expect(rows.map((row) => row.target)).toEqual([
      { kind: "item", itemId: "it-1" },
      { kind: "trial", run: "base", task: "t7", trial: 2 },
      { kind: "external", run: "base", externalId: "sim-42" },
    ]);
    expect(rows[0]?.confidence).toBe(0.9);
    expect(rows[1]?.rationale).toBe('said "no", then stopped');
    expect(rows[1]?.line).toBe(3);
  });

  it("locates a bad CSV row by line, column and value", () => {
    const csv = ["item,judge,version,dimension,label,confidence", "it-1,j,v1,goal_completion,completed,1.7"].join("\n");
    expect(readJudgeLabels(csv).issues).toEqual([
      { line: 2, column: "confidence", value: "1.7", message: "confidence must be a number from 0 to 1" },
    ]);
  });

  it("reports unknown columns and missing required fields", () => {
    const csv = ["item,judge,version,dimension,label,colour", "it-1,j,,goal_completion,completed,red"].join("\n");
    const { rows, issues } = readJudgeLabels(csv);
    expect(rows).toEqual([]);
    expect(issues.map((issue) => [issue.line, issue.column, issue.value])).toEqual([
      [1, "column 6", "colour"],
      [2, "version", ""],
    ]);
  });

  it("reads JSONL with numbers and reports bad lines by number", () => {
    const jsonl = [
      '{"run":"sft","task":"t1","trial":0,"judge":"claude","version":"2","dimension":"goal_completion","label":"completed","confidence":0.5}',
      "",
      "{not json",
      '{"item":"x","judge":"claude","version":"2","dimension":"d","label":"l","trial":-1,"run":"r","task":"t"}',
    ].join("\n");
    const { rows, issues } = readJudgeLabels(jsonl);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.target).toEqual({ kind: "trial", run: "sft", task: "t1", trial: 0 });
    expect(rows[1]?.target).toEqual({ kind: "item", itemId: "x" });
    expect(issues).toEqual([{ line: 3, column: "", value: "{not json", message: "not valid JSON" }]);
  });

  it("tells JSONL from CSV by name or first character", () => {
    expect(isJsonl("", "v.jsonl")).toBe(true);
    expect(isJsonl('  {"a":1}')).toBe(true);
    expect(isJsonl("item,judge")).toBe(false);
  });

  it("rejects an empty file", () => {
    expect(readJudgeLabels("").issues[0]?.message).toBe("the file has no verdicts");
  });
});
