import { listStudyJudgeLabels } from "@/lib/db/judge-labels";
import { countAssignments, listStudyItemsWithJudge } from "@/lib/db/study-items";
import { listAdjudications, listLabelTimings, listStudyLabels, type StudyLabelRow } from "@/lib/db/study-labels";
import type { ReportInput } from "@/lib/presenters/agreement-inputs";
import { buildAgreementReport, type AgreementReport } from "@/lib/presenters/agreement-report";
import { BENCHMARK_OUTCOME_JUDGE, withPassFailDimension } from "@/lib/presenters/study-pass-fail";
import type { Actor } from "../auth/roles";
import { loadStudyForReport, type Study } from "./load-study";

export interface StudyReportData {
  study: Study;
  input: ReportInput;
  labels: StudyLabelRow[];
  report: AgreementReport;
}

function judgeRecord(value: unknown): Record<string, string | null> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).map(([key, label]) => [key, typeof label === "string" ? label : null]),
  );
}

function byNameOutcomeLast(a: { name: string }, b: { name: string }): number {
  const outcomeA = a.name === BENCHMARK_OUTCOME_JUDGE ? 1 : 0;
  const outcomeB = b.name === BENCHMARK_OUTCOME_JUDGE ? 1 : 0;
  return outcomeA - outcomeB || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** Loads everything of a study and computes its agreement report (lib/metrics via the presenter). */
export async function getStudyReport(actor: Actor, studyId: string): Promise<StudyReportData> {
  const study = await loadStudyForReport(actor, studyId);
  const [items, labels, adjudications, assigned, judgeLabels, timings] = await Promise.all([
    listStudyItemsWithJudge({ studyId }),
    listStudyLabels({ studyId }),
    listAdjudications({ studyId }),
    countAssignments({ studyId }),
    listStudyJudgeLabels({ studyId }),
    listLabelTimings({ studyId }),
  ]);
  const judges = new Map(
    judgeLabels.map((label) => [label.judgeId, `${label.judgeName} ${label.judgeVersion}`.trim()]),
  );
  const annotators = study.annotators.map((a) => ({
    key: a.userId,
    name: a.name,
    assigned: assigned.get(a.userId) ?? 0,
  }));
  const known = new Set(annotators.map((a) => a.key));
  for (const label of labels) {
    if (!known.has(label.annotatorKey)) {
      known.add(label.annotatorKey);
      annotators.push({ key: label.annotatorKey, name: label.annotatorName, assigned: 0 });
    }
  }
  const input: ReportInput = withPassFailDimension({
    rubric: study.rubric,
    annotatorsPerItem: study.annotatorsPerItem,
    items: items.map((item) => ({
      id: item.id,
      position: item.position,
      deleted: item.trajectoryId === null,
      runId: item.runId,
      trajectoryId: item.trajectoryId,
      runName: item.runName,
      taskExternalId: item.taskExternalId,
      trial: item.trial,
      judge: judgeRecord(item.judge),
    })),
    annotators,
    labels,
    adjudications,
    // Judges by name; the benchmark's outcome last, as the reference every judge and human is read against.
    judges: [...judges].map(([key, name]) => ({ key, name })).sort(byNameOutcomeLast),
    judgeLabels: judgeLabels.map((label) => ({
      itemId: label.itemId,
      judgeKey: label.judgeId,
      dimension: label.dimension,
      value: label.label,
    })),
    timings,
  });
  return { study, input, labels, report: buildAgreementReport(input) };
}
