import { recordAudit } from "@/lib/db/accounts";
import { setStudyStatus } from "@/lib/db/studies";
import { findStudyItem } from "@/lib/db/study-items";
import { upsertAdjudication } from "@/lib/db/study-labels";
import { AppError } from "../app-error";
import type { Actor } from "../auth/roles";
import { loadStudyFor } from "./load-study";
import { AdjudicationSchema } from "./study-schemas";

export async function setStudyOpen(actor: Actor, studyId: string, open: boolean): Promise<void> {
  await loadStudyFor(actor, studyId);
  await setStudyStatus({ studyId, status: open ? "open" : "closed", now: new Date() });
  await recordAudit({
    actorId: actor.userId,
    actorName: actor.name,
    action: open ? "reopen_study" : "close_study",
    target: studyId,
  });
}

/** An admin's final label for a disputed item and dimension; replaces an earlier adjudication. */
export async function adjudicate(actor: Actor, studyId: string, raw: unknown): Promise<void> {
  const input = AdjudicationSchema.parse(raw);
  const study = await loadStudyFor(actor, studyId);
  const dimension = study.rubric.dimensions.find((d) => d.key === input.dimension);
  if (!dimension || dimension.kind !== "categorical")
    throw new AppError("unprocessable", `unknown dimension ${input.dimension}`);
  if (!dimension.options.some((o) => o.value === input.value))
    throw new AppError("unprocessable", `${input.value} is not an option of ${input.dimension}`);
  if (!(await findStudyItem({ studyId, itemId: input.itemId }))) throw new AppError("not_found", "no such item");
  await upsertAdjudication({ ...input, adjudicatorId: actor.userId, adjudicator: actor.name, now: new Date() });
}
