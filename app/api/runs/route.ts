import { TagListSchema } from "@/lib/bundles/schema/run-tags";
import { route } from "@/lib/server/app-error";
import { listRuns } from "@/lib/server/list-runs";

export const dynamic = "force-dynamic";

// ?tag=key=value (repeatable): runs carrying every tag; a malformed tag is a 422 naming it.
export const GET = route(async (request) => {
  const tags = TagListSchema.parse(new URL(request.url).searchParams.getAll("tag"));
  return Response.json({ runs: await listRuns({ tags }) });
});
