import { env } from "@/lib/env";
import { actorFromCredentials, actorFromSession } from "./credentials";
import { LOCAL_ACTOR, type Actor } from "./roles";
import { SESSION_COOKIE, readCookie } from "./secrets";

/** With LOOPSCOPE_AUTH=required every request needs a session or token; otherwise the local admin acts. */
export function authRequired(): boolean {
  return env().LOOPSCOPE_AUTH === "required";
}

function sendsSession(headers: Headers): boolean {
  return readCookie(headers.get("cookie"), SESSION_COOKIE) !== null;
}

/**
 * Who is making an API request: the user behind a valid session or API token; without
 * required auth, a request with no credentials acts as the local admin. A wrong or revoked
 * token is refused in both modes, so a script learns its token is bad.
 */
export async function resolveActor(headers: Headers): Promise<Actor | null> {
  const sendsToken = headers.has("authorization");
  if (sendsToken || sendsSession(headers)) {
    const actor = await actorFromCredentials(headers);
    if (actor) return actor;
    if (sendsToken || authRequired()) return null;
  }
  return authRequired() ? null : LOCAL_ACTOR;
}

/**
 * Who is acting on a page or through a server action: only a session cookie (or, without
 * required auth, the local admin). API tokens act only through the /api routes their scope
 * allows, so a read token can never reach an action that mints tokens or changes passwords.
 */
export async function resolveSessionActor(headers: Headers): Promise<Actor | null> {
  if (sendsSession(headers)) {
    const actor = await actorFromSession(headers);
    if (actor) return actor;
    if (authRequired()) return null;
  }
  return authRequired() ? null : LOCAL_ACTOR;
}
