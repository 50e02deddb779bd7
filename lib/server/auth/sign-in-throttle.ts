import { clearKey, countFailure, findActiveLock, lockKey } from "@/lib/db/sign-in-throttle";
import {
  THROTTLE_WINDOW_MS,
  lockDurationMs,
  retryAfterSeconds,
  throttleKey,
  type ThrottleKind,
} from "./throttle-policy";

export interface SignInSource {
  email: string;
  address: string;
}

function keysOf(source: SignInSource): [ThrottleKind, string][] {
  return [
    ["account", throttleKey("account", source.email)],
    ["address", throttleKey("address", source.address)],
  ];
}

/** Seconds until this account and address may try again, or null when neither is locked. */
export async function throttledFor(source: SignInSource, now = new Date()): Promise<number | null> {
  const lockedUntil = await findActiveLock({ keys: keysOf(source).map(([, key]) => key), now });
  return lockedUntil ? retryAfterSeconds(lockedUntil, now) : null;
}

/** Counts a wrong password against the account and the address; locks whichever passed its limit. */
export async function recordSignInFailure(source: SignInSource, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const [kind, key] of keysOf(source)) {
    const failures = await countFailure({ key, now, windowStart });
    const lockMs = lockDurationMs(kind, failures);
    if (lockMs > 0) await lockKey({ key, until: new Date(now.getTime() + lockMs) });
  }
}

/** A right password clears the account's count (the address keeps its own). */
export async function recordSignInSuccess(source: SignInSource): Promise<void> {
  await clearKey({ key: throttleKey("account", source.email) });
}

/** The caller's address: the last hop of X-Forwarded-For, which Next's server (or the nearest proxy) appends. */
export function clientAddress(headers: Headers): string {
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.at(-1) ?? headers.get("x-real-ip") ?? "unknown";
}
