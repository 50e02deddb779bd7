import { db } from "./client";

export interface ThrottleRow {
  failures: number;
  windowStart: Date;
  lockedUntil: Date | null;
}

/**
 * Reads the row of `key` locked FOR UPDATE (null when there is none), and writes what `change` returns as its
 * `next` state, in one short transaction: concurrent attempts on several servers take turns on the row, so each
 * sees the count the one before wrote. The lock is held only for this read and write, never while a password is
 * checked.
 */
export async function changeThrottleRow<T>(
  key: string,
  change: (row: ThrottleRow | null) => { next: ThrottleRow | null; result: T },
): Promise<T> {
  return db().$transaction(async (tx) => {
    // A first attempt creates the row (an empty, long-expired window), so that a concurrent first attempt waits on
    // it instead of racing the insert.
    await tx.$executeRaw`
      INSERT INTO "SignInThrottle" ("key", "failures", "windowStart") VALUES (${key}, 0, ${new Date(0)})
      ON CONFLICT ("key") DO NOTHING`;
    const rows = await tx.$queryRaw<ThrottleRow[]>`
      SELECT "failures", "windowStart", "lockedUntil" FROM "SignInThrottle" WHERE "key" = ${key} FOR UPDATE`;
    const { next, result } = change(rows[0] ?? null);
    if (next)
      await tx.signInThrottle.update({
        where: { key },
        data: { failures: next.failures, windowStart: next.windowStart, lockedUntil: next.lockedUntil },
      });
    return result;
  });
}

export async function clearKey({ key }: { key: string }): Promise<void> {
  await db().signInThrottle.deleteMany({ where: { key } });
}
