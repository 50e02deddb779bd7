import { isDeepEqual } from "@/lib/metrics";
import { formatJson } from "./timeline-format";

export type DiffKind = "added" | "removed" | "changed";

export interface DiffEntry {
  /** e.g. `users.u1.orders[0].status` */
  path: string;
  kind: DiffKind;
  /** Display text of the expected value (absent for added fields). */
  expected: string | null;
  /** Display text of the actual value (absent for removed fields). */
  actual: string | null;
}

export interface StateDiff {
  status: "no-expected-state" | "no-final-state" | "compared";
  /** True when the states are equal by the same rule the state check uses. */
  equal: boolean;
  entries: DiffEntry[];
  /** Leaf fields equal on both sides. */
  unchanged: number;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

const PLAIN_KEY = /^[A-Za-z_$][\w$]*$/;

function childPath(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  if (PLAIN_KEY.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

function countLeaves(value: unknown): number {
  if (isObject(value)) return Object.values(value).reduce<number>((sum, child) => sum + countLeaves(child), 0) || 1;
  if (Array.isArray(value)) return value.reduce<number>((sum, child) => sum + countLeaves(child), 0) || 1;
  return 1;
}

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : formatJson(value);
}

function walk(
  path: string,
  expected: unknown,
  actual: unknown,
  out: { entries: DiffEntry[]; unchanged: number },
): void {
  if (isDeepEqual(expected, actual)) {
    out.unchanged += countLeaves(expected);
    return;
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
    for (const key of keys) {
      const next = childPath(path, key);
      const inExpected = key in expected && expected[key] !== undefined;
      const inActual = key in actual && actual[key] !== undefined;
      if (inExpected && inActual) walk(next, expected[key], actual[key], out);
      else if (inExpected)
        out.entries.push({ path: next, kind: "removed", expected: show(expected[key]), actual: null });
      else if (inActual) out.entries.push({ path: next, kind: "added", expected: null, actual: show(actual[key]) });
    }
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const length = Math.max(expected.length, actual.length);
    for (let index = 0; index < length; index += 1) {
      const next = childPath(path, index);
      if (index >= actual.length)
        out.entries.push({ path: next, kind: "removed", expected: show(expected[index]), actual: null });
      else if (index >= expected.length)
        out.entries.push({ path: next, kind: "added", expected: null, actual: show(actual[index]) });
      else walk(next, expected[index], actual[index], out);
    }
    return;
  }
  out.entries.push({ path: path || "(root)", kind: "changed", expected: show(expected), actual: show(actual) });
}

/**
 * Field-by-field difference between the task's expected final state and the final state:
 * "removed" = expected but missing, "added" = present but not expected, "changed" = different value.
 * Lists are compared by position, as the state check compares them.
 */
export function diffState(expected: unknown, actual: unknown): StateDiff {
  if (expected === null || expected === undefined)
    return { status: "no-expected-state", equal: false, entries: [], unchanged: 0 };
  if (actual === null || actual === undefined)
    return { status: "no-final-state", equal: false, entries: [], unchanged: 0 };
  const out = { entries: [] as DiffEntry[], unchanged: 0 };
  walk("", expected, actual, out);
  return { status: "compared", equal: out.entries.length === 0, entries: out.entries, unchanged: out.unchanged };
}
