import { describe, expect, it } from "vitest";
import { makeTau2VerdictDocument } from "@/lib/testing/tau2-verdict-fixture";
import { verdictInputsOf } from "@/lib/testing/verdict-inputs";
import { buildVerdict } from "./build-verdict";
import { endStateCheck } from "./end-state-check";
import { diffState } from "./state-diff";

const [failed] = verdictInputsOf(makeTau2VerdictDocument("termination"));
if (!failed) throw new Error("fixture lost a simulation");

// What tau2's evaluate_simulation records for a simulation that ends on max_steps or too_many_errors.
const prematureRewardInfo = (reason: string) => ({
  reward: 0,
  reward_basis: null,
  info: { note: `Simulation terminated prematurely. Termination reason: ${reason}` },
});

describe("verdict headline of an early termination", () => {
  it("names max_steps, which had no headline (no check failed)", () => {
    const input = {
      ...failed.input,
      reward: 0,
      rewardBreakdown: prematureRewardInfo("max_steps"),
      stopReason: "max_steps",
    };
    const verdict = buildVerdict(input);
    expect(verdict.passed).toBe(false);
    expect(verdict.headline).toBe(
      "Terminated early (max_steps): it reached the step limit, so tau2 set the reward to 0 without evaluating the checks",
    );
  });

  it("names too_many_errors first, not an uncalled action", () => {
    const input = {
      ...failed.input,
      reward: 0,
      rewardBreakdown: prematureRewardInfo("too_many_errors"),
      stopReason: "too_many_errors",
    };
    expect(buildVerdict({ ...input, stopReason: null }).headline).toMatch(/expected action send_certificate/);
    expect(buildVerdict(input).headline).toMatch(/^Terminated early \(too_many_errors\): it hit too many tool errors/);
  });

  it("puts another early stop before the first failed check, and leaves a normal stop alone", () => {
    expect(buildVerdict({ ...failed.input, stopReason: "agent_error" }).headline).toMatch(
      /^Terminated early \(agent_error\): the conversation stopped on an error; DB check failed: /,
    );
    expect(buildVerdict({ ...failed.input, stopReason: "user_stop" }).headline).toMatch(/^DB check failed: /);
  });
});

describe("the closest call's mark", () => {
  it("carries the differing argument, visible without opening the call", () => {
    const verdict = buildVerdict(failed.input);
    const certificate = verdict.checks.find((check) => check.kind === "action" && !check.met);
    const seq = certificate?.kind === "action" ? (certificate.closestSeq ?? -1) : -1;
    expect(verdict.marks[seq]).toEqual([
      "closest to expected send_certificate, differs in amount: expected 50, got 100",
    ]);
  });
});

describe("endStateCheck", () => {
  it("shows tau2's failed DB check, not 'n/a, no expected final state' beneath 'DB check failed'", () => {
    const verdict = buildVerdict(failed.input);
    const diff = diffState(null, { users: {} });
    expect(diff.status).toBe("no-expected-state");
    const check = endStateCheck(verdict, null, diff.status);
    expect(check).toMatchObject({ label: "DB check (tau2)", met: false });
    expect(check.note).toContain("the databases differ");
  });

  it("keeps our state check when the benchmark recorded no DB check", () => {
    expect(endStateCheck({ source: "bundle", checks: [] }, true, "compared")).toEqual({
      label: "State check",
      met: true,
      note: null,
    });
  });
});
