import type { RunSubmission, SubmissionPassFigures } from "@/lib/contracts/run-submission";
import {
  compareSubmissionClaim,
  recomputeSubmissionPassHatK,
  SUBMISSION_PASS_KEYS,
  type SubmissionPassKey,
} from "@/lib/metrics";
import { formatPercent, NOT_AVAILABLE } from "./format";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

function figures(value: unknown): SubmissionPassFigures {
  const source = isRecord(value) ? value : {};
  const read = (key: SubmissionPassKey) => {
    const figure = source[key];
    return typeof figure === "number" && Number.isFinite(figure) ? figure : null;
  };
  return { pass_1: read("pass_1"), pass_2: read("pass_2"), pass_3: read("pass_3"), pass_4: read("pass_4") };
}

/** The submission metadata a tau2-submission import wrote on the run (lib/bundles/importers/tau2-submission.ts). */
export function submissionMetadataOf(metadata: unknown): Record<string, unknown> | null {
  return isRecord(metadata) && isRecord(metadata.submission) && typeof metadata.submission.name === "string"
    ? metadata.submission
    : null;
}

/**
 * The claim beside what the run's trajectories give by tau2's rule. Without trajectories there is nothing to
 * recompute: every recomputed figure is n/a and the state is "claimed".
 */
export function buildRunSubmission(
  metadata: unknown,
  trajectories: readonly { taskId: string; reward: number | null }[],
): RunSubmission | null {
  const submission = submissionMetadataOf(metadata);
  if (!submission) return null;
  const claimed = figures(submission.claimed);
  const recomputed = trajectories.length > 0 ? recomputeSubmissionPassHatK(trajectories) : null;
  return {
    name: submission.name as string,
    organization: text(submission.organization),
    modelOrganization: text(submission.modelOrganization),
    date: text(submission.date),
    domain: text(submission.domain) ?? "",
    submissionType: text(submission.submissionType),
    claimed,
    recomputed: recomputed ?? figures(null),
    state: compareSubmissionClaim(claimed, recomputed),
    methodology: isRecord(submission.methodology) ? submission.methodology : null,
    references: Array.isArray(submission.references) ? submission.references : null,
    trajectoriesFile: text(submission.trajectoriesFile),
  };
}

export const SUBMISSION_STATE_LABELS: Record<RunSubmission["state"], string> = {
  verified: "verified",
  differs: "differs",
  claimed: "claimed, not verifiable",
};

export interface SubmissionTableRow {
  label: string;
  claimed: string;
  recomputed: string;
  /** "agrees", "differs", or "n/a" when nothing is claimed or nothing could be recomputed. */
  check: string;
}

export interface SubmissionView {
  heading: string;
  state: RunSubmission["state"];
  stateLabel: string;
  rows: SubmissionTableRow[];
  facts: { label: string; value: string }[];
}

const yesNo = (value: unknown): string => (value === true ? "yes" : value === false ? "no" : "not stated");

/** The run page's "claimed vs recomputed" table; figures in percent with 2 decimals, as the claims are given. */
export function buildSubmissionView(submission: RunSubmission): SubmissionView {
  const percent = (value: number | null) => formatPercent(value === null ? null : value / 100, 2);
  const rows = SUBMISSION_PASS_KEYS.map((key, index): SubmissionTableRow => {
    const claimed = submission.claimed[key];
    const recomputed = submission.recomputed[key];
    const check =
      claimed === null || submission.state === "claimed"
        ? NOT_AVAILABLE
        : compareSubmissionClaim({ ...NO_FIGURES, [key]: claimed }, submission.recomputed) === "verified"
          ? "agrees"
          : "differs";
    return { label: `pass^${index + 1}`, claimed: percent(claimed), recomputed: percent(recomputed), check };
  });
  const methodology = submission.methodology ?? {};
  const verification =
    typeof methodology.verification === "object" && methodology.verification !== null
      ? (methodology.verification as Record<string, unknown>)
      : {};
  const facts = [
    { label: "Model organisation", value: submission.modelOrganization ?? "not stated" },
    { label: "Submitted by", value: submission.organization ?? "not stated" },
    { label: "Submission date", value: submission.date ?? "not stated" },
    { label: "Submission type", value: submission.submissionType ?? "not stated" },
    { label: "tau2-bench version", value: text(methodology.tau2_bench_version) ?? "not stated" },
    { label: "User simulator", value: text(methodology.user_simulator) ?? "not stated" },
    { label: "Modified prompts", value: yesNo(verification.modified_prompts) },
    { label: "Omitted questions", value: yesNo(verification.omitted_questions) },
    { label: "Verification details", value: text(verification.details) ?? "not stated" },
    { label: "Notes", value: text(methodology.notes) ?? "none" },
    { label: "Trajectories", value: submission.trajectoriesFile ?? "none in the submission" },
  ];
  return {
    heading: `Leaderboard submission: ${submission.name} on tau2/${submission.domain}`,
    state: submission.state,
    stateLabel: SUBMISSION_STATE_LABELS[submission.state],
    rows,
    facts,
  };
}

const NO_FIGURES = { pass_1: null, pass_2: null, pass_3: null, pass_4: null };
