/** Turns an upload response into what the upload page shows; pure so the page only draws. */

export interface UploadIssue {
  path: string;
  message: string;
  line?: number;
}

export type UploadOutcome =
  | {
      kind: "stored";
      duplicate: boolean;
      runs: { id: string; name: string }[];
      counts: Record<string, number>;
      format: string;
      warnings: string[];
      /** A judge review: one line per judge (verdict counts, what was not compared) and the unmatched ids. */
      judgeLines: string[];
    }
  | { kind: "rejected"; status: number; error: string; issues: UploadIssue[]; totalIssues: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function describeJudgeReview(review: unknown): string[] {
  if (!isRecord(review)) return [];
  const lines: string[] = [];
  for (const judge of Array.isArray(review.judges) ? review.judges.filter(isRecord) : []) {
    const labels = isRecord(judge.labels)
      ? Object.entries(judge.labels)
          .map(([label, count]) => `${label} ${Number(count)}`)
          .join(", ")
      : "";
    const skipped = Array.isArray(judge.notCompared) ? judge.notCompared.map(String) : [];
    lines.push(
      `Judge ${String(judge.name)} (${String(judge.model)}): ${Number(judge.attached)} verdicts attached of ` +
        `${Number(judge.entries)}; labels ${labels}; not compared: ${skipped.length > 0 ? skipped.join(", ") : "none"}.`,
    );
  }
  const unmatched = Array.isArray(review.unmatchedSimulationIds) ? review.unmatchedSimulationIds.map(String) : [];
  if (unmatched.length > 0) lines.push(`Unmatched simulation ids (${unmatched.length}): ${unmatched.join(", ")}.`);
  return lines;
}

export function describeUploadResponse(status: number, body: unknown): UploadOutcome {
  const data = isRecord(body) ? body : {};
  if (status === 200 || status === 201) {
    return {
      kind: "stored",
      duplicate: data.duplicate === true,
      runs: Array.isArray(data.runs)
        ? data.runs.filter(isRecord).map((run) => ({ id: String(run.id), name: String(run.name) }))
        : [],
      counts: isRecord(data.counts)
        ? Object.fromEntries(
            Object.entries(data.counts)
              .map(([key, value]) => [key, Number(value)] as const)
              // A judge review stores no tasks or trajectories of its own: its zero counts say nothing.
              .filter(([, value]) => !(data.format === "tau2-judge-review" && value === 0)),
          )
        : {},
      format: typeof data.format === "string" ? data.format : "unknown",
      warnings: Array.isArray(data.warnings) ? data.warnings.map(String) : [],
      judgeLines: describeJudgeReview(data.judgeReview),
    };
  }
  const issues = Array.isArray(data.issues)
    ? data.issues.filter(isRecord).map((issue) => ({
        path: String(issue.path ?? ""),
        message: String(issue.message ?? ""),
        ...(typeof issue.line === "number" ? { line: issue.line } : {}),
      }))
    : [];
  const fallback = status === 413 ? "the file is too large" : `the server answered ${status}`;
  return {
    kind: "rejected",
    status,
    error: typeof data.error === "string" ? data.error : fallback,
    issues,
    totalIssues: typeof data.totalIssues === "number" ? data.totalIssues : issues.length,
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** Count names in words: "1 task, 5 trajectories, no turn predictions", never "0 turnPredictions". */
const COUNT_WORDS: Record<string, [one: string, many: string]> = {
  tasks: ["task", "tasks"],
  trajectories: ["trajectory", "trajectories"],
  events: ["event", "events"],
  turnPredictions: ["turn prediction", "turn predictions"],
};

export function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([key, value]) => {
      const [one, many] = COUNT_WORDS[key] ?? [key, key];
      return value === 0 ? `no ${many}` : `${value} ${value === 1 ? one : many}`;
    })
    .join(", ");
}

/**
 * An issue's path cut after each "." and before each "[", where the page may break it: a path is set in
 * monospace, whose break-anywhere rule let a narrow column wrap "(file)" as "(fil e)". An empty path is the
 * whole file, said in words.
 */
export function issuePathParts(path: string): string[] | null {
  if (path === "") return null;
  return path.split(/(?<=\.)|(?=\[)/).filter((part) => part !== "");
}
