import { crossOriginReason, isStateChanging } from "./auth/same-origin";

export interface Refusal {
  status: 400 | 403;
  error: string;
}

/**
 * What the proxy refuses before a page or server action runs (API routes check the same in
 * route()): a NUL anywhere in the URL, a cross-site state-changing request (Next would answer
 * a foreign server-action form with a 500), and an API token on a server action.
 */
export function refusalOf(method: string, url: string, headers: Headers): Refusal | null {
  if (/%00/i.test(url)) return { status: 400, error: "url: must not contain the NUL character (%00)" };
  if (!isStateChanging(method)) return null;
  const reason = crossOriginReason(headers, url);
  if (reason) return { status: 403, error: `${reason}; state-changing requests must come from this site` };
  if (/^Bearer\s/i.test(headers.get("authorization") ?? ""))
    return {
      status: 403,
      error: "API tokens work only on /api routes; forms and server actions need a signed-in session",
    };
  return null;
}
