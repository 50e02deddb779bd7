import { listTrajectoryEvents } from "@/lib/db/events";
import {
  listAssignedItems,
  listStudyItemsWithJudge,
  findItemForAnnotator,
  findBlindTrajectory,
  markItemOpened,
  type StudyItemRow,
} from "@/lib/db/study-items";
import {
  listItemLabelsVisibleTo,
  listOwnLabels,
  listStudyLabels,
  saveOwnLabels,
  StaleLabelError,
  type StudyLabelRow,
} from "@/lib/db/study-labels";
import { findTaskDetail, type TaskDetail } from "@/lib/db/tasks";
import { findTrajectoryDetail } from "@/lib/db/trajectories";
import type { StoredEvent } from "@/lib/contracts/event";
import { blindStudyItem, shuffleForAnnotator } from "@/lib/presenters/blind-study-item";
import { categoricalDimensions, ERROR_TAGS_KEY, ErrorTagsSchema } from "@/lib/presenters/study-rubric";
import { AppError } from "../app-error";
import { allows, type Actor } from "../auth/roles";
import { annotatorKeyOf, isStudyAnnotator, loadStudyFor, type Study } from "./load-study";
import { SaveLabelsSchema, type SaveLabels } from "./study-schemas";

export interface QueueEntry {
  item: StudyItemRow;
  /** Categorical dimensions this annotator has labelled on the item. */
  labelled: number;
  done: boolean;
}

export interface AnnotatorQueue {
  study: Study;
  entries: QueueEntry[];
  done: number;
  /** The first item not done, in order; null when all are. */
  nextItemId: string | null;
}

/**
 * An annotator's items as they may see them: in a blind study shuffled by their recorded seed and
 * without run ids or names; otherwise in study order.
 */
async function visibleQueue(study: Study, userId: string): Promise<StudyItemRow[]> {
  const items = await listAssignedItems({ studyId: study.id, userId });
  if (!study.blind) return items;
  const seed = study.annotators.find((a) => a.userId === userId)?.orderSeed ?? 0;
  return shuffleForAnnotator(items, seed).map(blindStudyItem);
}

function requireAnnotator(actor: Actor, study: Study): string {
  const key = annotatorKeyOf(actor);
  if (!key || !isStudyAnnotator(study, actor))
    throw new AppError("forbidden", "you are not an annotator of this study");
  return key;
}

export async function getAnnotatorQueue(actor: Actor, studyId: string): Promise<AnnotatorQueue> {
  const study = await loadStudyFor(actor, studyId);
  const userId = requireAnnotator(actor, study);
  const [items, own] = await Promise.all([visibleQueue(study, userId), listOwnLabels({ studyId, userId })]);
  const needed = new Set(categoricalDimensions(study.rubric).map((d) => d.key));
  const entries = items.map((item) => {
    const labelled = own.filter((label) => label.itemId === item.id && needed.has(label.dimension)).length;
    return { item, labelled, done: labelled >= needed.size };
  });
  return {
    study,
    entries,
    done: entries.filter((e) => e.done).length,
    nextItemId: entries.find((e) => !e.done)?.item.id ?? null,
  };
}

export interface AnnotationItemView {
  study: Study;
  /** An admin who is not an annotator of the study (the local admin of an open installation): sees, cannot label. */
  readOnly: boolean;
  item: StudyItemRow;
  queue: { ids: string[]; index: number };
  ownLabels: StudyLabelRow[];
  /** Peers' labels; always empty in blind mode (filtered in lib/db). */
  peerLabels: StudyLabelRow[];
  /** Judge labels frozen on the item; null in blind mode. */
  judge: Record<string, string | null> | null;
  trajectory: {
    events: StoredEvent[];
    task: TaskDetail;
    turnLabels: unknown;
    finalReply: string | null;
    finalReplyInferred: boolean;
  } | null;
}

function judgeRecord(value: unknown): Record<string, string | null> | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  return Object.fromEntries(
    Object.entries(value).map(([key, label]) => [key, typeof label === "string" ? label : null]),
  );
}

async function loadTrajectory(trajectoryId: string | null, blind: boolean): Promise<AnnotationItemView["trajectory"]> {
  if (!trajectoryId) return null;
  const detail = blind ? await findBlindTrajectory({ trajectoryId }) : await findTrajectoryDetail({ trajectoryId });
  const [events, task] = detail
    ? await Promise.all([
        listTrajectoryEvents({ runId: detail.runId, trajectoryId }),
        findTaskDetail({ taskId: detail.taskId }),
      ])
    : [[], null];
  if (!detail || !task) return null;
  return {
    events,
    task,
    turnLabels: "judgeTurnLabels" in detail ? detail.judgeTurnLabels : null,
    finalReply: detail.finalReply,
    finalReplyInferred: detail.finalReplyInferred,
  };
}

