import type { StateDiff } from "./state-diff";
import type { VerdictModel } from "./verdict-types";

export interface EndStateCheck {
  /** "State check" (ours, against the task's expected final state) or "DB check" (the benchmark's). */
  label: string;
  met: boolean | null;
  /** Replaces the state diff when there is no expected state to diff but the benchmark checked the database. */
  note: string | null;
}

const DB_CHECK_BY = { tau2: "tau2", "tau-bench": "tau-bench", bundle: "the benchmark" } as const;

/**
 * The state line of "The end", agreeing with the verdict: when the benchmark recorded a DB check (tau2 db_check,
 * tau-bench r_actions), that is the state check, not our "n/a, no expected final state" beside a "DB check failed".
 */
export function endStateCheck(
  verdict: Pick<VerdictModel, "checks" | "source">,
  stateMatch: boolean | null,
  diffStatus: StateDiff["status"],
): EndStateCheck {
  const db = verdict.checks.find((check) => check.kind === "db");
  if (!db || (stateMatch !== null && db.met === null)) return { label: "State check", met: stateMatch, note: null };
  const by = DB_CHECK_BY[verdict.source];
  const outcome = db.met === null ? "not recorded" : db.met ? "the databases match" : "the databases differ";
  return {
    label: `DB check (${by})`,
    met: db.met,
    note:
      diffStatus === "no-expected-state"
        ? `${by} compares the final database with the one the expected actions produce (${outcome}); the file holds no expected final state to compare field by field.`
        : null,
  };
}
