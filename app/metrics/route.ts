import { route } from "@/lib/server/route";
import { metricsText } from "@/lib/server/health/metrics";

export const dynamic = "force-dynamic";

/** Prometheus text format; in locked mode a scraper sends an API token (Authorization: Bearer ...). */
export const GET = route(async () => {
  const { body, contentType } = await metricsText();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
