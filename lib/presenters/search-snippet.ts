import type { Snippet, SnippetField, SnippetSegment } from "@/lib/contracts/search";

export interface SearchableEventText {
  text: string | null;
  toolName: string | null;
  argumentsText: string | null;
  outputText: string | null;
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

/** Every occurrence of any pattern (global regular expressions), overlapping ones merged, in order. */
export function findMatches(value: string, patterns: readonly RegExp[]): Range[] {
  const ranges: Range[] = [];
  for (const pattern of patterns)
    for (const match of value.matchAll(pattern))
      if (match[0].length > 0) ranges.push({ start: match.index, end: match.index + match[0].length });
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Range[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
/** How far a window edge moves to reach a word boundary before it gives up and cuts. */
const SNAP = 40;

function isBoundary(value: string, at: number): boolean {
  if (at <= 0 || at >= value.length) return true;
  return !(WORD_CHAR.test(value.charAt(at - 1)) && WORD_CHAR.test(value.charAt(at)));
}

/** Moves a window edge to a word boundary (forward first for the end, backward first for the start). */
function snapEdge(value: string, at: number, forward: boolean, limit: { min: number; max: number }): number {
  for (let step = 0; step <= SNAP; step += 1) {
    const ahead = forward ? at + step : at - step;
    if (ahead >= limit.min && ahead <= limit.max && isBoundary(value, ahead)) return ahead;
  }
  for (let step = 1; step <= SNAP; step += 1) {
    const back = forward ? at - step : at + step;
    if (back >= limit.min && back <= limit.max && isBoundary(value, back)) return back;
  }
  return at;
}

/**
 * A window of about `width` characters around the first hit, cut into marked and plain segments.
 * Segments are plain strings rendered as React text (never HTML), so event content cannot inject markup.
 * The window's edges sit on word boundaries and never cut a marked hit (a hit was shown as "r" or "Re").
 * When no pattern matches (e.g. the words matched across two fields), the field's start is shown unmarked.
 */
export function buildSnippet(event: SearchableEventText, patterns: readonly RegExp[], width = 240): Snippet | null {
  const fields = FIELD_ORDER.map(([field, key]) => ({ field, value: event[key] ?? "" })).filter(
    (candidate) => candidate.value.length > 0,
  );
  for (const { field, value } of fields) {
    const matches = findMatches(value, patterns);
    const first = matches[0];
    if (!first) continue;
    const rawStart = Math.max(0, Math.min(first.start - Math.floor(width / 3), value.length - width));
    const start = snapEdge(value, rawStart, false, { min: 0, max: first.start });
    const rawEnd = Math.min(value.length, rawStart + width);
    // A hit that crosses the end is shown whole; otherwise the end moves to the nearest word boundary.
    const crossing = matches.find((match) => match.start < rawEnd && match.end > rawEnd);
    const end = crossing ? crossing.end : snapEdge(value, rawEnd, true, { min: first.end, max: value.length });
    return {
      field,
      segments: segmentWindow(value, matches, start, end),
      cutStart: start > 0,
      cutEnd: end < value.length,
    };
  }
  const fallback = fields[0];
  if (!fallback) return null;
  const end = snapEdge(fallback.value, Math.min(fallback.value.length, width), true, {
    min: 1,
    max: fallback.value.length,
  });
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
