import { route } from "@/lib/server/route";
import { createStudy } from "@/lib/server/studies/create-study";
import { NewStudySchema } from "@/lib/server/studies/study-schemas";

/** Creates a study from JSON with the form's validation (NewStudySchema): 422 with field paths when invalid. */
export const POST = route(
  async (request, { actor }) => {
    const body = NewStudySchema.parse(await request.json().catch(() => null));
    return Response.json(await createStudy(actor, body), { status: 201 });
  },
  { access: "admin" },
);
