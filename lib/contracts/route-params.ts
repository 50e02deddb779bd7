import { z } from "zod";

// The dynamic segments of our URLs, declared once: API routes hand them to route() and pages to pageParams(),
// so /api/runs/[id] and /runs/[id] accept exactly the same ids.

/** A database id (cuid) or a slug; the bound keeps an absurd URL from reaching a query. */
export const EntityId = z.string().min(1).max(100);

/** `[id]` of a run: /runs/[id], /api/runs/[id]/... */
export const RunParams = z.object({ id: EntityId });
export type RunParams = z.infer<typeof RunParams>;

/** `[id]/trajectories/[trajectoryId]` of one trajectory of a run. */
export const TrajectoryParams = z.object({ id: EntityId, trajectoryId: EntityId });
export type TrajectoryParams = z.infer<typeof TrajectoryParams>;

/** `[id]` of a suite: /suites/[id]/protocol. */
export const SuiteParams = z.object({ id: EntityId });
export type SuiteParams = z.infer<typeof SuiteParams>;

/** `[id]` of an annotation study. */
export const StudyParams = z.object({ id: EntityId });
export type StudyParams = z.infer<typeof StudyParams>;

/** `[id]/items/[itemId]` of one item of a study. */
export const StudyItemParams = z.object({ id: EntityId, itemId: EntityId });
export type StudyItemParams = z.infer<typeof StudyItemParams>;

/** `[id]` of an upload: a UUID (the upload row's primary key). */
export const UploadParams = z.object({ id: z.uuid() });
export type UploadParams = z.infer<typeof UploadParams>;

/** The table formats a download route serves besides JSON (`?format=`). */
export const DownloadFormat = z.enum(["json", "csv", "md", "tex"]).default("json");
export type DownloadFormat = z.infer<typeof DownloadFormat>;

/**
 * A query key that may repeat (`?tag=a=1&tag=b=2`): the list schema always gets an array, whether the key came once,
 * several times or not at all.
 */
export function repeated<List extends z.ZodType>(list: List) {
  return z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), list);
}
