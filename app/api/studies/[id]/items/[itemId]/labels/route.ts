import { z } from "zod";
import { route } from "@/lib/server/app-error";
import { saveLabels } from "@/lib/server/studies/annotate";
import { SaveLabelsSchema } from "@/lib/server/studies/study-schemas";

const ParamsSchema = z.object({ id: z.string().min(1).max(100), itemId: z.string().min(1).max(100) });

/** Saves the caller's own labels on one item; 409 when another tab saved first (nothing written). */
export const PUT = route<{ id: string; itemId: string }>(
  async (request, { params, actor }) => {
    const { id, itemId } = ParamsSchema.parse(params);
    const body = SaveLabelsSchema.parse(await request.json().catch(() => null));
    const labels = await saveLabels(actor, id, itemId, body);
    return Response.json({
      labels: labels.map(({ dimension, value, version, updatedAt }) => ({ dimension, value, version, updatedAt })),
    });
  },
  { access: "annotate" },
);
