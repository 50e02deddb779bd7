import { z } from "zod";
import { TagListSchema } from "@/lib/bundles/schema/run-tags";
import { repeated } from "@/lib/contracts/route-params";
import { route } from "@/lib/server/route";
import { listRuns } from "@/lib/server/list-runs";

export const dynamic = "force-dynamic";

// ?tag=key=value (repeatable): runs carrying every tag; a malformed tag is a 400 naming it.
const RunListQuery = z.object({ tag: repeated(TagListSchema) });

export const GET = route(
  async (_request, { query: { tag } }) => Response.json({ runs: await listRuns({ tags: tag }) }),
  {
    query: RunListQuery,
    // The list names every run: hidden from an annotator of an open blind study (blind means blind).
    runDetail: true,
  },
);
