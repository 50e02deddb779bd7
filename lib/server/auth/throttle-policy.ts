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
