/** Where in an event a search hit was found, in the words the results page uses. */
export type SnippetField = "text" | "tool" | "arguments" | "result";

export interface SearchableEventText {
  text: string | null;
  toolName: string | null;
  argumentsText: string | null;
  outputText: string | null;
}

export interface SnippetSegment {
  text: string;
  marked: boolean;
}

export interface Snippet {
  field: SnippetField;
  segments: SnippetSegment[];
  /** Text was left out before / after the window. */
  cutStart: boolean;
  cutEnd: boolean;
}

const FIELD_ORDER: [SnippetField, keyof SearchableEventText][] = [
  ["text", "text"],
  ["tool", "toolName"],
  ["arguments", "argumentsText"],
  ["result", "outputText"],
];

interface Range {
  start: number;
  end: number;
}

/** Every case-insensitive occurrence of any term, overlapping ones merged, in order. */
export function findMatches(value: string, terms: string[]): Range[] {
  const haystack = value.toLowerCase();
  const ranges: Range[] = [];
  for (const term of terms) {
    const needle = term.toLowerCase();
    if (!needle) continue;
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length))
      ranges.push({ start: at, end: at + needle.length });
  }
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Range[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * A window of about `width` characters around the first hit, cut into marked and plain segments.
 * Segments are plain strings rendered as React text (never HTML), so event content cannot inject markup.
 * When no term occurs literally (full-text matching splits words differently), the field's start is shown unmarked.
 */
export function buildSnippet(event: SearchableEventText, terms: string[], width = 240): Snippet | null {
  const fields = FIELD_ORDER.map(([field, key]) => ({ field, value: event[key] ?? "" })).filter(
    (candidate) => candidate.value.length > 0,
  );
  for (const { field, value } of fields) {
    const matches = findMatches(value, terms);
    const first = matches[0];
    if (!first) continue;
    const start = Math.max(0, Math.min(first.start - Math.floor(width / 3), value.length - width));
    const end = Math.min(value.length, start + width);
    return {
      field,
      segments: segmentWindow(value, matches, start, end),
      cutStart: start > 0,
      cutEnd: end < value.length,
    };
  }
  const fallback = fields[0];
  if (!fallback) return null;
  const end = Math.min(fallback.value.length, width);
  return {
    field: fallback.field,
    segments: [{ text: fallback.value.slice(0, end), marked: false }],
    cutStart: false,
    cutEnd: end < fallback.value.length,
  };
}

function segmentWindow(value: string, matches: Range[], start: number, end: number): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let at = start;
  for (const match of matches) {
    if (match.end <= start || match.start >= end) continue;
    const from = Math.max(match.start, start);
    const to = Math.min(match.end, end);
    if (from > at) segments.push({ text: value.slice(at, from), marked: false });
    segments.push({ text: value.slice(from, to), marked: true });
    at = to;
  }
  if (at < end) segments.push({ text: value.slice(at, end), marked: false });
  return segments;
}
