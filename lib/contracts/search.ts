/** Where in an event a search hit was found, in the words the results page uses. */
export type SnippetField = "text" | "tool" | "arguments" | "result";

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

/** One event that matched a search, as the API returns it and the results page shows it. */
export interface SearchHit {
  runId: string;
  runName: string;
  suite: string;
  model: string;
  trajectoryId: string;
  taskExternalId: string;
  trial: number;
  success: boolean | null;
  seq: number;
  turnIndex: number;
  kind: string;
  actor: string;
  toolName: string | null;
  isError: boolean;
  snippet: Snippet | null;
  /** Opens the trajectory timeline scrolled to this event. */
  href: string;
}

export interface SearchResult {
  page: number;
  pageSize: number;
  /** Matching events, counted up to the cap (1,000). */
  matches: number;
  /** More events match than the cap: only the first 1,000 found are ordered and paged. */
  capped: boolean;
  hasNext: boolean;
  hits: SearchHit[];
  /** Runs the filters select whose search indexes are still being built after upload: not searched yet. */
  pendingRuns: { id: string; name: string }[];
}
