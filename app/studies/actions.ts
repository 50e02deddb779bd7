"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { formValues, runAction, type ActionState } from "@/lib/server/action";
import { createStudy } from "@/lib/server/studies/create-study";
import { adjudicate, setStudyOpen } from "@/lib/server/studies/manage-study";
import { readStudyForm } from "@/lib/server/studies/read-study-form";

export async function createStudyAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  let studyId = "";
  const result = await runAction("admin", async (actor) => {
    const created = await createStudy(actor, readStudyForm(form));
    studyId = created.id;
    return { ok: true, message: `created with ${created.items} items` };
  });
  if (!result.ok) return result;
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
