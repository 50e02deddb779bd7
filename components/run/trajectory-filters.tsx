import Link from "next/link";
import { buildRunPageHref, NO_STOP_REASON, type RunPageQuery } from "@/lib/presenters/run-page-query";
import type { TrajectoryFacetsView } from "@/lib/presenters/run-trajectory-rows";

/** A plain GET form: the filters live in the URL, so every filtered view is a shareable link. */
export function TrajectoryFilters({
  runId,
  query,
  facets,
}: {
  runId: string;
  query: RunPageQuery;
  facets: TrajectoryFacetsView;
}) {
  return (
    <form method="get" action={`/runs/${runId}`} className="row" aria-label="Trajectory filters" role="search">
      {query.gridSort !== "task" ? <input type="hidden" name="gridSort" value={query.gridSort} /> : null}
      <label>
        Outcome{" "}
        <select name="outcome" defaultValue={query.outcome ?? ""}>
          <option value="">any</option>
          <option value="success">success</option>
          <option value="fail">fail</option>
          <option value="unknown">unknown</option>
        </select>
      </label>
      <label>
        Stop reason{" "}
        <select name="stop" defaultValue={query.stop ?? ""}>
          <option value="">any</option>
          {facets.stopReasons.map((reason) => (
            <option key={reason ?? NO_STOP_REASON} value={reason ?? NO_STOP_REASON}>
              {reason ?? "none recorded"}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tool error{" "}
        <select name="toolError" defaultValue={query.toolError ?? ""}>
          <option value="">any</option>
          <option value="yes">has tool error</option>
          <option value="no">no tool error</option>
        </select>
      </label>
      <label>
        Judge failure category{" "}
        <select name="category" defaultValue={query.category ?? ""}>
          <option value="">any</option>
          {facets.failureCategories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </label>
      <label>
        Search <input type="search" name="q" defaultValue={query.q ?? ""} placeholder="final reply or task id" />
      </label>
      <button type="submit" className="primary">
        Apply
      </button>
      <Link
        href={buildRunPageHref(
          runId,
          {
            ...query,
            outcome: undefined,
            stop: undefined,
            toolError: undefined,
            category: undefined,
            q: undefined,
            page: 1,
          },
          {},
          "#trajectories",
        )}
      >
        Clear
      </Link>
    </form>
  );
}
