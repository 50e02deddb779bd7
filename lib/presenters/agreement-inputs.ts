import type { Rubric } from "./study-rubric";

/** What the agreement report is built from: plain rows as lib/db returns them. */
export interface ReportItem {
  id: string;
  position: number;
  deleted: boolean;
  runId: string;
  trajectoryId: string | null;
  runName: string;
  taskExternalId: string;
  trial: number;
  /** Judge labels frozen at creation, by rubric dimension key. */
  judge: Record<string, string | null>;
}

export interface ReportLabel {
  itemId: string;
  annotatorKey: string;
  annotatorName: string;
  dimension: string;
  value: string;
}

export interface ReportAdjudication {
  itemId: string;
  dimension: string;
  value: string;
  adjudicator: string;
}

export interface ReportAnnotator {
  key: string;
  name: string;
  /** Items assigned in the app; imported annotators have none. */
  assigned: number;
}

/** A verdict of an imported judge (lib/db JudgeLabel); the frozen ReportItem.judge is the bundle judge. */
export interface ReportJudgeLabel {
  itemId: string;
  judgeKey: string;
  dimension: string;
  value: string;
}

export interface ReportJudge {
  key: string;
  /** "name version", as the report shows it. */
  name: string;
}

/** The judge whose verdicts came with the uploaded trajectories, frozen on each item at creation. */
export const BUNDLE_JUDGE: ReportJudge = { key: "bundle", name: "bundle judge" };

export interface ReportInput {
  rubric: Rubric;
  annotatorsPerItem: number;
  items: ReportItem[];
  annotators: ReportAnnotator[];
  labels: ReportLabel[];
  adjudications: ReportAdjudication[];
  /** Imported judges, in display order, and their verdicts. */
  judges?: ReportJudge[];
  judgeLabels?: ReportJudgeLabel[];
  /** Seconds from opening an item to saving a label, per label, where the app measured them. */
  timings?: ReportLabelTiming[];
  bootstrap?: { resamples: number; seed: number };
}

export interface ReportLabelTiming {
  itemId: string;
  annotatorKey: string;
  seconds: number;
}

/** `runName/taskExternalId/trial`: the reference used in exports and CSV imports. */
export function itemReference(item: Pick<ReportItem, "runName" | "taskExternalId" | "trial">): string {
  return `${item.runName}/${item.taskExternalId}/${item.trial}`;
}
