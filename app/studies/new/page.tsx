import { KeepValuesForm } from "@/components/annotation/keep-values-form";
import { NewStudyFields } from "@/components/annotation/new-study-fields";
import { requirePageAccess } from "@/lib/server/auth/page-access";
import { getStudyFormOptions } from "@/lib/server/studies/study-form-options";
import { createStudyAction } from "../actions";

export const dynamic = "force-dynamic";

export default async function NewStudyPage() {
  await requirePageAccess("admin");
  const options = await getStudyFormOptions();
  return (
    <>
      <h1>New annotation study</h1>
      <p className="lead">
        Items are sampled and frozen now: later uploads or deletions do not change the study (deleted trajectories are
        reported as such).
      </p>
      <KeepValuesForm action={createStudyAction} submitLabel="Create study" label="New study">
        <NewStudyFields {...options} />
      </KeepValuesForm>
    </>
  );
}
