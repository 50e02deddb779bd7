import { listBlindRunIds } from "@/lib/db/study-items";
import { AppError } from "../app-error";
import { allows, type Actor } from "./roles";

const HIDDEN =
  "run details, trajectories and comparisons are hidden while you annotate an open blind study; they open again when the study closes";

/**
 * The runs an actor must not identify: those of open blind studies they annotate. Admins run
 * studies and read their reports, so nothing is hidden from them.
 */
export async function blindRunIds(actor: Actor): Promise<Set<string>> {
  if (!actor.userId || allows(actor, "admin")) return new Set();
  return new Set(await listBlindRunIds({ userId: actor.userId }));
}

/**
 * Every door to per-run detail (run page, trajectory page, trajectory and metric APIs,
 * comparisons) is shut for a blind annotator, not just the doors of the study's own runs:
 * refusing only those would tell them which runs the study's items come from.
 */
export async function blindRefusal(actor: Actor): Promise<string | null> {
  return (await blindRunIds(actor)).size > 0 ? HIDDEN : null;
}

/** For route handlers: 403 while the caller annotates an open blind study. */
export async function assertNotBlind(actor: Actor): Promise<void> {
  const refusal = await blindRefusal(actor);
  if (refusal) throw new AppError("forbidden", refusal);
}
