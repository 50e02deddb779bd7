/** Liveness for a load balancer or orchestrator: the process answers. Checks nothing else, by design. */
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
