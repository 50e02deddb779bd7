import { resolveSessionActor } from "./auth/resolve-actor";
import { allows, type Access, type Actor } from "./auth/roles";
import { crossOriginReason } from "./auth/same-origin";
import { readBearer } from "./auth/secrets";
import type { ActionState } from "./action-state";

/**
 * Who may run a server action, from the request headers: a same-site request (CSRF) with a
 * session cookie, never an API token. Returns the actor or the form's refusal.
 */
export async function authorizeAction(
  headers: Headers,
  access: Access,
): Promise<{ actor: Actor } | { refused: ActionState }> {
  const crossSite = refuseCrossSiteHeaders(headers);
  if (crossSite) return { refused: crossSite };
  // Only a bearer token: a reverse proxy's Basic auth reaches every request and is no API token.
  if (readBearer(headers.get("authorization")) !== null)
    return { refused: { ok: false, message: "API tokens work only on /api routes; sign in to use this form" } };
  const actor = await resolveSessionActor(headers);
  if (!actor) return { refused: { ok: false, message: "sign in first" } };
  if (!allows(actor, access))
    return { refused: { ok: false, message: `your role (${actor.role}) does not allow this` } };
  return { actor };
}

/** Server actions are always POSTs: a foreign page's form must not act with the visitor's cookie. */
export function refuseCrossSiteHeaders(headers: Headers): ActionState | null {
  const reason = crossOriginReason(headers, "http://localhost/");
  return reason ? { ok: false, message: `${reason}; refused` } : null;
}
