import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { recordAudit } from "@/lib/db/accounts";
import { isUniqueViolation } from "@/lib/db/errors";
import { LOCAL_ADMIN_ANNOTATOR } from "@/lib/contracts/local-annotator";
import {
  AnnotatorEmailTakenError,
  countExistingRuns,
  insertStudy,
  listAssignableUsers,
  listRunIdsOfSuite,
  listStudyCandidates,
} from "@/lib/db/studies";
import { PASS_FAIL_KEY } from "@/lib/presenters/study-pass-fail";
import { judgeLabelsOf, type Rubric } from "@/lib/presenters/study-rubric";
import { AppError } from "../app-error";
import { passwordWeakness } from "../auth/password-rules";
import { hashPassword } from "../auth/passwords";
import { authRequired } from "../auth/resolve-actor";
import type { Actor } from "../auth/roles";
import { frozenRunVerdicts } from "./freeze-run-judges";
import { assignAnnotators, sampleItems } from "./sample-items";
import { NewStudySchema, type NewStudyInput } from "./study-schemas";

/** An account created with the study; its password is returned once and stored only as a hash. */
export interface CreatedAnnotator {
  name: string;
  email: string;
  password: string;
}

/** 18 random bytes: 24 characters that the password rules (length, common words, walks) never refuse. */
function generatePassword(): string {
  for (;;) {
    const password = randomBytes(18).toString("base64url");
    if (!passwordWeakness(password)) return password;
  }
}

/** Frozen judge labels in rubric terms: only dimensions tied to a judge field get one. */
function judgeForRubric(rubric: Rubric, labels: ReturnType<typeof judgeLabelsOf>): Record<string, string | null> {
  const judge: Record<string, string | null> = {};
  for (const dimension of rubric.dimensions)
    if (dimension.kind === "categorical" && dimension.judge) judge[dimension.key] = labels[dimension.judge];
  return judge;
}

/**
 * Samples the items, freezes what identifies them, the bundle judge's labels and every run judge's pass / fail
 * verdict (with the benchmark's outcome), creates the inline annotators' accounts and assigns annotators, in one
 * transaction.
 */
export async function createStudy(
  actor: Actor,
  raw: NewStudyInput,
): Promise<{ id: string; items: number; accounts: CreatedAnnotator[] }> {
  const input = NewStudySchema.parse(raw);
  const runIds = input.source.suiteId
    ? await listRunIdsOfSuite({ suiteId: input.source.suiteId })
    : input.source.runIds;
  if (runIds.length === 0) throw new AppError("unprocessable", "the suite has no runs");
  if (!input.source.suiteId && (await countExistingRuns({ runIds })) !== new Set(runIds).size)
    throw new AppError("unprocessable", "some selected runs do not exist");
  const users = new Map((await listAssignableUsers()).map((user) => [user.id, user]));
  // Open mode: the local admin has no account, and annotates under a fixed key.
  if (!authRequired()) users.set(LOCAL_ADMIN_ANNOTATOR.id, { ...LOCAL_ADMIN_ANNOTATOR, email: "", role: "admin" });
  const created = await Promise.all(
    input.newAnnotators.map(async (person) => {
      const password = generatePassword();
      return { id: randomUUID(), name: person.name, email: person.email.toLowerCase(), password };
    }),
  );
  if (new Set(created.map((person) => person.email)).size !== created.length)
    throw new AppError("unprocessable", "two new annotators have the same email");
  for (const person of created) users.set(person.id, { ...person, role: "annotator" });
  const annotators = [...new Set([...input.annotatorIds, ...created.map((person) => person.id)])].map((id) => {
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
  const verdicts = await frozenRunVerdicts(sampled.map(({ candidate }) => candidate.id));
  const accounts = await Promise.all(
    created.map(async (person) => ({
      id: person.id,
      email: person.email,
      name: person.name,
      passwordHash: await hashPassword(person.password),
    })),
  );
  const study = await insertStudy({
    accounts,
    verdictDimension: PASS_FAIL_KEY,
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
      verdicts: verdicts.get(candidate.id) ?? [],
    })),
  }).catch((error: unknown) => {
    if (error instanceof AnnotatorEmailTakenError) throw new AppError("conflict", error.message);
    if (isUniqueViolation(error)) throw new AppError("conflict", "a new annotator's email is already taken");
    throw error;
  });
  await recordAudit({
    actorId: actor.userId,
    actorName: actor.name,
    action: "create_study",
    target: study.id,
    details: { name: input.name, items: sampled.length, newAnnotators: created.map((person) => person.email) },
  });
  return {
    id: study.id,
    items: sampled.length,
    accounts: created.map(({ name, email, password }) => ({ name, email, password })),
  };
}
