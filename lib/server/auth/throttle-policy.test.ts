import { describe, expect, it } from "vitest";
import { FAILURE_LIMITS, lockDurationMs, retryAfterSeconds, throttleKey } from "./throttle-policy";

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
});
