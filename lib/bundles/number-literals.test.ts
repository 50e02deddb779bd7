import { describe, expect, it } from "vitest";
import { overflowLiteral, parseJson, stringifyJson } from "./number-literals";

describe("parseJson", () => {
  it("parses as JSON.parse does, and keeps the literal of each number that overflows", () => {
    const text = '{"amount": 1e400, "list": [1, -2E+999], "big": 1' + "0".repeat(400) + ', "ok": 2.5e10}';
    const value = parseJson(text) as { amount: number; list: number[]; big: number; ok: number };
    expect(value).toEqual(JSON.parse(text));
    expect(overflowLiteral(value, "amount")).toBe("1e400");
    expect(overflowLiteral(value.list, 1)).toBe("-2E+999");
    expect(overflowLiteral(value, "big")).toBe("1" + "0".repeat(400));
    expect(overflowLiteral(value, "ok")).toBeUndefined();
  });

  it("leaves numbers inside strings alone, escapes included", () => {
    const value = parseJson('{"text": "1e400 \\" 1e500", "n": 1e400}') as Record<string, unknown>;
    expect(value.text).toBe('1e400 " 1e500');
    expect(overflowLiteral(value, "n")).toBe("1e400");
  });

  it("keeps the last of duplicate keys, as JSON.parse does", () => {
    const value = parseJson('{"a": 1e400, "a": 1e401}') as object;
    expect(overflowLiteral(value, "a")).toBe("1e401");
  });

  it("throws JSON.parse's own error on invalid text", () => {
    expect(() => parseJson('{"a": 1e400,')).toThrow(SyntaxError);
  });
});

describe("stringifyJson", () => {
  it("writes an overflowing number so parseJson reads it back with its literal (JSON.stringify writes null)", () => {
    const parsed = parseJson('[{"x": 9e999}]') as Array<{ x: number }>;
    expect(JSON.stringify(parsed)).toBe('[{"x":null}]');
    const back = parseJson(stringifyJson(parsed) ?? "") as Array<{ x: number }>;
    expect(back[0]?.x).toBe(Infinity);
    expect(overflowLiteral(back[0] ?? {}, "x")).toBe("9e999");
  });
});
