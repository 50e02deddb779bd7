import Link from "next/link";

/** Shown names are capped so a burst of uploads cannot flood the page; the count says how many there are. */
const NAMED_AT_MOST = 5;

/** Runs the search skipped because their search indexes are still being built after upload (docs/search.md). */
export function PendingRunsNotice({ runs }: { runs: { id: string; name: string }[] }) {
  if (runs.length === 0) return null;
  const named = runs.slice(0, NAMED_AT_MOST);
  const more = runs.length - named.length;
  return (
    <p className="panel" role="status" data-testid="search-pending-runs">
      {runs.length === 1 ? "1 run is" : `${runs.length.toLocaleString("en")} runs are`} still being indexed for search
      and {runs.length === 1 ? "was" : "were"} not searched:{" "}
      {named.map((run, index) => (
        <span key={run.id}>
          {index > 0 ? ", " : null}
          <Link href={`/runs/${encodeURIComponent(run.id)}`}>{run.name}</Link>
        </span>
      ))}
      {more > 0 ? ` and ${more.toLocaleString("en")} more` : null}. Their metrics and timelines are ready; reload in a
      moment to search them too.
    </p>
  );
}
