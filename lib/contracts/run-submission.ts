/** pass^1..pass^4 in percent, as a tau2-bench submission.json gives them; null = n/a (never 0). */
export interface SubmissionPassFigures {
  pass_1: number | null;
  pass_2: number | null;
  pass_3: number | null;
  pass_4: number | null;
}

/** verified: recomputed within rounding of the claim; differs: not; claimed: no trajectories to recompute from. */
export type SubmissionState = "verified" | "differs" | "claimed";

/** What `GET /api/runs` and the run page show of a run imported from a tau2-bench leaderboard submission. */
export interface RunSubmission {
  name: string;
  organization: string | null;
  modelOrganization: string | null;
  date: string | null;
  domain: string;
  submissionType: string | null;
  claimed: SubmissionPassFigures;
  /** From the run's trajectories by tau2's rule; all null (n/a) when the submission has none for the domain. */
  recomputed: SubmissionPassFigures;
  state: SubmissionState;
  /** The submission's methodology as given (evaluation_date, tau2_bench_version, user_simulator, notes, verification). */
  methodology: Record<string, unknown> | null;
  references: unknown[] | null;
  trajectoriesFile: string | null;
}
