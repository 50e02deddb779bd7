import { LOCAL_ADMIN_ANNOTATOR } from "@/lib/contracts/local-annotator";
import { findStudy, type StudyRow } from "@/lib/db/studies";
import { RubricSchema, type Rubric } from "@/lib/presenters/study-rubric";
import { AppError } from "../app-error";
import { blindRefusal } from "../auth/blind-scope";
import { allows, type Actor } from "../auth/roles";
import { SamplingSchema, SourceSchema } from "./study-schemas";
import type { Sampling } from "./sample-items";

export interface Study extends Omit<StudyRow, "rubric" | "sampling" | "source" | "_count"> {
  rubric: Rubric;
  sampling: Sampling;
  source: { runIds: string[]; suiteId: string | null };
  itemCount: number;
}

export function toStudy(row: StudyRow): Study {
  const { rubric, sampling, source, _count, ...rest } = row;
  return {
    ...rest,
    rubric: RubricSchema.parse(rubric),
    sampling: SamplingSchema.parse(sampling),
    source: SourceSchema.parse(source),
    itemCount: _count.items,
  };
}

/** Who the actor is among a study's annotators: their user id, or the local admin's key in open mode. */
export function annotatorKeyOf(actor: Actor): string | null {
  if (actor.userId) return actor.userId;
  return actor.kind === "local" ? LOCAL_ADMIN_ANNOTATOR.id : null;
}

export function isStudyAnnotator(study: Study, actor: Actor): boolean {
  const key = annotatorKeyOf(actor);
  return key !== null && study.annotators.some((a) => a.userId === key);
}

/** A study its admins and its own annotators may open; others get not found (existence is not leaked). */
export async function loadStudyFor(actor: Actor, studyId: string): Promise<Study> {
  const row = await findStudy({ studyId });
  if (!row) throw new AppError("not_found", "no such study");
  const study = toStudy(row);
  if (!allows(actor, "admin") && !isStudyAnnotator(study, actor)) throw new AppError("not_found", "no such study");
  return study;
}

/**
 * Imports into a study (judge verdicts) need upload access: an admin's session, or an admin's API
 * token with the upload scope (the CLI). Anyone else is refused before the lookup.
 */
export async function loadStudyForImport(actor: Actor, studyId: string): Promise<Study> {
  if (!allows(actor, "upload"))
    throw new AppError("forbidden", "importing into a study needs an admin (upload access)");
  const row = await findStudy({ studyId });
  if (!row) throw new AppError("not_found", "no such study");
  return toStudy(row);
}

/**
 * The report and exports show everyone's labels and the judge's: admins always, any reader
 * once the study is closed (while open, annotators would see their peers and the judge).
 * A blind annotator gets no report at all (another study's export would name the runs and
 * verdicts of the same trajectories), refused before the lookup so the answer is the same for
 * every id; an open study is "not found" to anyone but its admins and annotators.
 */
export async function loadStudyForReport(actor: Actor, studyId: string): Promise<Study> {
  const blind = await blindRefusal(actor);
  if (blind) throw new AppError("forbidden", blind);
  const row = await findStudy({ studyId });
  if (!row) throw new AppError("not_found", "no such study");
  const study = toStudy(row);
  if (allows(actor, "admin") || study.status === "closed") return study;
  if (!isStudyAnnotator(study, actor)) throw new AppError("not_found", "no such study");
  throw new AppError("forbidden", "the agreement report opens to non-admins once the study is closed");
}
