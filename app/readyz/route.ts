import { readiness } from "@/lib/server/health/readiness";

export const dynamic = "force-dynamic";

/** Readiness: 200 when the database, the job queue and the upload store answer; 503 naming the part that does not. */
export async function GET(): Promise<Response> {
  const result = await readiness();
  const failing = result.checks.filter((check) => !check.ok).map((check) => check.part);
  return Response.json(
    { status: result.ready ? "ready" : `not ready: ${failing.join(", ")}`, checks: result.checks },
    { status: result.ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
