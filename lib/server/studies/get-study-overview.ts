import { listStudyItemsWithJudge, type StudyItemWithJudgeRow } from "@/lib/db/study-items";
import { allows, type Actor } from "../auth/roles";
import { getAnnotatorQueue, type AnnotatorQueue } from "./annotate";
import { isStudyAnnotator, loadStudyFor, type Study } from "./load-study";

export interface StudyOverview {
  study: Study;
  admin: boolean;
  /** The caller's queue when they annotate this study. */
  queue: AnnotatorQueue | null;
  /** Every item with its assignments: admins only. */
  items: StudyItemWithJudgeRow[] | null;
}

export async function getStudyOverview(actor: Actor, studyId: string): Promise<StudyOverview> {
  const study = await loadStudyFor(actor, studyId);
  const admin = allows(actor, "admin");
  const [queue, items] = await Promise.all([
    isStudyAnnotator(study, actor) ? getAnnotatorQueue(actor, studyId) : Promise.resolve(null),
    admin ? listStudyItemsWithJudge({ studyId }) : Promise.resolve(null),
  ]);
  return { study, admin, queue, items };
}
