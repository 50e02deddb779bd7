import { z } from "zod";
import { route } from "@/lib/server/app-error";
import { deleteRun } from "@/lib/server/delete-run";

export const dynamic = "force-dynamic";

const ParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const DELETE = route<{ id: string }>(
  async (_request, { params, actor }) => {
    const { id } = ParamsSchema.parse(params);
    return Response.json({ deleted: await deleteRun(actor, id) });
  },
  { access: "admin" },
);
