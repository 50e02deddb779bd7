import { CompareExportQuerySchema } from "@/lib/presenters/compare-params";
import { route } from "@/lib/server/route";
import { exportComparison } from "@/lib/server/compare-export";
import { loadComparison } from "@/lib/server/compare-runs";
import { refuseCrossSuite } from "@/lib/server/guard-comparison";

export const dynamic = "force-dynamic";

/** GET /api/compare?runs=a,b&table=protocol|tasks&format=csv|md|tex[&crossSuite=1]; runs of different suites get 409 without the opt-in. */
export const GET = route(
  async (_request, { query }) => {
    const { guard, comparison } = await loadComparison(query.runs, { crossSuite: query.crossSuite });
    if (!comparison) refuseCrossSuite(guard);
    return exportComparison({ comparison, table: query.table, format: query.format });
  },
  { query: CompareExportQuerySchema, runDetail: true },
);
