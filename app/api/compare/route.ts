import { CompareExportQuerySchema } from "@/lib/presenters/compare-params";
import { route } from "@/lib/server/app-error";
import { assertNotBlind } from "@/lib/server/auth/blind-scope";
import { exportComparison } from "@/lib/server/compare-export";

export const dynamic = "force-dynamic";

/** GET /api/compare?runs=a,b&table=protocol|tasks&format=csv|md|tex */
export const GET = route(async (request, { actor }) => {
  await assertNotBlind(actor);
  const query = CompareExportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await exportComparison({ runIds: query.runs, table: query.table, format: query.format });
  return new Response(result.body, {
    headers: { "content-type": result.contentType, "content-disposition": `inline; filename="${result.fileName}"` },
  });
});
