/**
 * Which failures of an ingest the input caused (the same bytes fail the same way on every attempt: answered at once as
 * a 422) and which the machine caused (a lost connection, a server shutting down: retried by the queue).
 */

// SQLSTATE classes the data causes: 22 data exception (bad jsonb text, out-of-range numbers, NUL bytes), 54 program
// limit exceeded (too many columns, a statement or value too large). Others (08 connection, 40 rollback, 53 resources,
// 57 operator intervention) are infrastructure.
const DATA_SQLSTATE = /^(22|54)[0-9A-Z]{3}$/;

// Messages of data errors that reach us without a SQLSTATE: Prisma's own JSON encoder, zlib, V8 limits hit by one
// value, the TextDecoder of a declared encoding.
const DATA_MESSAGES = [
  /lone (leading|trailing) surrogate/i,
  // Prisma's JSON encoder on a broken escape in a stored value (found by `npm run fuzz:upload`).
  /JSON Error: /,
  /unsupported Unicode escape sequence/i,
  /invalid input syntax for type json/i,
  /invalid byte sequence for encoding/i,
  /Invalid string length/i,
  /Invalid array length/i,
  /Maximum call stack size exceeded/i,
  /incorrect header check|invalid (block type|distance|stored block|code lengths)|unexpected end of file/i,
  /The encoded data was not valid/i,
];

const DATA_ERROR_NAMES = new Set(["SyntaxError", "RangeError"]);
const ZLIB_DATA_CODES = new Set(["Z_DATA_ERROR", "Z_BUF_ERROR", "ERR_ENCODING_INVALID_ENCODED_DATA"]);

function sqlStateOf(error: object): string | undefined {
  // node-postgres puts it on `code`; Prisma's driver adapter on meta.driverAdapterError.cause.originalCode, and a raw
  // query's P2010 on meta.code.
  const candidates: unknown[] = [];
  if ("code" in error) candidates.push(error.code);
  if ("originalCode" in error) candidates.push(error.originalCode);
  if ("meta" in error && typeof error.meta === "object" && error.meta !== null) {
    const meta = error.meta as Record<string, unknown>;
    candidates.push(meta.code);
    const adapter = meta.driverAdapterError as { cause?: { originalCode?: unknown } } | undefined;
    candidates.push(adapter?.cause?.originalCode);
  }
  // Prisma's own codes (P1000-P6999) have the same shape as a SQLSTATE; PL/pgSQL's P0001 is a real one.
  return candidates.find(
    (code): code is string => typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && !/^P[1-9]/.test(code),
  );
}

/** The error and its causes, outermost first (at most a few levels: a cycle of causes ends the walk). */
function chain(error: unknown): unknown[] {
  const seen: unknown[] = [];
  let current = error;
  while (current !== undefined && current !== null && seen.length < 8 && !seen.includes(current)) {
    seen.push(current);
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return seen;
}

export function isDataError(error: unknown): boolean {
  return chain(error).some((link) => {
    if (typeof link !== "object" || link === null) return false;
    const state = sqlStateOf(link);
    if (state) return DATA_SQLSTATE.test(state);
    if ("code" in link && typeof link.code === "string" && ZLIB_DATA_CODES.has(link.code)) return true;
    const name = link instanceof Error ? link.name : "";
    const message = link instanceof Error ? link.message : "";
    return DATA_ERROR_NAMES.has(name) || DATA_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/**
 * Text PostgreSQL and Prisma store: NUL and lone surrogates (which the error of a hostile string may quote) become
 * U+FFFD, and an overlong message is cut, so recording the failure cannot fail too.
 */
export function storableText(text: string, maxLength = 2_000): string {
  const cleaned = text.replace(
    // eslint-disable-next-line no-control-regex -- NUL is exactly what PostgreSQL cannot store
    /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    "\ufffd",
  );
  if (cleaned.length <= maxLength) return cleaned;
  // Never cut a surrogate pair in half.
  const cut = /[\ud800-\udbff]/.test(cleaned[maxLength - 1] ?? "") ? maxLength - 1 : maxLength;
  return `${cleaned.slice(0, cut)}…`;
}

export function errorMessage(error: unknown): string {
  return storableText(error instanceof Error ? error.message : String(error));
}

/** Where the ingest was when it failed, from its last progress: the trajectory it was on (1-based). */
export function atTrajectory(trajectoriesDone: number): string {
  return `at trajectory ${(trajectoriesDone + 1).toLocaleString("en-US")}`;
}
