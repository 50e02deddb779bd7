import { describe, expect, it } from "vitest";
import { diffState } from "./state-diff";

describe("diffState", () => {
  it("lists added, removed and changed fields with nested paths", () => {
    const diff = diffState(
      { order: { status: "refunded", items: [1, 2], note: "x" }, cents: 2500 },
      { order: { status: "paid", items: [1, 2, 3] }, cents: 2500.0, extra: true },
    );
    expect(diff.status).toBe("compared");
    expect(diff.equal).toBe(false);
    expect(diff.entries).toEqual([
      { path: "extra", kind: "added", expected: null, actual: "true" },
      { path: "order.items[2]", kind: "added", expected: null, actual: "3" },
      { path: "order.note", kind: "removed", expected: '"x"', actual: null },
      { path: "order.status", kind: "changed", expected: '"refunded"', actual: '"paid"' },
    ]);
    expect(diff.unchanged).toBe(3);
  });

  it("quotes keys that are not identifiers and reports equal states", () => {
    expect(diffState({ "a b": 1 }, { "a b": 2 }).entries[0]?.path).toBe('["a b"]');
    const same = diffState({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] });
    expect(same).toEqual({ status: "compared", equal: true, entries: [], unchanged: 2 });
  });

  it("says when either side is missing", () => {
    expect(diffState(null, { a: 1 }).status).toBe("no-expected-state");
    expect(diffState({ a: 1 }, null).status).toBe("no-final-state");
  });

  it("reports a type change as one changed entry", () => {
    expect(diffState({ a: { b: 1 } }, { a: [1] }).entries).toEqual([
      { path: "a", kind: "changed", expected: '{\n  "b": 1\n}', actual: "[\n  1\n]" },
    ]);
  });
});
