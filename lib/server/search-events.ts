import { findSearchableRunName, readSearchFacets, searchEvents, type SearchFacets } from "@/lib/db/search";
import {
  highlightPatterns,
  likePattern,
  SEARCH_MATCH_CAP,
  SEARCH_PAGE_SIZE,
  substringTerm,
  type SearchQuery,
} from "@/lib/presenters/search-query";
import { buildSnippet } from "@/lib/presenters/search-snippet";
import type { SearchHit, SearchResult } from "@/lib/contracts/search";
import { AppError } from "./app-error";
import { blindRefusal } from "./auth/blind-scope";
import type { Actor } from "./auth/roles";

/**
 * Search reveals run names next to trace text, so it follows the trajectory page's rule: shut while the
 * caller annotates an open blind study (refusing only that study's runs would tell which runs they are).
 */
export async function assertSearchAllowed(actor: Actor): Promise<void> {
  const refusal = await blindRefusal(actor);
  if (refusal) throw new AppError("forbidden", refusal);
}

export async function searchTraces(actor: Actor, query: SearchQuery): Promise<SearchResult> {
  await assertSearchAllowed(actor);
  const substring = substringTerm(query.q);
  const { rows, matches, capped, pendingRuns } = await searchEvents({
    words: query.q,
    substringPattern: substring ? likePattern(substring) : null,
    suiteId: query.suite,
    runId: query.run,
    modelId: query.model,
    kind: query.kind,
    actor: query.actor,
    outcome: query.outcome,
    errored: query.errored,
    cap: SEARCH_MATCH_CAP,
    limit: SEARCH_PAGE_SIZE,
    offset: (query.page - 1) * SEARCH_PAGE_SIZE,
  });
  const patterns = highlightPatterns(query.q);
  const hits = rows.map((row): SearchHit => ({
    runId: row.runId,
    runName: row.runName,
    suite: row.suiteVersion ? `${row.suiteName} ${row.suiteVersion}` : row.suiteName,
    model: row.modelName,
    trajectoryId: row.trajectoryId,
    taskExternalId: row.taskExternalId,
    trial: row.trial,
    success: row.success,
    seq: row.seq,
    turnIndex: row.turnIndex,
    kind: row.kind,
    actor: row.actor,
    toolName: row.toolName,
    isError: row.isError,
    snippet: buildSnippet(row, patterns),
    href: `/runs/${encodeURIComponent(row.runId)}/trajectories/${encodeURIComponent(row.trajectoryId)}#event-${row.seq}`,
  }));
  return {
    page: query.page,
    pageSize: SEARCH_PAGE_SIZE,
    matches,
    capped,
    hasNext: query.page * SEARCH_PAGE_SIZE < matches,
    hits,
    pendingRuns,
  };
}

export interface SearchFormOptions extends SearchFacets {
  /** The name of the run a search is limited to, or null (no run filter, or a deleted/unknown run). */
  runName: string | null;
}

export async function getSearchFormOptions(runId: string | undefined): Promise<SearchFormOptions> {
  const [facets, runName] = await Promise.all([
    readSearchFacets(),
    runId ? findSearchableRunName({ runId }) : Promise.resolve(null),
  ]);
  return { ...facets, runName };
}
