import { actorFromCredentials } from "./credentials";
import { LOCAL_ACTOR, type Actor } from "./roles";
import { SESSION_COOKIE } from "./secrets";

/** With LOOPSCOPE_AUTH=required every request needs a session or token; otherwise the local admin acts. */
export function authRequired(): boolean {
  return process.env.LOOPSCOPE_AUTH === "required";
}

/**
 * Who is making the request: the user behind a valid session or API token; without
 * required auth, a request with no credentials acts as the local admin. A wrong or revoked
 * token is refused in both modes, so a script learns its token is bad.
 */
export async function resolveActor(headers: Headers): Promise<Actor | null> {
  const sendsToken = headers.has("authorization");
  const sendsSession = (headers.get("cookie") ?? "").includes(`${SESSION_COOKIE}=`);
  if (sendsToken || sendsSession) {
    const actor = await actorFromCredentials(headers);
    if (actor) return actor;
    if (sendsToken || authRequired()) return null;
  }
  return authRequired() ? null : LOCAL_ACTOR;
}
