import { SEARCH_QUERY_MAX } from "@/lib/presenters/search-query";

/** "Search within this run": a GET form to /search limited to one run. */
export function RunSearchForm({ runId }: { runId: string }) {
  return (
    <form method="get" action="/search" role="search" aria-label="Search within this run" className="panel row">
      <input type="hidden" name="run" value={runId} />
      <label>
        Search within this run{" "}
        <input
          type="search"
          name="q"
          required
          maxLength={SEARCH_QUERY_MAX}
          size={40}
          placeholder="message text, tool name, argument, error"
        />
      </label>
      <button type="submit">Search</button>
    </form>
  );
}
