/** Methods that change nothing; every other method must come from the app's own pages or from a non-browser client. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

function extraOrigins(): string[] {
  return (process.env.LOOPSCOPE_ALLOWED_ORIGINS ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
}

function ownHost(headers: Headers, url: string): string {
  // Next's own server-action check trusts the same header order.
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || headers.get("host") || new URL(url).host;
}

/**
 * Why a state-changing request must be refused as cross-site, or null when it may go on.
 * Browsers send `Origin` (and `Sec-Fetch-Site`) on every POST/PUT/DELETE, so a foreign page
 * cannot hide where it comes from; a request with neither comes from a non-browser client
 * (the CLI, curl), which carries no victim's cookie and is left alone.
 */
export function crossOriginReason(headers: Headers, url: string): string | null {
  const origin = headers.get("origin");
  if (origin !== null) {
    if (extraOrigins().includes(origin)) return null;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return `the request's Origin "${origin.slice(0, 100)}" is not this site`;
    }
    if (origin === "null" || originHost !== ownHost(headers, url))
      return `the request comes from another site (Origin ${origin.slice(0, 100)})`;
    return null;
  }
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none")
    return `the request comes from another site (Sec-Fetch-Site: ${site.slice(0, 40)})`;
  return null;
}
