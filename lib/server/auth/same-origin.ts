import { env } from "@/lib/env";
import { requestOrigin } from "./trusted-proxies";

/** Methods that change nothing; every other method must come from the app's own pages or from a non-browser client. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

function extraOrigins(): string[] {
  return env().LOOPSCOPE_ALLOWED_ORIGINS;
}

/**
 * Why a state-changing request must be refused as cross-site, or null when it may go on.
 * Browsers send `Origin` (and `Sec-Fetch-Site`) on every POST/PUT/DELETE, so a foreign page
 * cannot hide where it comes from; a request with neither comes from a non-browser client
 * (the CLI, curl), which carries no victim's cookie and is left alone. The Origin must match
 * this site's scheme, host and port (`http://` to an `https://` site is another origin).
 */
export function crossOriginReason(headers: Headers, url: string): string | null {
  const origin = headers.get("origin");
  if (origin !== null) {
    if (extraOrigins().includes(origin)) return null;
    let sent: string;
    try {
      sent = new URL(origin).origin;
    } catch {
      return `the request's Origin "${origin.slice(0, 100)}" is not this site`;
    }
    if (origin === "null" || sent === "null" || sent !== requestOrigin(headers, url))
      return `the request comes from another site (Origin ${origin.slice(0, 100)})`;
    return null;
  }
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none")
    return `the request comes from another site (Sec-Fetch-Site: ${site.slice(0, 40)})`;
  return null;
}
