import { z } from "zod";
import { KeepValuesForm } from "@/components/annotation/keep-values-form";
import { NewStudyFields } from "@/components/annotation/new-study-fields";
import { requirePageAccess } from "@/lib/server/auth/page-access";
import { pageQuery } from "@/lib/server/page-input";
import { getStudyFormOptions } from "@/lib/server/studies/study-form-options";
import { createStudyAction } from "../actions";

export const dynamic = "force-dynamic";

/** `?run=<id>`: opened from a run's Judges view, the form starts on that run. */
const NewStudyQuery = z.object({ run: z.string().max(100).optional().catch(undefined) });

export default async function NewStudyPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageAccess("admin");
  const query = await pageQuery(NewStudyQuery, props.searchParams);
  const options = await getStudyFormOptions({ runId: query.run });
  return (
    <>
      <h1>New annotation study</h1>
      <p className="lead">
        Items are sampled and frozen now: later uploads or deletions do not change the study (deleted trajectories are
        reported as such). Every judge&apos;s verdict on the sampled trajectories, and the benchmark&apos;s outcome, are
        frozen with them for the report.
      </p>
      <KeepValuesForm action={createStudyAction} submitLabel="Create study" label="New study">
        <NewStudyFields {...options} />
      </KeepValuesForm>
    </>
  );
}
