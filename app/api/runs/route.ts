import { route } from "@/lib/server/app-error";
import { listRuns } from "@/lib/server/list-runs";

export const dynamic = "force-dynamic";

export const GET = route(async () => Response.json({ runs: await listRuns() }));
