import { LOCAL_ACTOR, type Actor } from "./roles";

/** With LOOPSCOPE_AUTH=required every request needs a session or token; otherwise the local admin acts. */
export function authRequired(): boolean {
  return process.env.LOOPSCOPE_AUTH === "required";
}

/**
 * Who is making the request. Sessions and API tokens are resolved by the accounts module;
 * without required auth, requests without credentials act as the local admin.
 */
export async function resolveActor(headers: Headers): Promise<Actor | null> {
  const { actorFromCredentials } = await import("./credentials");
  const fromCredentials = await actorFromCredentials(headers);
  if (fromCredentials) return fromCredentials;
  return authRequired() ? null : LOCAL_ACTOR;
}
