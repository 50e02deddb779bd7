import { bootstrapAgreement } from "./bootstrap-agreement";
import { cohensKappa } from "./compute-agreement";
import type { BootstrapOptions } from "./types";

/** One trajectory: the judge's verdict read as pass (true) / fail (false), and the benchmark's success; null = none. */
export interface JudgedOutcome {
  judgePass: boolean | null;
  success: boolean | null;
}

export interface JudgeVsOutcome {
  /** Trajectories with both a pass/fail verdict and a benchmark outcome. */
  compared: number;
  /** Of those, where pass = success and fail = failure (tau2-bench's `agreement: true`). */
  agree: number;
  /** agree / compared; null when nothing was compared. */
  rate: number | null;
  /** Cohen's kappa of verdict vs outcome, with a 95% percentile bootstrap interval over the compared trajectories. */
  kappa: number | null;
  low: number | null;
  high: number | null;
  confusion: { passSuccess: number; passFailure: number; failSuccess: number; failFailure: number };
}

/** A judge against the benchmark's own outcome (docs/metrics.md, "Judge vs outcome"). */
export function compareJudgeWithOutcome(
  items: readonly JudgedOutcome[],
  options: BootstrapOptions = {},
): JudgeVsOutcome {
  const confusion = { passSuccess: 0, passFailure: 0, failSuccess: 0, failFailure: 0 };
  const judge: (boolean | null)[] = [];
  const outcome: (boolean | null)[] = [];
  for (const item of items) {
    judge.push(item.judgePass);
    outcome.push(item.success);
    if (item.judgePass === null || item.success === null) continue;
    if (item.judgePass) confusion[item.success ? "passSuccess" : "passFailure"] += 1;
    else confusion[item.success ? "failSuccess" : "failFailure"] += 1;
  }
  const compared = confusion.passSuccess + confusion.passFailure + confusion.failSuccess + confusion.failFailure;
  const agree = confusion.passSuccess + confusion.failFailure;
  const interval = compared > 0 ? bootstrapAgreement(judge, outcome, options).kappa : null;
  return {
    compared,
    agree,
    rate: compared > 0 ? agree / compared : null,
    kappa: compared > 0 ? cohensKappa(judge, outcome) : null,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
    confusion,
  };
}

/** Two judges on the trajectories both gave a pass/fail verdict. */
export function compareTwoJudges(
  a: readonly (boolean | null)[],
  b: readonly (boolean | null)[],
): { agree: number; compared: number; kappa: number | null } {
  let agree = 0;
  let compared = 0;
  a.forEach((label, i) => {
    const other = b[i];
    if (label === null || other === null || other === undefined) return;
    compared += 1;
    if (label === other) agree += 1;
  });
  return { agree, compared, kappa: compared > 0 ? cohensKappa(a, b) : null };
}
