import type { RunSubmission, SubmissionPassFigures } from "@/lib/contracts/run-submission";
import { compareSubmissionClaim, recomputeSubmissionPassHatK, type SubmissionPassKey } from "@/lib/metrics";

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
