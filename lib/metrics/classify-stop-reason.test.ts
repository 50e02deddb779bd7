import { describe, expect, it } from "vitest";
import {
  isErrorLikeStopReason,
  isFinishedStopReason,
  isInfrastructureStopReason,
  isTurnLimitStopReason,
  normalizeStopReason,
} from "./classify-stop-reason";

describe("stop reason classes", () => {
  it("normalizes case and whitespace, blank means missing", () => {
    expect(normalizeStopReason("  User_Stop ")).toBe("user_stop");
    expect(normalizeStopReason("   ")).toBeNull();
    expect(normalizeStopReason(null)).toBeNull();
  });

  it("recognizes finished reasons", () => {
    for (const r of ["finished", "agent_stop", "USER_STOP", "done", "completed"])
      expect(isFinishedStopReason(r)).toBe(true);
    expect(isFinishedStopReason("turn_limit")).toBe(false);
    expect(isFinishedStopReason(null)).toBe(false);
  });

  it("recognizes turn limits", () => {
    for (const r of ["turn_limit", "max_turns", "max_steps", "message_limit"])
      expect(isTurnLimitStopReason(r)).toBe(true);
    expect(isTurnLimitStopReason("token_limit")).toBe(false);
    expect(isTurnLimitStopReason("finished")).toBe(false);
  });

  it("recognizes infrastructure and error-like reasons", () => {
    expect(isInfrastructureStopReason("infrastructure_error")).toBe(true);
    expect(isInfrastructureStopReason("INFRA_ERROR")).toBe(true);
    expect(isInfrastructureStopReason("agent_error")).toBe(false);
    for (const r of ["too_many_errors", "agent_error", "invalid_agent_message", "timeout"])
      expect(isErrorLikeStopReason(r)).toBe(true);
    expect(isErrorLikeStopReason("user_stop")).toBe(false);
    expect(isErrorLikeStopReason(null)).toBe(false);
  });
});
