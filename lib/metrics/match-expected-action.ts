import { isDeepEqual } from "./is-deep-equal";

export interface ExpectedAction {
  name: string;
  arguments: Record<string, unknown>;
  /** tau2 `compare_args`: the only arguments compared; null = tau2's default (see compareActionWithCall). */
  compareArgs: readonly string[] | null;
}

export interface CandidateCall {
  seq: number;
  name: string;
  arguments: Record<string, unknown>;
}

export interface ArgumentDiff {
  key: string;
  /** undefined = the side has no such argument. */
  expected: unknown;
  actual: unknown;
}

export interface ActionMatch {
  matched: boolean;
  /** The first call that matched (tau2 stops at the first full match). */
  matchedSeq: number | null;
  /** When none matched: the call of the same tool with fewest differing arguments (the latest on ties: the agent's last attempt). */
  closestSeq: number | null;
  /** Arguments of the closest call that differ from the expected ones; empty when matched or no call of the tool. */
  diff: ArgumentDiff[];
}

function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => Object.hasOwn(source, key)).map((key) => [key, source[key]]));
}

/**
 * tau2 `Action.compare_with_tool_call`: same name; the compared keys are `compare_args`, else the call's own
 * argument keys; no key to compare = match; otherwise the call's and the action's values of those keys (each
 * side keeping only the keys it has) must be equal with Python `==` semantics (1 == 1.0, key order ignored).
 */
export function compareActionWithCall(action: ExpectedAction, call: CandidateCall): boolean {
  if (action.name !== call.name) return false;
  const keys = action.compareArgs ?? Object.keys(call.arguments);
  if (keys.length === 0) return true;
  return isDeepEqual(pick(call.arguments, keys), pick(action.arguments, keys));
}

/** Keys shown in a diff: the compared ones, or every key either side has. */
function diffKeys(action: ExpectedAction, call: CandidateCall): string[] {
  if (action.compareArgs !== null) return [...action.compareArgs];
  return [...new Set([...Object.keys(action.arguments), ...Object.keys(call.arguments)])];
}

export function diffActionArguments(action: ExpectedAction, call: CandidateCall): ArgumentDiff[] {
  return diffKeys(action, call).flatMap((key) => {
    const expected = Object.hasOwn(action.arguments, key) ? action.arguments[key] : undefined;
    const actual = Object.hasOwn(call.arguments, key) ? call.arguments[key] : undefined;
    return isDeepEqual(expected, actual) ? [] : [{ key, expected, actual }];
  });
}

/** Matches one expected action against the calls of a trajectory, in order, by tau2's rule. */
export function matchExpectedAction(action: ExpectedAction, calls: readonly CandidateCall[]): ActionMatch {
  const matched = calls.find((call) => compareActionWithCall(action, call));
  if (matched) return { matched: true, matchedSeq: matched.seq, closestSeq: null, diff: [] };
  let closest: { call: CandidateCall; diff: ArgumentDiff[] } | null = null;
  for (const call of calls) {
    if (call.name !== action.name) continue;
    const diff = diffActionArguments(action, call);
    if (closest === null || diff.length <= closest.diff.length) closest = { call, diff };
  }
  return { matched: false, matchedSeq: null, closestSeq: closest?.call.seq ?? null, diff: closest?.diff ?? [] };
}
