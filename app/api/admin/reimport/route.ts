import { z } from "zod";
import { route } from "@/lib/server/route";
import { requestReimport } from "@/lib/server/queue-run-jobs";

export const dynamic = "force-dynamic";

const BodySchema = z.union([
  z.object({ runId: z.string().min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** POST {runId} or {all: true} (admins, or a token with the upload scope: a re-import rewrites like an upload): re-import from the kept raw uploads (202 with the queued jobs; 200 with outcomes when run inline). */
export const POST = route(
  async (request, { actor }) => {
    const body = BodySchema.parse(await request.json());
    const answer = await requestReimport(actor, body);
    return Response.json(answer, { status: answer.queued ? 202 : 200 });
  },
  { access: "upload" },
);
