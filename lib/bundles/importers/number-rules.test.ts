import { describe, expect, it } from "vitest";
import { FieldNotes } from "./field-notes";
import { readNumber } from "./number-rules";

const at = (path = "simulations[0].agent_cost") => ({ path, notes: new FieldNotes() });

describe("readNumber", () => {
  it("returns a number within its rule, and nothing without a word for absent or null", () => {
    const place = at();
    expect(readNumber(0.25, "nonNegative", place)).toEqual({ value: 0.25 });
    expect(readNumber(0, "count", place)).toEqual({ value: 0 });
    expect(readNumber(-3, "finite", place)).toEqual({ value: -3 });
    expect(readNumber(undefined, "nonNegative", place)).toEqual({});
    expect(readNumber(null, "count", place)).toEqual({});
    expect(place.notes.warnings()).toEqual([]);
  });

  it("stores a negative cost as unknown with a warning naming its path, never as 0", () => {
    const place = at();
    expect(readNumber(-0.5, "nonNegative", place)).toEqual({});
    expect(place.notes.warnings()).toEqual([
      "simulations[0].agent_cost is -0.5, not a finite number of at least 0: stored as unknown (n/a), not as 0",
    ]);
  });

  it("stores an overflowing number and a fractional count as unknown, each with its warning", () => {
    const place = at("simulations[0].duration");
    expect(readNumber(Infinity, "nonNegative", place)).toEqual({});
    expect(readNumber(2.5, "count", { ...place, path: "messages[1].usage.prompt_tokens" })).toEqual({});
    expect(readNumber(-Infinity, "finite", { ...place, path: "x.temperature" })).toEqual({});
    expect(place.notes.warnings()).toEqual([
      "simulations[0].duration is too large for a number (it overflows to infinity), not a finite number of at least 0: stored as unknown (n/a), not as 0",
      "messages[1].usage.prompt_tokens is 2.5, not a whole number of at least 0: stored as unknown (n/a), not as 0",
      "x.temperature is too large for a number (it overflows to infinity), not a finite number: stored as unknown (n/a), not as 0",
    ]);
  });

  it("refuses a value of the wrong type with a located issue", () => {
    expect(readNumber("0.5", "nonNegative", at())).toEqual({
      issue: { path: "simulations[0].agent_cost", message: 'must be a finite number of at least 0; got "0.5"' },
    });
    expect(readNumber({}, "count", at("a.tokens")).issue?.path).toBe("a.tokens");
  });
});

describe("FieldNotes", () => {
  it("keeps one line per kind of problem: the first place and how many in all", () => {
    const notes = new FieldNotes();
    for (let index = 0; index < 1000; index += 1)
      readNumber(-1, "nonNegative", { path: `simulations[${index}].agent_cost`, notes });
    readNumber(-1, "nonNegative", { path: "simulations[0].user_cost", notes });
    expect(notes.warnings()).toEqual([
      "simulations[0].agent_cost is -1, not a finite number of at least 0: stored as unknown (n/a), not as 0 (1000 values like it in all; the first is named)",
      "simulations[0].user_cost is -1, not a finite number of at least 0: stored as unknown (n/a), not as 0",
    ]);
  });
});
