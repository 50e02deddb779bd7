import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { resolveSessionActor } from "./resolve-actor";
import { allows, type Access, type Actor } from "./roles";
import { blindRefusal } from "./blind-scope";

/** Server components call this first: who is looking (a session, never an API token), and may they (default: read)? */
export async function requirePageAccess(access: Access = "read"): Promise<Actor> {
  const requestHeaders = await headers();
  const actor = await resolveSessionActor(requestHeaders);
  if (!actor) redirect("/signin");
  if (!allows(actor, access)) forbidden();
  return actor;
}

/** Pages of per-run detail (run, trajectory, comparisons): also shut while the viewer annotates an open blind study. */
export async function requireRunDetailAccess(): Promise<Actor> {
  const actor = await requirePageAccess("read");
  if (await blindRefusal(actor)) forbidden();
  return actor;
}
