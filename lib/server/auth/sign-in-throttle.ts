import { changeThrottleRow, clearKey } from "@/lib/db/sign-in-throttle";
import { claimAttempt, releaseAttempt, retryAfterSeconds, throttleKey, type ThrottleKind } from "./throttle-policy";

export interface SignInSource {
  email: string;
  address: string;
}

function keyOf(kind: ThrottleKind, source: SignInSource): string {
  return throttleKey(kind, kind === "account" ? source.email : source.address);
}

function claim(kind: ThrottleKind, source: SignInSource, now: Date): Promise<Date | null> {
  return changeThrottleRow(keyOf(kind, source), (row) => {
    const outcome = claimAttempt(kind, row, now);
    return outcome.kind === "claimed"
      ? { next: outcome.next, result: null }
      : { next: null, result: outcome.lockedUntil };
  });
}

function release(kind: ThrottleKind, source: SignInSource): Promise<void> {
  return changeThrottleRow(keyOf(kind, source), (row) => ({
    next: row ? releaseAttempt(kind, row) : null,
    result: undefined,
  }));
}

/**
 * Counts this attempt against the account and the address before the password is checked (lib/server/auth/
 * throttle-policy.ts, claimAttempt). Returns the seconds to wait when either is locked: then the password must not
 * be checked, and nothing is counted.
 */
export async function claimSignInAttempt(source: SignInSource, now = new Date()): Promise<number | null> {
  const accountLock = await claim("account", source, now);
  if (accountLock) return retryAfterSeconds(accountLock, now);
  const addressLock = await claim("address", source, now);
  if (!addressLock) return null;
  await release("account", source);
  return retryAfterSeconds(addressLock, now);
}

/** A right password clears the account's count and takes back its attempt from the address's. */
export async function recordSignInSuccess(source: SignInSource): Promise<void> {
  await clearKey({ key: keyOf("account", source) });
  await release("address", source);
}
