import { StudyItemParams } from "@/lib/contracts/route-params";
import { route } from "@/lib/server/route";
import { saveLabels } from "@/lib/server/studies/annotate";
import { SaveLabelsSchema } from "@/lib/server/studies/study-schemas";

/** Saves the caller's own labels on one item; 409 when another tab saved first (nothing written). */
export const PUT = route(
  async (request, { params: { id, itemId }, actor }) => {
    const body = SaveLabelsSchema.parse(await request.json().catch(() => null));
    const labels = await saveLabels(actor, id, itemId, body);
    return Response.json({
      labels: labels.map(({ dimension, value, version, updatedAt }) => ({ dimension, value, version, updatedAt })),
    });
  },
  { access: "annotate", params: StudyItemParams },
);
