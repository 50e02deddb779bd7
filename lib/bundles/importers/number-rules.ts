import type { BundleIssue } from "../issues";
import type { ValuePlace } from "./field-notes";

/**
 * What a numeric source field may hold. A value of the wrong type is a located issue (the file is refused); a number
 * outside the rule (a negative cost, a duration that overflows to infinity) makes no sense as a measurement, so it is
 * stored as unknown (n/a) with a located warning, never as 0 and never silently.
 */
export type NumberRule = "nonNegative" | "count" | "finite";

const EXPECTED: Record<NumberRule, string> = {
  nonNegative: "a finite number of at least 0",
  count: "a whole number of at least 0",
  finite: "a finite number",
};

export type NumberReading = { value?: number; issue?: BundleIssue };

function breaks(value: number, rule: NumberRule): boolean {
  if (!Number.isFinite(value)) return true;
  if (rule === "finite") return false;
  return value < 0 || (rule === "count" && !Number.isInteger(value));
}

function shown(value: number): string {
  return Number.isFinite(value) ? String(value) : "too large for a number (it overflows to infinity)";
}

/**
 * Reads the numeric field at `place.path`: absent or null is unknown without a word; a number within the rule is
 * returned; anything else is an issue (wrong type) or a note (out of the rule), and no value.
 */
export function readNumber(value: unknown, rule: NumberRule, place: ValuePlace): NumberReading {
  if (value === undefined || value === null) return {};
  if (typeof value !== "number")
    return { issue: { path: place.path, message: `must be ${EXPECTED[rule]}; got ${JSON.stringify(value)}` } };
  if (!breaks(value, rule)) return { value };
  const field = place.path.slice(place.path.lastIndexOf(".") + 1);
  place.notes.note(
    `${field}:${rule}`,
    `${place.path} is ${shown(value)}, not ${EXPECTED[rule]}: stored as unknown (n/a), not as 0`,
  );
  return {};
}
