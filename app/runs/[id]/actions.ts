"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { runAction, type ActionState } from "@/lib/server/action";
import { deleteRun } from "@/lib/server/delete-run";
import { editRunLabels } from "@/lib/server/edit-run";
import { requestReimport } from "@/lib/server/queue-run-jobs";
import { formValues } from "@/lib/server/action";

export async function deleteRunAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  const result = await runAction("admin", async (actor) => {
    const deleted = await deleteRun(actor, z.string().min(1).parse(form.get("runId")));
    return { ok: true, message: `deleted ${deleted.name}` };
  });
  if (!result.ok) return result;
  revalidatePath("/runs");
  redirect("/runs");
}

export async function reimportRunAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  return runAction("admin", async (actor) => {
    const runId = z.string().min(1).parse(form.get("runId"));
    const answer = await requestReimport(actor, { runId });
    revalidatePath(`/runs/${runId}`);
    if (answer.queued) return { ok: true, message: "re-import queued; reload this page when the job is done" };
    const outcome = answer.outcomes[0]?.outcome;
    if (outcome?.kind === "reimported") return { ok: true, message: "re-imported from the raw upload" };
    const reason = outcome?.kind === "rejected" ? outcome.result.error : (outcome?.reason ?? "unknown");
    return { ok: false, message: `not re-imported: ${reason}` };
  });
}

export async function editRunAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  return runAction("upload", async (actor) => {
    const labels = await editRunLabels(actor, {
      runId: "",
      name: "",
      variant: "",
      pairingKey: "",
      tags: "",
      ...formValues(form),
    });
    revalidatePath(`/runs/${labels.runId}`);
    revalidatePath("/runs");
    const tagCount = Object.keys(labels.tags).length;
    return {
      ok: true,
      message: `saved: ${labels.name ?? "built name"} (${labels.variant}${labels.pairingKey ? `, pairs by ${labels.pairingKey}` : ", unpaired"}, ${tagCount} ${tagCount === 1 ? "tag" : "tags"})`,
    };
  });
}
