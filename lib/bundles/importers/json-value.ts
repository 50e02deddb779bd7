import type { JsonObject, JsonValue } from "../schema/common";
import { overflowLiteral, parseJson } from "../number-literals";
import { formatPath, joinPath } from "../issues";
import type { ValuePlace } from "./field-notes";

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Copies a parsed JSON value, dropping what JSON cannot hold (undefined, functions). A number that overflowed to
 * ±Infinity (`1e400`) is kept as the text of its literal, and noted at its path when `place` is given.
 */
export function toJsonValue(value: unknown, place?: ValuePlace): JsonValue | undefined {
  return new JsonCopy(place).value(value);
}

export function toJsonObject(value: unknown, place?: ValuePlace): JsonObject | undefined {
  return isRecord(value) ? new JsonCopy(place).object(value) : undefined;
}

/** One copy: the keys from `place` down to the value being copied (a stack, so no path is built unless noted). */
class JsonCopy {
  private readonly keys: (string | number)[] = [];

  constructor(private readonly place: ValuePlace | undefined) {}

  value(value: unknown): JsonValue | undefined {
    if (value === null || typeof value === "string" || typeof value === "boolean") return value;
    if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
    if (Array.isArray(value)) {
      const items: JsonValue[] = [];
      for (let index = 0; index < value.length; index += 1) items.push(this.member(value, index) ?? null);
      return items;
    }
    return isRecord(value) ? this.object(value) : undefined;
  }

  object(value: Record<string, unknown>): JsonObject {
    const out: JsonObject = {};
    for (const key of Object.keys(value)) {
      const converted = this.member(value, key);
      if (converted !== undefined) out[key] = converted;
    }
    return out;
  }

  private member(holder: object, key: string | number): JsonValue | undefined {
    const item: unknown = (holder as Record<string | number, unknown>)[key];
    if (typeof item === "number" && !Number.isFinite(item))
      return this.overflow(item, overflowLiteral(holder, key), key);
    this.keys.push(key);
    const converted = this.value(item);
    this.keys.pop();
    return converted;
  }

  /** An overflowing number as the text of its literal (or "Infinity" when the reader kept none), noted. */
  private overflow(value: number, literal: string | undefined, key: string | number): string {
    const text = literal ?? String(value);
    if (this.place) {
      const path = joinPath(this.place.path, formatPath([...this.keys, key]));
      this.place.notes.note(
        "overflow",
        `${path} is the number ${text}, beyond what a JSON number holds (it overflows to infinity): stored as the text "${text}"`,
      );
    }
    return text;
  }
}

/**
 * Notes every number in `value` that overflows, at its path, without keeping a copy: for headers whose parts the
 * converters copy without a place (run metadata, task criteria), where such a number is stored as the text of its
 * literal as everywhere else.
 */
export function noteOverflows(value: unknown, place: ValuePlace): void {
  toJsonValue(value, place);
}

/** Tool outputs are usually JSON serialised into text; keep the text when it is not JSON. */
export function parseJsonText(text: string, place?: ValuePlace): JsonValue {
  const trimmed = text.trim();
  if (trimmed === "") return text;
  try {
    return toJsonValue(parseJson(trimmed), place) ?? text;
  } catch {
    return text;
  }
}

export function stringOr(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

export function finiteNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

export function nonNegativeInteger(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Ids may be numbers in the source (tau-bench task ids); bundles use strings. */
export function idString(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim() !== "") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Drops keys whose value is undefined, so documents carry no empty optional fields. */
export function compact<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item;
  return out as T;
}

/**
 * A tool call's arguments: an object as is, a JSON text parsed (both tau2 and Inspect may send either); text that
 * is not a JSON object is kept as `{_unparsed: text}` and counted, never dropped.
 */
export function callArgumentsOf(value: unknown, stats: { unparsedArguments: number }, place?: ValuePlace): JsonObject {
  if (typeof value === "string") {
    const parsed = toJsonObject(parseJsonText(value, place));
    if (parsed) return parsed;
    stats.unparsedArguments += 1;
    return { _unparsed: value };
  }
  return toJsonObject(value, place) ?? {};
}

/**
 * Where a parsed value holds a number JSON cannot carry (`1e400` parses as Infinity), or undefined. Such a number
 * would otherwise be dropped on the way to the database (JSON.stringify writes it as null), unseen.
 */
export function nonFiniteAt(value: unknown, path: string): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nonFiniteAt(item, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteAt(item, `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The issue with a benchmark's reward, if any. tau2 multiplies per-criterion rewards of 0 or 1 (partial action and
 * communicate rewards are fractions), and tau-bench's reward is 0 or 1: both lie in [0, 1]. Absent or null is no
 * reward (an episode not scored); anything else must be a finite number in that range.
 */
export function rewardIssue(given: unknown): string | undefined {
  if (given === undefined || given === null) return undefined;
  if (typeof given !== "number") return "the reward must be a number";
  if (!Number.isFinite(given)) return "the reward is too large for a number (it overflows to infinity)";
  if (given < 0 || given > 1) return `the reward must be between 0 and 1, as the benchmark computes it; got ${given}`;
  return undefined;
}
