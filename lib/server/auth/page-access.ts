import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { resolveSessionActor } from "./resolve-actor";
import { allows, type Access, type Actor } from "./roles";

/** Server components call this first: who is looking (a session, never an API token), and may they (default: read)? */
export async function requirePageAccess(access: Access = "read"): Promise<Actor> {
  const requestHeaders = await headers();
  const actor = await resolveSessionActor(requestHeaders);
  if (!actor) redirect("/signin");
  if (!allows(actor, access)) forbidden();
  return actor;
}
