import { randomBytes } from "node:crypto";

/**
 * JSON numbers beyond what a double holds (`1e400`) parse as ±Infinity, and JSON.stringify then writes null: the
 * number the user sent would be lost on its way to the database without anyone seeing it. Node 20's JSON.parse gives
 * no access to a number's source text, so this module keeps it on the side: `parseJson` records the literal of every
 * overflowing number against the object (or array) and key that hold it, and importers ask `overflowLiteral` for it
 * when they store the value (as text, with a warning).
 */
const literals = new WeakMap<object, Map<string, string>>();

/**
 * A text may hold an overflowing number only if a number token (after `:`, `[`, `,`, a blank or at the start) has an
 * exponent of three digits or 200 digits before its point (a mantissa of at most 199 digits times at most 1e99 stays
 * below 1.8e308). Hex hashes (`5e123abc`) do not match, and each digit run is tried from its start only, so the test
 * stays linear. Texts that fail it (nearly all: none of the real files' items) are parsed by JSON.parse alone.
 */
const MAY_OVERFLOW = /(?:^|[:[,\s])-?(?:\d+(?:\.\d+)?[eE]\+?\d{3}|\d{200})/;

/** Stands for an overflowing number while the text is parsed, and in JSON this module writes (a spill to disk). */
const MARK = `\u0000overflow-${randomBytes(6).toString("hex")}:`;
const MARK_IN_JSON = JSON.stringify(MARK).slice(1, -1);

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The text with each overflowing number token (outside strings) written as a marked string holding its literal. */
function markOverflows(text: string): string {
  let out = "";
  let copied = 0;
  for (let at = 0; at < text.length;) {
    const char = text.charCodeAt(at);
    if (char === 0x22) {
      at = stringEnd(text, at + 1);
      continue;
    }
    if (char !== 0x2d && (char < 0x30 || char > 0x39)) {
      at += 1;
      continue;
    }
    NUMBER.lastIndex = at;
    const token = NUMBER.exec(text)?.[0] ?? text[at] ?? "";
    const end = at + Math.max(1, token.length);
    if (!Number.isFinite(Number(token))) {
      out += `${text.slice(copied, at)}"${MARK_IN_JSON}${token}"`;
      copied = end;
    }
    at = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Just past the closing quote of a string whose content starts at `from`. */
function stringEnd(text: string, from: number): number {
  for (let at = from; at < text.length; at += 1) {
    const char = text.charCodeAt(at);
    if (char === 0x5c) at += 1;
    else if (char === 0x22) return at + 1;
  }
  return text.length;
}

function revive(this: unknown, key: string, value: unknown): unknown {
  if (typeof value !== "string" || !value.startsWith(MARK)) return value;
  const literal = value.slice(MARK.length);
  if (this !== null && typeof this === "object") {
    let held = literals.get(this);
    if (!held) literals.set(this, (held = new Map()));
    held.set(key, literal);
  }
  return Number(literal);
}

/** JSON.parse, keeping the source text of numbers that overflow to ±Infinity for `overflowLiteral`. */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (!MAY_OVERFLOW.test(text)) return value;
  // Parsed once as given first, so a syntax error reads as JSON.parse words it for the user's own text.
  return JSON.parse(markOverflows(text), revive);
}

/** The source text of the overflowing number `holder[key]`, when `parseJson` read it. */
export function overflowLiteral(holder: object, key: string | number): string | undefined {
  return literals.get(holder)?.get(String(key));
}

function keepOverflow(this: unknown, key: string, value: unknown): unknown {
  if (typeof value !== "number" || Number.isFinite(value)) return value;
  const literal = this !== null && typeof this === "object" ? overflowLiteral(this, key) : undefined;
  return `${MARK}${literal ?? (value > 0 ? "1e999" : "-1e999")}`;
}

/**
 * JSON.stringify that writes an overflowing number so `parseJson` reads it back with its literal (a spill of parsed
 * values to disk would otherwise turn it into null).
 */
export function stringifyJson(value: unknown): string | undefined {
  return JSON.stringify(value, keepOverflow);
}

/**
 * For a token-by-token reader (@streamparser/json's `parseNumber`): a number as is, or an overflowing one as a marked
 * string, turned back by `reviveOverflows` once the value it is in is built.
 */
export function readNumberToken(text: string): number | string {
  const value = Number(text);
  return Number.isFinite(value) ? value : `${MARK}${text}`;
}

/** Turns the marked strings of `readNumberToken` back into ±Infinity, keeping their literals for `overflowLiteral`. */
export function reviveOverflows(value: unknown): unknown {
  if (typeof value === "string") return revive.call(null, "", value);
  if (value === null || typeof value !== "object") return value;
  const holder = value as Record<string, unknown>;
  for (const key of Object.keys(holder)) {
    const item = holder[key];
    if (typeof item === "string") holder[key] = revive.call(holder, key, item);
    else reviveOverflows(item);
  }
  return value;
}