/**
 * An item as a study's admin sees it without being one of its annotators (the local admin has no account, so it
 * can never be one): every item in study order, everyone's labels and the judge's, nothing to save. Admins see all
 * of a study in its report and exports anyway, so nothing is revealed here that they could not read there.
 */
async function getItemForAdmin(study: Study, itemId: string): Promise<AnnotationItemView | null> {
  const items = await listStudyItemsWithJudge({ studyId: study.id });
  const found = items.find((item) => item.id === itemId);
  if (!found) return null;
  const { judge, assignments: _assignments, ...item } = found;
  const labels = (await listStudyLabels({ studyId: study.id })).filter((label) => label.itemId === itemId);
  const ids = items.map((entry) => entry.id);
  return {
    study,
    readOnly: true,
    item,
    queue: { ids, index: ids.indexOf(itemId) },
    ownLabels: [],
    peerLabels: labels,
    judge: judgeRecord(judge),
    trajectory: await loadTrajectory(item.trajectoryId, false),
  };
}

/**
 * One item for its annotator: the trajectory (judge-free when blind), their labels, their queue. A study's
 * admin who is not its annotator gets the read-only view instead of a 403.
 */
export async function getAnnotationItem(
  actor: Actor,
  studyId: string,
  itemId: string,
): Promise<AnnotationItemView | null> {
  const study = await loadStudyFor(actor, studyId);
  if (!isStudyAnnotator(study, actor) && allows(actor, "admin")) return getItemForAdmin(study, itemId);
  const userId = requireAnnotator(actor, study);
  const found = await findItemForAnnotator({ studyId, itemId, userId });
  if (!found) return null;
  // The start of the per-item time shown to admins; only while labels can still be saved.
  if (study.status === "open") await markItemOpened({ itemId, userId, now: new Date() });
  const [labels, queue] = await Promise.all([
    listItemLabelsVisibleTo({ studyId, itemId, userId }),
    visibleQueue(study, userId),
  ]);
  const trajectory = await loadTrajectory(found.item.trajectoryId, found.blind);
  const ids = queue.map((entry) => entry.id);
  return {
    study,
    readOnly: false,
    item: found.blind ? blindStudyItem(found.item) : found.item,
    queue: { ids, index: ids.indexOf(itemId) },
    ownLabels: labels.filter((label) => label.annotatorKey === userId),
    peerLabels: labels.filter((label) => label.annotatorKey !== userId),
    judge: judgeRecord(found.judge),
    trajectory,
  };
}

function checkValue(study: Study, dimension: string, value: string): void {
  if (dimension === ERROR_TAGS_KEY) {
    if (!study.rubric.errorTags) throw new AppError("unprocessable", "this rubric has no error tags");
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new AppError("unprocessable", "error tags must be a JSON array");
    }
    if (!ErrorTagsSchema.safeParse(parsed).success)
      throw new AppError(
        "unprocessable",
        "error tags need turn, source (agent/user/tool) and severity (minor/major/critical)",
      );
    return;
  }
  const spec = study.rubric.dimensions.find((d) => d.key === dimension);
  if (!spec) throw new AppError("unprocessable", `unknown dimension ${dimension}`);
  if (spec.kind === "categorical" && !spec.options.some((option) => option.value === value))
    throw new AppError("unprocessable", `${value} is not an option of ${dimension}`);
}

/** Saves the caller's own labels on an item they are assigned; stale versions give 409 with nothing written. */
export async function saveLabels(
  actor: Actor,
  studyId: string,
  itemId: string,
  raw: SaveLabels,
): Promise<StudyLabelRow[]> {
  const input = SaveLabelsSchema.parse(raw);
  const study = await loadStudyFor(actor, studyId);
  const userId = requireAnnotator(actor, study);
  if (study.status !== "open") throw new AppError("conflict", "the study is closed; labels can no longer change");
  if (!(await findItemForAnnotator({ studyId, itemId, userId })))
    throw new AppError("not_found", "no such item in your queue");
  for (const label of input.labels) checkValue(study, label.dimension, label.value);
  try {
    return await saveOwnLabels({
      studyId,
      itemId,
      annotator: { id: userId, name: actor.name },
      writes: input.labels,
      now: new Date(),
    });
  } catch (error) {
    if (error instanceof StaleLabelError)
      throw new AppError("conflict", error.message, { staleDimensions: error.dimensions });
    throw error;
  }
}
