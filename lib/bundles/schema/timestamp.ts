import { z } from "zod";

// Real UTC offsets lie within -12:00..+14:00; PostgreSQL refuses larger ones at insert time,
// so they are caught here, where the issue can still name its path.
const MAX_OFFSET_MINUTES = 14 * 60;

function offsetMinutes(value: string): number {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(value);
  if (!match) return 0;
  return Number(match[2]) * 60 + Number(match[3]);
}

/** An ISO 8601 instant with a UTC offset that PostgreSQL's timestamptz can store. */
export const StorableTimestamp = z.iso
  .datetime({ offset: true })
  // PostgreSQL has no year 0; every other 4-digit ISO year with an offset is storable.
  .refine((value) => !value.startsWith("0000"), "year 0000 does not exist")
  .refine((value) => offsetMinutes(value) <= MAX_OFFSET_MINUTES, "the UTC offset must lie within -14:00 and +14:00");

/**
 * Whether `value` passes StorableTimestamp. Text that cannot end in a UTC offset (or Z) is refused before the schema
 * runs: tau2 writes local times without one on every message, and a failed zod parse builds its issues each time.
 */
export function isStorableTimestamp(value: string): boolean {
  return /(?:[Zz]|[+-]\d\d(?::?\d\d)?)$/.test(value) && StorableTimestamp.safeParse(value).success;
}
