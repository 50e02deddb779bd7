/** True for a PostgreSQL unique violation however Prisma and the pg adapter wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const record = current as {
      code?: unknown;
      kind?: unknown;
      originalCode?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: unknown;
    };
    if (record.code === "P2002" || record.code === "23505" || record.originalCode === "23505") return true;
    if (record.kind === "UniqueConstraintViolation") return true;
    if (typeof record.message === "string" && /unique constraint/i.test(record.message)) return true;
    const meta = record.meta as { code?: unknown; driverAdapterError?: unknown } | undefined;
    if (meta?.code === "23505") return true;
    current = meta?.driverAdapterError ?? record.cause;
  }
  return false;
}
