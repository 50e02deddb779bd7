import { describe, expect, it } from "vitest";
import { choosePolicyVariant, chooseTaskSet, hashPolicy } from "./run-identity";

describe("chooseTaskSet", () => {
  it("joins the oldest task set without conflicting task definitions", () => {
    expect(
      chooseTaskSet([
        { id: "a", conflicts: 2 },
        { id: "b", conflicts: 0 },
        { id: "c", conflicts: 0 },
      ]),
    ).toEqual({ suiteId: "b", version: 2 });
  });

  it("starts the next task set when every stored one conflicts, the first when there is none", () => {
    expect(chooseTaskSet([{ id: "a", conflicts: 1 }])).toEqual({ suiteId: null, version: 2 });
    expect(chooseTaskSet([])).toEqual({ suiteId: null, version: 1 });
  });
});

describe("choosePolicyVariant", () => {
  const base = hashPolicy("Be nice.");
  const other = hashPolicy("Be terse.");
  const third = hashPolicy("Be quick.");

  it("keeps a named variant and gives the suite's own policy none", () => {
    expect(choosePolicyVariant({ named: "workflow", policyHash: other, suitePolicyHash: base, knownHashes: [] })).toBe(
      "workflow",
    );
    expect(
      choosePolicyVariant({ named: null, policyHash: base, suitePolicyHash: base, knownHashes: [base] }),
    ).toBeNull();
  });

  it("numbers other policies in the order they were first seen", () => {
    expect(choosePolicyVariant({ named: null, policyHash: other, suitePolicyHash: base, knownHashes: [base] })).toBe(
      "v2",
    );
    expect(
      choosePolicyVariant({ named: null, policyHash: third, suitePolicyHash: base, knownHashes: [base, other] }),
    ).toBe("v3");
    expect(
      choosePolicyVariant({ named: null, policyHash: other, suitePolicyHash: base, knownHashes: [base, other, third] }),
    ).toBe("v2");
  });

  it("hashes a missing policy like an empty one", () => {
    expect(hashPolicy(null)).toBe(hashPolicy(""));
    expect(hashPolicy("a")).toHaveLength(12);
  });
});
