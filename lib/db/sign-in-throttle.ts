import { db, type DbOrTx } from "./client";

/** The latest lock among `keys` still in force at `now`, if any. */
export async function findActiveLock(
  { keys, now }: { keys: string[]; now: Date },
  client: DbOrTx = db(),
): Promise<Date | null> {
  const row = await client.signInThrottle.findFirst({
    where: { key: { in: keys }, lockedUntil: { gt: now } },
    orderBy: { lockedUntil: "desc" },
    select: { lockedUntil: true },
  });
  return row?.lockedUntil ?? null;
}

/**
 * Counts one failure for `key` in one statement (concurrent failures on several servers all
 * count): a window older than `windowStart` starts again at 1. Returns the failures in the window.
 */
export async function countFailure(
  { key, now, windowStart }: { key: string; now: Date; windowStart: Date },
  client: DbOrTx = db(),
): Promise<number> {
  const rows = await client.$queryRaw<{ failures: number }[]>`
    INSERT INTO "SignInThrottle" ("key", "failures", "windowStart") VALUES (${key}, 1, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN "SignInThrottle"."windowStart" < ${windowStart} THEN 1 ELSE "SignInThrottle"."failures" + 1 END,
      "windowStart" = CASE WHEN "SignInThrottle"."windowStart" < ${windowStart} THEN ${now} ELSE "SignInThrottle"."windowStart" END
    RETURNING "failures"`;
  return rows[0]?.failures ?? 1;
}

export async function lockKey({ key, until }: { key: string; until: Date }, client: DbOrTx = db()): Promise<void> {
  await client.signInThrottle.updateMany({ where: { key }, data: { lockedUntil: until } });
}

export async function clearKey({ key }: { key: string }, client: DbOrTx = db()): Promise<void> {
  await client.signInThrottle.deleteMany({ where: { key } });
}
