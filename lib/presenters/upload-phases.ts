/** The steps an upload goes through, as the upload page lists them; pure so the page only draws. */

export type ServerPhase = "queued" | "reading" | "writing" | "metrics" | "done";
export type UploadPhase = "uploading" | ServerPhase;

export interface PhaseStep {
  phase: UploadPhase;
  label: string;
  /** "failed": the step the upload was rejected at; the steps after it were never reached. */
  state: "done" | "current" | "pending" | "failed";
}

const STEPS: { phase: UploadPhase; label: string }[] = [
  { phase: "uploading", label: "Uploading" },
  { phase: "queued", label: "Queued" },
  { phase: "reading", label: "Reading" },
  { phase: "writing", label: "Writing" },
  { phase: "metrics", label: "Computing metrics" },
  { phase: "done", label: "Done" },
];

const SERVER_PHASES = new Set<string>(["queued", "reading", "writing", "metrics", "done"]);

export function isServerPhase(value: unknown): value is ServerPhase {
  return typeof value === "string" && SERVER_PHASES.has(value);
}

/**
 * Every step before the current one is done; "done" itself counts as reached. A rejected upload stops at
 * `current` (see rejectedAt): that step failed, and no later step is shown as done (all were ticked before).
 */
export function describePhaseSteps(current: UploadPhase, rejected = false): PhaseStep[] {
  const index = STEPS.findIndex((step) => step.phase === current);
  return STEPS.map((step, position) => ({
    ...step,
    state:
      position < index || (current === "done" && position === index && !rejected)
        ? "done"
        : position === index
          ? rejected
            ? "failed"
            : "current"
          : "pending",
  }));
}

const ORDER: UploadPhase[] = STEPS.map((step) => step.phase);

/**
 * The step a rejected upload stopped at. Refused by the upload request itself (too large, not a bundle): the upload.
 * Refused by the ingest job: the last phase the page saw, at least reading (where the file is validated), since a
 * quick job can end between two status requests.
 */
export function rejectedAt(lastSeen: UploadPhase, byJob: boolean): UploadPhase {
  if (!byJob) return "uploading";
  const seen = lastSeen === "done" ? "reading" : lastSeen;
  return ORDER.indexOf(seen) > ORDER.indexOf("reading") ? seen : "reading";
}

export interface UploadStatusView {
  phase: ServerPhase;
  bytes: number;
  sizeBytes: number;
  trajectories: number;
  events: number;
  attempts: number;
  lastError: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function numberOf(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** Reads GET /api/uploads/{id}; null when the body is not a status (the caller keeps polling). */
export function parseUploadStatus(
  body: unknown,
): (UploadStatusView & { status: number | null; result: unknown; updatedAt: string | null }) | null {
  if (!isRecord(body) || !isServerPhase(body.phase)) return null;
  return {
    phase: body.phase,
    bytes: numberOf(body.bytes),
    sizeBytes: numberOf(body.sizeBytes),
    trajectories: numberOf(body.trajectories),
    events: numberOf(body.events),
    attempts: numberOf(body.attempts),
    lastError: typeof body.lastError === "string" ? body.lastError : null,
    status: typeof body.status === "number" ? body.status : null,
    result: body.result ?? null,
    updatedAt: typeof body.updatedAt === "string" ? body.updatedAt : null,
  };
}

/** One line under the steps: what the worker is doing now. */
export function describeServerProgress(view: UploadStatusView): string {
  const retry =
    view.attempts > 1 ? ` (attempt ${view.attempts}${view.lastError ? `, after: ${view.lastError}` : ""})` : "";
  switch (view.phase) {
    case "queued":
      return view.lastError ? `Waiting to be retried after: ${view.lastError}` : "Stored; waiting for a worker";
    case "reading":
      return `Reading and validating${retry}`;
    case "writing":
      return `Writing: ${view.trajectories} trajectories, ${view.events} events so far${retry}`;
    case "metrics":
      return `Computing metrics of ${view.trajectories} trajectories`;
    case "done":
      return "Done";
  }
}
