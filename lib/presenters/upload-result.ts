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
    }
  | { kind: "rejected"; status: number; error: string; issues: UploadIssue[]; totalIssues: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
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
        ? Object.fromEntries(Object.entries(data.counts).map(([key, value]) => [key, Number(value)]))
        : {},
      format: typeof data.format === "string" ? data.format : "unknown",
      warnings: Array.isArray(data.warnings) ? data.warnings.map(String) : [],
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
