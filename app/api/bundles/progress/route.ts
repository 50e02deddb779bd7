import { z } from "zod";
import { route } from "@/lib/server/app-error";
import { readProgress } from "@/lib/server/upload-progress";

export const dynamic = "force-dynamic";

const QuerySchema = z.object({ id: z.string().min(1).max(200) });

export const GET = route(async (request) => {
  const { id } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const progress = readProgress(id);
  if (!progress) return Response.json({ error: "no upload with that id is running" }, { status: 404 });
  return Response.json(progress);
});
