import { describe, expect, it } from "vitest";
import { parseJson } from "../number-literals";
import { FieldNotes } from "./field-notes";
import { callArgumentsOf, parseJsonText, toJsonValue } from "./json-value";

describe("toJsonValue: numbers that overflow", () => {
  it("keeps the literal as text and notes its path, where JSON.stringify would write null", () => {
    const notes = new FieldNotes();
    const value = parseJson('{"amount": 1e400, "items": [1, -1e999]}');
    expect(toJsonValue(value, { path: "call.arguments", notes })).toEqual({ amount: "1e400", items: [1, "-1e999"] });
    expect(notes.warnings()).toEqual([
      'call.arguments.amount is the number 1e400, beyond what a JSON number holds (it overflows to infinity): stored as the text "1e400" (2 values like it in all; the first is named)',
    ]);
  });

  it('stores "Infinity" when the reader kept no literal, still noted', () => {
    const notes = new FieldNotes();
    expect(toJsonValue({ x: [Infinity] }, { path: "info", notes })).toEqual({ x: ["Infinity"] });
    expect(notes.warnings()[0]).toMatch(/^info\.x\[0\] is the number Infinity/);
  });

  it("keeps finite values as they are", () => {
    expect(toJsonValue({ a: [1, "b", null, true, { c: 2.5 }] })).toEqual({ a: [1, "b", null, true, { c: 2.5 }] });
  });
});

describe("tool arguments and outputs given as JSON text", () => {
  it("keep an overflowing number's literal from the text itself", () => {
    const notes = new FieldNotes();
    const stats = { unparsedArguments: 0 };
    const place = { path: "messages[2].tool_calls[0].arguments", notes };
    expect(callArgumentsOf('{"gb_amount": 1e400}', stats, place)).toEqual({ gb_amount: "1e400" });
    expect(parseJsonText('{"balance": 2e308}', { path: "messages[3].content", notes })).toEqual({ balance: "2e308" });
    // A whole output that is one overflowing number stays the text it was.
    expect(parseJsonText("1e400", { path: "messages[4].content", notes })).toBe("1e400");
    expect(notes.warnings()[0]).toMatch(/^messages\[2\]\.tool_calls\[0\]\.arguments\.gb_amount is the number 1e400/);
  });
});
