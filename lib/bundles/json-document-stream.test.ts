import { describe, expect, it } from "vitest";
import { chunksOf } from "@/lib/testing/factories";
import { BundleInputError } from "./issues";
import { streamJsonDocument, type DocumentEvent } from "./json-document-stream";
import { splitLines } from "./split-lines";

async function events(text: string, chunk = 7, maxDepth = 10): Promise<DocumentEvent[]> {
  const out: DocumentEvent[] = [];
  for await (const event of streamJsonDocument(chunksOf(text, chunk), { maxDepth })) out.push(event);
  return out;
}

async function failure(text: string, chunk = 5): Promise<BundleInputError> {
  try {
    await events(text, chunk);
  } catch (error) {
    if (error instanceof BundleInputError) return error;
    throw error;
  }
  throw new Error("expected a BundleInputError");
}

describe("streamJsonDocument", () => {
  it("emits header fields whole and streamed-array items one by one, whatever the chunking", async () => {
    const text = '\uFEFF{"info": {"a": [1, 2]}, "simulations": [{"id": 1}, {"id": "é"}], "tasks": []}';
    for (const chunk of [1, 3, 64]) {
      expect(await events(text, chunk)).toEqual([
        { kind: "root", type: "object" },
        { kind: "field", key: "info", value: { a: [1, 2] } },
        { kind: "item", array: "simulations", index: 0, value: { id: 1 }, line: 1 },
        { kind: "item", array: "simulations", index: 1, value: { id: "é" }, line: 1 },
        { kind: "field", key: "simulations", value: [] },
        { kind: "field", key: "tasks", value: [] },
      ]);
    }
  });

  it("emits the items of a top-level list", async () => {
    expect(await events('[{"task_id": 1}, 2]')).toEqual([
      { kind: "root", type: "array" },
      { kind: "item", array: "", index: 0, value: { task_id: 1 }, line: 1 },
      { kind: "item", array: "", index: 1, value: 2, line: 1 },
    ]);
  });

  it("reports syntax errors with line and column", async () => {
    const error = await failure('{\n  "a": 1,\n  "b": 2 x\n}');
    expect(error.issue).toMatchObject({ path: "", line: 3 });
    expect(error.issue.message).toMatch(/\(line 3, column 10\)$/);
    expect((await failure('{"a": [1, 2')).issue.message).toMatch(/^invalid JSON: /);
    expect((await failure('{"a": 1} {"b": 2}')).issue.message).toMatch(/column 10/);
  });

  it("refuses an item nested too deep at the byte, located, and deep nesting in the header too", async () => {
    const deep = `${"[".repeat(50)}${"]".repeat(50)}`;
    expect((await failure(`{"trajectories": [{"y": 1},\n {"x": ${deep}}]}`)).issue).toEqual({
      path: "trajectories[1]",
      line: 2,
      message: "nested more than 8 levels deep (line 2, column 15)",
    });
    expect((await failure(`{"info": ${deep}}`)).issue.message).toContain("nested more than 10 levels deep");
  });
});

describe("streamJsonDocument: one record's size", () => {
  async function refusal(text: string, maxValueBytes: number): Promise<BundleInputError> {
    try {
      for await (const _ of streamJsonDocument(chunksOf(text, 16), { maxDepth: 10, maxValueBytes }));
    } catch (error) {
      if (error instanceof BundleInputError) return error;
      throw error;
    }
    throw new Error("expected a BundleInputError");
  }

  it("refuses an item longer than the limit at its path and line, before it is built whole", async () => {
    const long = "x".repeat(400);
    const text = `{"info": {},\n "simulations": [\n{"id": 1},\n{"id": 2, "text": "${long}"}]}`;
    const error = await refusal(text, 200);
    expect(error.issue).toMatchObject({ path: "simulations[1]", line: 4 });
    expect(error.issue.message).toBe("simulations[1] is larger than 200 bytes, the most one record may hold");
    // The same document within the limit is read.
    const read: DocumentEvent[] = [];
    for await (const event of streamJsonDocument(chunksOf(text, 16), { maxDepth: 10, maxValueBytes: 1000 }))
      read.push(event);
    expect(read.filter((event) => event.kind === "item")).toHaveLength(2);
  });

  it("refuses a top-level field, and an item of a top-level list, longer than the limit", async () => {
    expect((await refusal(`{"tasks": [${'"t",'.repeat(100)}"t"]}`, 100)).issue.path).toBe("tasks");
    expect((await refusal(`[{"a": 1}, {"b": "${"y".repeat(300)}"}]`, 100)).issue.path).toBe("[1]");
  });
});

describe("splitLines", () => {
  it("joins a long line once and numbers lines from an offset", async () => {
    const long = "x".repeat(100_000);
    const lines = [];
    for await (const line of splitLines(chunksOf(`a\r\n${long}\n\nb`, 333), undefined, 10)) lines.push(line);
    expect(lines).toEqual([
      { line: 11, text: "a" },
      { line: 12, text: long },
      { line: 13, text: "" },
      { line: 14, text: "b" },
    ]);
  });

  it("keeps multi-byte characters split across chunks intact", async () => {
    const lines = [];
    for await (const line of splitLines(chunksOf("ééé\n€", 1))) lines.push(line.text);
    expect(lines).toEqual(["ééé", "€"]);
  });
});

describe("streamJsonDocument: an item that is not JSON", () => {
  it("is refused with the parser's message, at its line and column in the file", async () => {
    const text = '{"info": {},\n "simulations": [\n  {"id": 1},\n  {"id": 2,\n   "x": tru}\n]}';
    for (const chunk of [1, 4, 64]) {
      const error = await failure(text, chunk);
      expect(error.issue).toMatchObject({ path: "", line: 5 });
      expect(error.issue.message).toMatch(/^invalid JSON: .+ \(line 5, column 12\)$/);
    }
    // A bracket that does not match, on the item's first line.
    const bracket = await failure('{"simulations": [{"a": [1}]}', 3);
    expect(bracket.issue.message).toMatch(/^invalid JSON: .+ \(line 1, column 26\)$/);
  });
});
