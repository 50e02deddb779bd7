"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { formValues, runAction, type ActionState } from "@/lib/server/action";
import { createStudy } from "@/lib/server/studies/create-study";
import { adjudicate, setStudyOpen } from "@/lib/server/studies/manage-study";
import { readStudyForm } from "@/lib/server/studies/read-study-form";
import { studyFormMessage } from "@/lib/server/studies/study-form-errors";
import { NewStudySchema } from "@/lib/server/studies/study-schemas";

export async function createStudyAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  let studyId = "";
  const result = await runAction("admin", async (actor) => {
    const checked = NewStudySchema.safeParse(readStudyForm(form));
    if (!checked.success) return { ok: false, message: studyFormMessage(checked.error) };
    const created = await createStudy(actor, checked.data);
    studyId = created.id;
    if (created.accounts.length === 0) return { ok: true, message: `created with ${created.items} items` };
    // New accounts' passwords exist only in this answer: show them before moving on.
    return {
      ok: true,
      message: `Study created with ${created.items} items. Give each new annotator their password now: it is not shown again.`,
      credentials: created.accounts,
      next: { href: `/studies/${created.id}`, label: "Open the study" },
    };
  });
  if (!result.ok || result.credentials) {
    if (result.ok) revalidatePath("/studies");
    return result;
  }
  revalidatePath("/studies");
  redirect(`/studies/${studyId}`);
}

export async function setStudyOpenAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  return runAction("admin", async (actor) => {
    const studyId = z.string().min(1).parse(form.get("studyId"));
    const open = form.get("open") === "true";
    await setStudyOpen(actor, studyId, open);
    revalidatePath(`/studies/${studyId}`);
    return { ok: true, message: open ? "study reopened" : "study closed: labels are frozen" };
  });
}

export async function adjudicateAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  return runAction("admin", async (actor) => {
    const values = formValues(form);
    const studyId = z.string().min(1).parse(values.studyId);
    await adjudicate(actor, studyId, values);
    revalidatePath(`/studies/${studyId}/agreement`);
    return { ok: true, message: `adjudicated: ${values.value}` };
  });
}
