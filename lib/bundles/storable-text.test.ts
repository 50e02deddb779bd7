import { describe, expect, it } from "vitest";
import { TextRepair, storableString } from "./storable-text";

describe("storableString", () => {
  it("spells NUL and lone surrogates as their JSON escape and keeps surrogate pairs", () => {
    expect(storableString("a\u0000b")).toBe("a\\u0000b");
    expect(storableString("x\ud800")).toBe("x\\ud800");
    expect(storableString("\udc00y")).toBe("\\udc00y");
    expect(storableString("ok 😀 \ud83d")).toBe("ok 😀 \\ud83d");
    expect(storableString("plain")).toBe("plain");
  });
});

describe("TextRepair", () => {
  it("repairs strings and keys anywhere in a record, counts them and names the first path", () => {
    const repair = new TextRepair();
    const record = { a: ["fine", "n\u0000"], b: { "k\ud800": 1, c: "\udfff" } };
    expect(repair.repair(record, "trajectories[3]")).toEqual({
      a: ["fine", "n\\u0000"],
      b: { "k\\ud800": 1, c: "\\udfff" },
    });
    expect(repair.changed).toBe(3);
    expect(repair.warning()).toMatch(/^3 strings held U\+0000 .* first at trajectories\[3\]\.a\[1\]$/);
  });

  it("says nothing when nothing changed", () => {
    const repair = new TextRepair();
    repair.repair({ a: "b" }, "x");
    expect(repair.warning()).toBeUndefined();
  });
});
