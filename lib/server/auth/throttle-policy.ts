/** Sign-in throttling rules (docs/security.md): pure, so the numbers are tested without a database. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
const BASE_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;

/** Failures allowed in a window before each further one locks: one account is guessed at, one address may mistype several accounts. */
export const FAILURE_LIMITS = { account: 5, address: 20 } as const;

export type ThrottleKind = keyof typeof FAILURE_LIMITS;

export function throttleKey(kind: ThrottleKind, value: string): string {
  return `${kind}:${value.toLowerCase()}`;
}

/** How long to lock after `failures` in the window: nothing up to the limit, then 30 s doubling per failure, at most 15 min. */
export function lockDurationMs(kind: ThrottleKind, failures: number): number {
  const over = failures - FAILURE_LIMITS[kind];
  if (over < 0) return 0;
  return Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** Math.min(over, 10));
}

export function retryAfterSeconds(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
}

/** One throttle row: failures counted in the window that started at `windowStart`, and the lock they set. */
export interface ThrottleState {
  failures: number;
  windowStart: Date;
  lockedUntil: Date | null;
}

export type AttemptClaim = { kind: "claimed"; next: ThrottleState } | { kind: "locked"; lockedUntil: Date };

/**
 * An attempt is counted as a failure before its password is checked (the row is locked meanwhile), so that
 * parallel attempts cannot all pass a check made before any of them failed: the attempt that reaches the limit
 * sets the lock, and every later one is refused unchecked. A right password then takes its count back.
 */
export function claimAttempt(kind: ThrottleKind, state: ThrottleState | null, now: Date): AttemptClaim {
  if (state?.lockedUntil && state.lockedUntil > now) return { kind: "locked", lockedUntil: state.lockedUntil };
  const fresh = !state || state.windowStart.getTime() < now.getTime() - THROTTLE_WINDOW_MS;
  const failures = fresh ? 1 : state.failures + 1;
  const lockMs = lockDurationMs(kind, failures);
  return {
    kind: "claimed",
    next: {
      failures,
      windowStart: fresh ? now : state.windowStart,
      lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null,
    },
  };
}

/** Takes back one claimed attempt that was not a wrong password; a lock it alone set goes with it. */
export function releaseAttempt(kind: ThrottleKind, state: ThrottleState): ThrottleState {
  const failures = Math.max(0, state.failures - 1);
  return { ...state, failures, lockedUntil: lockDurationMs(kind, failures) > 0 ? state.lockedUntil : null };
}
