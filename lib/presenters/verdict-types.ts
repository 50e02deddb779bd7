import type { ArgumentDiff } from "@/lib/metrics/match-expected-action";

export type VerdictSource = "tau2" | "tau-bench" | "bundle";

/** Where a value shown in a check came from: recorded by the benchmark, or computed here by its rule. */
export type VerdictOrigin = "recorded" | "computed";

export interface ActionCheckView {
  kind: "action";
  id: string;
  name: string;
  requestor: string | null;
  expectedArguments: Record<string, unknown>;
  compareArgs: readonly string[] | null;
  /** The benchmark's own verdict when recorded (tau2 action_match), else ours. */
  met: boolean;
  origin: VerdictOrigin;
  /** Our recomputation by tau2's comparison; differs from `met` only if the file disagrees with the rule. */
  computedMet: boolean;
  matchedSeq: number | null;
  closestSeq: number | null;
  diff: ArgumentDiff[];
  /** One line per differing argument: "amount: expected 50, got 100". */
  diffText: string[];
}

export interface CommunicateCheckView {
  kind: "communicate";
  id: string;
  info: string;
  met: boolean;
  origin: VerdictOrigin;
  /** seq of the agent message carrying the string by the benchmark's rule; null when none does. */
  foundAt: number | null;
  justification: string | null;
}

export interface NlAssertionView {
  kind: "nl";
  id: string;
  assertion: string;
  met: boolean | null;
  justification: string | null;
}

export interface EnvAssertionView {
  kind: "env";
  id: string;
  envType: string | null;
  funcName: string;
  arguments: Record<string, unknown>;
  expectedValue: boolean;
  met: boolean;
  message: string | null;
}

export interface DbCheckView {
  kind: "db";
  id: string;
  /** tau2 db_check.db_match / tau-bench r_actions (database hash equal). */
  met: boolean | null;
  reward: number | null;
}

export interface StateCheckView {
  kind: "state";
  id: string;
  met: boolean | null;
  /** "path: expected x, got y" per differing field (first ones). */
  differences: string[];
  differenceCount: number;
  /** seq of the last state snapshot, if the trajectory has one. */
  snapshotSeq: number | null;
}

export interface ReplyCheckItemView {
  kind: "reply";
  id: string;
  info: string;
  met: boolean;
  /** seq of the final agent message when found there. */
  foundAt: number | null;
}

export type VerdictCheck =
  | ActionCheckView
  | CommunicateCheckView
  | NlAssertionView
  | EnvAssertionView
  | DbCheckView
  | StateCheckView
  | ReplyCheckItemView;

export interface RewardView {
  reward: number | null;
  /** tau2 reward_basis: which checks the reward multiplies. */
  basis: string[];
  /** tau2 reward_breakdown / tau-bench r_* entries. */
  breakdown: { name: string; value: number | null }[];
}

export interface VerdictModel {
  source: VerdictSource;
  reward: RewardView | null;
  /** The first failed check in words; null when nothing failed or nothing was checked. */
  headline: string | null;
  passed: boolean | null;
  /** Checks in panel order: DB/state, environment assertions, actions, communicate/reply, NL assertions. */
  checks: VerdictCheck[];
  /** Notes about what could not be read or was computed rather than recorded. */
  notes: string[];
  /** seq -> short labels of the checks that refer to the event, for marking the timeline. */
  marks: Record<number, string[]>;
}
