import type { Actor } from "./roles";

/** Sessions and API tokens arrive with the accounts module; until then no credential is recognised. */
export async function actorFromCredentials(_headers: Headers): Promise<Actor | null> {
  return null;
}
