import Link from "next/link";
import { requireRunDetailAccess } from "@/lib/server/auth/page-access";
import { getSearchFormOptions, searchTraces } from "@/lib/server/search-events";
import { parseSearchQuery, searchHref, searchParamsRecord, SUBSTRING_MIN } from "@/lib/presenters/search-query";
import { SearchForm } from "@/components/search/search-form";
import { SearchResults } from "@/components/search/search-results";
import { PendingRunsNotice } from "@/components/search/pending-runs-notice";

export const dynamic = "force-dynamic";

function firstValues(params: Record<string, string | string[] | undefined>): [string, string][] {
  return Object.entries(params).flatMap(([key, value]) => {
    const first = Array.isArray(value) ? value[0] : value;
    return first === undefined ? [] : [[key, first] as [string, string]];
  });
}

/** Search across every trace (docs/search.md); shut like the trajectory page for blind annotators. */
export default async function SearchPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requireRunDetailAccess();
  const record = searchParamsRecord(firstValues(await props.searchParams));
  const parsed = parseSearchQuery(record);
  const options = await getSearchFormOptions(parsed.ok ? parsed.query.run : record.run?.slice(0, 100));
  const values = parsed.ok
    ? { ...parsed.query, errored: parsed.query.errored }
    : { ...record, q: record.q ?? "", errored: record.errored === "1" };
  const result = parsed.ok ? await searchTraces(actor, parsed.query) : null;
  return (
    <>
      <h1>Search</h1>
      <p className="lead">
        Message text, tool names, arguments, tool results and errors of every run. Words match whole words in any order
        (&quot;quoted phrases&quot;, <code>or</code>, <code>-word</code> to exclude); a single token of {SUBSTRING_MIN}{" "}
        or more characters (no space or quote) also matches as a literal substring, ignoring case, e.g. part of an id.
        Results open the timeline at the event. <Link href="/search">New search</Link>
      </p>
      <SearchForm values={values} suites={options.suites} models={options.models} runName={options.runName} />
      {!parsed.ok && record.q !== undefined ? (
        <div className="panel" role="alert">
          <ul>
            {parsed.issues.map((issue) => (
              <li key={`${issue.path}:${issue.message}`}>
                {issue.path}: {issue.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result && parsed.ok ? (
        <section className="panel" aria-label="Results">
          <PendingRunsNotice runs={result.pendingRuns} />
          {result.hits.length === 0 ? (
            <p>No event matches{result.page > 1 ? " on this page" : ""}.</p>
          ) : (
            <>
              <p className="muted">
                {result.capped
                  ? `More than ${result.matches.toLocaleString("en")} events match; the first ${result.matches.toLocaleString("en")} found are shown, grouped by trajectory in event order. Add words or filters to narrow the search.`
                  : `${result.matches.toLocaleString("en")} matching event${result.matches === 1 ? "" : "s"}, grouped by trajectory in event order.`}{" "}
                Showing {(result.page - 1) * result.pageSize + 1}–
                {(result.page - 1) * result.pageSize + result.hits.length}.
              </p>
              <SearchResults hits={result.hits} />
            </>
          )}
          <nav className="row" aria-label="Result pages">
            {result.page > 1 ? (
              <Link href={searchHref(parsed.query, { page: String(result.page - 1) })}>Previous page</Link>
            ) : null}
            {result.hasNext ? (
              <Link href={searchHref(parsed.query, { page: String(result.page + 1) })}>Next page</Link>
            ) : null}
          </nav>
        </section>
      ) : null}
    </>
  );
}
