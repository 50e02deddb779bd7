import { describe, expect, it } from "vitest";
import {
  FAILURE_LIMITS,
  THROTTLE_WINDOW_MS,
  claimAttempt,
  lockDurationMs,
  releaseAttempt,
  retryAfterSeconds,
  throttleKey,
  type ThrottleState,
} from "./throttle-policy";

describe("sign-in throttle policy", () => {
  it("locks from the limit on, doubling from 30 s up to 15 minutes", () => {
    expect(lockDurationMs("account", FAILURE_LIMITS.account - 1)).toBe(0);
    expect(lockDurationMs("account", FAILURE_LIMITS.account)).toBe(30_000);
    expect(lockDurationMs("account", FAILURE_LIMITS.account + 2)).toBe(120_000);
    expect(lockDurationMs("account", FAILURE_LIMITS.account + 40)).toBe(15 * 60_000);
    expect(lockDurationMs("address", FAILURE_LIMITS.account)).toBe(0);
  });

  it("rounds the wait up to whole seconds and keys case-insensitively", () => {
    expect(retryAfterSeconds(new Date(10_500), new Date(0))).toBe(11);
    expect(retryAfterSeconds(new Date(0), new Date(5))).toBe(1);
    expect(throttleKey("account", "Ann@Example.TEST")).toBe("account:ann@example.test");
  });

  it("counts an attempt before its check, locks at the limit, and refuses while locked", () => {
    const now = new Date(1_000_000_000);
    let state: ThrottleState | null = null;
    for (let attempt = 1; attempt <= FAILURE_LIMITS.account; attempt += 1) {
      const claim = claimAttempt("account", state, now);
      if (claim.kind !== "claimed") throw new Error(`attempt ${attempt} refused`);
      expect(claim.next.failures).toBe(attempt);
      state = claim.next;
    }
    expect(state?.lockedUntil).toEqual(new Date(now.getTime() + 30_000));
    expect(claimAttempt("account", state, new Date(now.getTime() + 29_000))).toEqual({
      kind: "locked",
      lockedUntil: new Date(now.getTime() + 30_000),
    });
    const afterLock = claimAttempt("account", state, new Date(now.getTime() + 31_000));
    expect(afterLock).toMatchObject({ kind: "claimed", next: { failures: FAILURE_LIMITS.account + 1 } });
    const nextWindow = claimAttempt("account", state, new Date(now.getTime() + THROTTLE_WINDOW_MS + 1));
    expect(nextWindow).toMatchObject({ kind: "claimed", next: { failures: 1, lockedUntil: null } });
  });

  it("takes back an attempt, and the lock only it had set", () => {
    const windowStart = new Date(0);
    const lockedUntil = new Date(30_000);
    expect(releaseAttempt("address", { failures: FAILURE_LIMITS.address, windowStart, lockedUntil })).toEqual({
      failures: FAILURE_LIMITS.address - 1,
      windowStart,
      lockedUntil: null,
    });
    expect(releaseAttempt("address", { failures: FAILURE_LIMITS.address + 1, windowStart, lockedUntil })).toEqual({
      failures: FAILURE_LIMITS.address,
      windowStart,
      lockedUntil,
    });
  });
});
