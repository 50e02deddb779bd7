import { parseCookie } from "cookie";
import { createHash, randomBytes } from "node:crypto";

export const SESSION_COOKIE = "loopscope_session";
export const SESSION_DAYS = 30;
export const TOKEN_PREFIX = "lsk_";

export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this digest is stored: the database never holds a usable session or token. */
export function digest(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function newApiToken(): { token: string; prefix: string; hash: string } {
  const token = `${TOKEN_PREFIX}${newSecret()}`;
  return { token, prefix: token.slice(0, TOKEN_PREFIX.length + 6), hash: digest(token) };
}

/** A malformed percent-escape (`%E0%A4%A`) makes the cookie absent, not a 500. */
function decodeCookieValue(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * One cookie from a Cookie header. `cookie` splits the header but does not decode: its default decoder keeps a
 * malformed escape as raw text, and ours drops the cookie instead (the first cookie of a name wins, as browsers send).
 */
export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  const raw = parseCookie(cookieHeader, { decode: (value) => value })[name];
  return raw === undefined ? null : decodeCookieValue(raw);
}

export function readBearer(authorization: string | null): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  return match?.[1] ?? null;
}
