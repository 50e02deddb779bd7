import { describe, expect, it } from "vitest";
import { compareActionWithCall, matchExpectedAction } from "./match-expected-action";

const certificate = { name: "send_certificate", arguments: { user_id: "u1", amount: 50 }, compareArgs: null };

describe("compareActionWithCall (tau2 Action.compare_with_tool_call)", () => {
  it("compares the call's own argument keys by default, with Python equality", () => {
    expect(
      compareActionWithCall(certificate, {
        seq: 0,
        name: "send_certificate",
        arguments: { user_id: "u1", amount: 50.0 },
      }),
    ).toBe(true);
    expect(
      compareActionWithCall(certificate, {
        seq: 0,
        name: "send_certificate",
        arguments: { amount: 100, user_id: "u1" },
      }),
    ).toBe(false);
    // tau2 only looks at the keys the call has: a call missing an expected argument still matches.
    expect(compareActionWithCall(certificate, { seq: 0, name: "send_certificate", arguments: { user_id: "u1" } })).toBe(
      true,
    );
    expect(
      compareActionWithCall(certificate, { seq: 0, name: "send_voucher", arguments: { user_id: "u1", amount: 50 } }),
    ).toBe(false);
  });

  it("compares only compare_args when given, and an empty list matches any call of the tool", () => {
    const onlyUser = { ...certificate, compareArgs: ["user_id"] };
    expect(
      compareActionWithCall(onlyUser, { seq: 0, name: "send_certificate", arguments: { user_id: "u1", amount: 100 } }),
    ).toBe(true);
    expect(
      compareActionWithCall({ ...certificate, compareArgs: [] }, { seq: 0, name: "send_certificate", arguments: {} }),
    ).toBe(true);
  });
});

describe("matchExpectedAction", () => {
  it("links the first matching call", () => {
    const match = matchExpectedAction(certificate, [
      { seq: 3, name: "get_user", arguments: {} },
      { seq: 5, name: "send_certificate", arguments: { user_id: "u1", amount: 50 } },
      { seq: 9, name: "send_certificate", arguments: { user_id: "u1", amount: 50 } },
    ]);
    expect(match).toEqual({ matched: true, matchedSeq: 5, closestSeq: null, diff: [] });
  });

  it("without a match, points to the closest call of the tool with an argument-by-argument diff", () => {
    const match = matchExpectedAction(certificate, [
      { seq: 2, name: "send_certificate", arguments: { user_id: "u2", amount: 70 } },
      { seq: 4, name: "send_certificate", arguments: { user_id: "u1", amount: 100 } },
    ]);
    expect(match).toEqual({
      matched: false,
      matchedSeq: null,
      closestSeq: 4,
      diff: [{ key: "amount", expected: 50, actual: 100 }],
    });
  });

  it("reports arguments missing on either side, and no closest call when the tool was never called", () => {
    const match = matchExpectedAction({ ...certificate, compareArgs: ["amount", "reason"] }, [
      { seq: 1, name: "send_certificate", arguments: { user_id: "u1", amount: 100, reason: "delay" } },
    ]);
    expect(match.diff).toEqual([
      { key: "amount", expected: 50, actual: 100 },
      { key: "reason", expected: undefined, actual: "delay" },
    ]);
    expect(matchExpectedAction(certificate, [{ seq: 1, name: "other", arguments: {} }])).toEqual({
      matched: false,
      matchedSeq: null,
      closestSeq: null,
      diff: [],
    });
  });
});
