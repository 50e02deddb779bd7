import { randomInt } from "node:crypto";
import { recordAudit } from "@/lib/db/accounts";
import {
  countExistingRuns,
  insertStudy,
  listAssignableUsers,
  listRunIdsOfSuite,
  listStudyCandidates,
} from "@/lib/db/studies";
import { judgeLabelsOf, type Rubric } from "@/lib/presenters/study-rubric";
import { AppError } from "../app-error";
import type { Actor } from "../auth/roles";
import { assignAnnotators, sampleItems } from "./sample-items";
import { NewStudySchema, type NewStudy } from "./study-schemas";

/** Frozen judge labels in rubric terms: only dimensions tied to a judge field get one. */
function judgeForRubric(rubric: Rubric, labels: ReturnType<typeof judgeLabelsOf>): Record<string, string | null> {
  const judge: Record<string, string | null> = {};
  for (const dimension of rubric.dimensions)
    if (dimension.kind === "categorical" && dimension.judge) judge[dimension.key] = labels[dimension.judge];
  return judge;
}

/** Samples the items, freezes what identifies them and the judge's labels, assigns annotators. */
export async function createStudy(actor: Actor, raw: NewStudy): Promise<{ id: string; items: number }> {
  const input = NewStudySchema.parse(raw);
  const runIds = input.source.suiteId
    ? await listRunIdsOfSuite({ suiteId: input.source.suiteId })
    : input.source.runIds;
  if (runIds.length === 0) throw new AppError("unprocessable", "the suite has no runs");
  if (!input.source.suiteId && (await countExistingRuns({ runIds })) !== new Set(runIds).size)
    throw new AppError("unprocessable", "some selected runs do not exist");
  const users = new Map((await listAssignableUsers()).map((user) => [user.id, user]));
  const annotators = [...new Set(input.annotatorIds)].map((id) => {
    const user = users.get(id);
    if (!user) throw new AppError("unprocessable", `annotator ${id} is not an annotator or admin`);
    // A recorded seed per annotator: a blind study shows each of them the items in their own order.
    return { userId: user.id, name: user.name, orderSeed: randomInt(1, 2 ** 31 - 1) };
  });
  if (annotators.length < input.annotatorsPerItem)
    throw new AppError("unprocessable", "assign at least as many annotators as annotators per item");
  const candidates = (await listStudyCandidates({ runIds })).map((row) => ({
    ...row,
    runName: row.run.name,
    taskExternalId: row.task.externalId,
  }));
  if (candidates.length === 0) throw new AppError("unprocessable", "the selected runs have no trajectories");
  const sampled = sampleItems(candidates, input.sampleSize, input.sampling);
  const assignments = assignAnnotators(
    sampled.length,
    annotators.map((a) => a.userId),
    input.annotatorsPerItem,
  );
  const study = await insertStudy({
    study: {
      name: input.name,
      instructions: input.instructions,
      blind: input.blind,
      annotatorsPerItem: input.annotatorsPerItem,
      sampleSize: input.sampleSize,
      source: { runIds: input.source.suiteId ? [] : runIds, suiteId: input.source.suiteId },
      sampling: input.sampling,
      rubric: input.rubric,
      createdById: actor.userId,
      createdByName: actor.name,
    },
    annotators,
    items: sampled.map(({ candidate, stratum }, index) => ({
      trajectoryId: candidate.id,
      runId: candidate.runId,
      runName: candidate.runName,
      taskExternalId: candidate.taskExternalId,
      trial: candidate.trial,
      stratum,
      judge: judgeForRubric(input.rubric, judgeLabelsOf(candidate)),
      annotatorIds: assignments[index] ?? [],
    })),
  });
  await recordAudit({
    actorId: actor.userId,
    actorName: actor.name,
    action: "create_study",
    target: study.id,
    details: { name: input.name, items: sampled.length },
  });
  return { id: study.id, items: sampled.length };
}
