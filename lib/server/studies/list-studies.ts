import { listStudyRows } from "@/lib/db/studies";
import { allows, type Actor } from "../auth/roles";
import { toStudy, type Study } from "./load-study";

/** Admins see every study; annotators the ones they are assigned to. */
export async function listStudies(actor: Actor): Promise<Study[]> {
  const rows = await listStudyRows({ annotatorId: allows(actor, "admin") ? null : (actor.userId ?? "") });
  return rows.map(toStudy);
}
