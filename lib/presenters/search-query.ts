import { z } from "zod";

/** Longest accepted query: longer ones are refused (a 400 naming `q`), never cut silently. */
export const SEARCH_QUERY_MAX = 200;
/** Substring matching uses trigrams, so it needs three characters; shorter queries match whole words only. */
export const SUBSTRING_MIN = 3;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE = 50;
/** Matches found, ordered and paged per search: every page there is. More means "narrow the search". */
export const SEARCH_MATCH_CAP = SEARCH_PAGE_SIZE * SEARCH_MAX_PAGE;

export const EVENT_KINDS = [
  "user_message",
  "agent_message",
  "tool_call",
  "tool_result",
  "state_snapshot",
  "system",
] as const;
export const EVENT_ACTORS = ["agent", "user", "system"] as const;
export const SEARCH_OUTCOMES = ["success", "failure", "unknown"] as const;

const id = z.string().trim().min(1).max(100);
const optionalId = id.optional();

/** Every search setting lives in the URL: `/search?q=...&suite=&run=&model=&kind=&actor=&outcome=&errored=1&page=`. */
export const SearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, "enter something to search for")
    .max(SEARCH_QUERY_MAX, `at most ${SEARCH_QUERY_MAX} characters`)
    .refine((value) => !value.includes("\u0000"), "must not contain NUL"),
  suite: optionalId,
  run: optionalId,
  model: optionalId,
  kind: z.enum(EVENT_KINDS).optional(),
  actor: z.enum(EVENT_ACTORS).optional(),
  outcome: z.enum(SEARCH_OUTCOMES).optional(),
  errored: z
    .enum(["1", "0", "true", "false"])
    .optional()
    .transform((value) => value === "1" || value === "true"),
  page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(1),
});

export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** URL parameters with empty values dropped, so an untouched form field (`suite=`) means "any". */
export function searchParamsRecord(entries: Iterable<[string, string]>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of entries) if (value !== "" && !(key in record)) record[key] = value;
  return record;
}

export type SearchParseResult =
  { ok: true; query: SearchQuery } | { ok: false; issues: { path: string; message: string }[] };

export function parseSearchQuery(record: Record<string, string>): SearchParseResult {
  const parsed = SearchQuerySchema.safeParse(record);
  if (parsed.success) return { ok: true, query: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({ path: issue.path.join(".") || "query", message: issue.message })),
  };
}

/**
 * The literal the substring index looks for: a query of one token (no space, no quote) of at least three
 * characters, typically part of an id. Longer queries are full-text only: every extra trigram branch costs a
 * recheck of each candidate row, and words and "phrases" already find messages and errors.
 */
export function substringTerm(q: string): string | null {
  return q.length >= SUBSTRING_MIN && !/[\s"]/.test(q) ? q : null;
}

/** An ILIKE pattern that matches `term` literally anywhere: `%`, `_` and `\` are escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The words to mark in snippets: quoted phrases and bare words of the query, without the
 * full-text operators (`or`, a leading `-` excludes a word, so it is never marked).
 */
export function highlightTerms(q: string): string[] {
  const terms: string[] = [];
  const pattern = /(-?)"([^"]*)"|(\S+)/g;
  for (const match of q.matchAll(pattern)) {
    const [, negated, phrase, word] = match;
    if (phrase !== undefined) {
      if (!negated && phrase.trim()) terms.push(phrase.trim());
    } else if (word && !word.startsWith("-") && word.toLowerCase() !== "or") terms.push(word);
  }
  return [...new Set(terms)];
}

/** Links back to the same search with one setting changed (paging), keeping every filter. */
export function searchHref(
  query: SearchQuery,
  changes: Partial<Record<keyof SearchQuery, string | undefined>>,
): string {
  const params = new URLSearchParams();
  const values: Record<string, string | undefined> = {
    q: query.q,
    suite: query.suite,
    run: query.run,
    model: query.model,
    kind: query.kind,
    actor: query.actor,
    outcome: query.outcome,
    errored: query.errored ? "1" : undefined,
    page: query.page > 1 ? String(query.page) : undefined,
    ...changes,
  };
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return `/search?${params.toString()}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The words PostgreSQL's default parser makes of a query term, as the 'simple' configuration keeps them
 * (lower-cased, unstemmed): runs of letters and digits. `cancel_reservation` is `cancel`, `reservation`.
 */
export function parserWords(term: string): string[] {
  return term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * What snippets mark, as global regular expressions: the substring term as written (ILIKE: anywhere, any case),
 * and each word or phrase of the query as the full-text search matched it: its parser words in order, whole
 * words, separated by anything that is not a letter or digit (`cancel_reservation` matches "cancel reservation").
 */
export function highlightPatterns(q: string): RegExp[] {
  const patterns: RegExp[] = [];
  const substring = substringTerm(q);
  if (substring) patterns.push(new RegExp(escapeRegExp(substring), "giu"));
  for (const term of highlightTerms(q)) {
    const words = parserWords(term);
    if (words.length === 0) continue;
    const sequence = words.map(escapeRegExp).join("[^\\p{L}\\p{N}]+");
    patterns.push(new RegExp(`(?<![\\p{L}\\p{N}])${sequence}(?![\\p{L}\\p{N}])`, "giu"));
  }
  return patterns;
}
