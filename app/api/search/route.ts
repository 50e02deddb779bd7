import { AppError } from "@/lib/server/app-error";
import { route } from "@/lib/server/route";
import { parseSearchQuery, searchParamsRecord } from "@/lib/presenters/search-query";
import { searchTraces } from "@/lib/server/search-events";

export const dynamic = "force-dynamic";

/** GET /api/search?q=...&suite=&run=&model=&kind=&actor=&outcome=&errored=1&page= (docs/search.md). */
export const GET = route(async (request, { actor }) => {
  const parsed = parseSearchQuery(searchParamsRecord(new URL(request.url).searchParams));
  if (!parsed.ok) throw new AppError("bad_request", "invalid search", { issues: parsed.issues });
  return Response.json({ query: parsed.query, ...(await searchTraces(actor, parsed.query)) });
});
