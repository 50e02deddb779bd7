import { z } from "zod";
import { TagListSchema } from "@/lib/bundles/schema/run-tags";
import { recordAudit } from "@/lib/db/accounts";
import { updateRunLabels } from "@/lib/db/runs";
import { AppError } from "./app-error";
import type { Actor } from "./auth/roles";

export const RunLabelsSchema = z.object({
  runId: z.string().min(1).max(100),
  // Empty means "no name of my own": the leaderboard builds one from what tells the run apart.
  name: z
    .string()
    .trim()
    .max(200)
    .transform((value) => (value === "" ? null : value)),
  variant: z.string().trim().min(1, "a variant is needed (base, sft, rft or any label)").max(50),
  // Empty means "pairs with nothing".
  pairingKey: z
    .string()
    .trim()
    .max(200)
    .transform((value) => (value === "" ? null : value)),
  // key=value, one per line or separated by commas.
  tags: z
    .string()
    .max(20_000)
    .transform((text) => [text])
    .pipe(TagListSchema),
});

/** Renames a run and sets its variant, pairing key and tags (e.g. after a tau-bench import named it from the file). */
export async function editRunLabels(actor: Actor, input: z.input<typeof RunLabelsSchema>) {
  const labels = RunLabelsSchema.parse(input);
  if (!(await updateRunLabels(labels))) throw new AppError("not_found", `no run with id ${labels.runId}`);
  await recordAudit({
    actorId: actor.userId,
    actorName: actor.name,
    action: "edit_run",
    target: labels.runId,
    details: { name: labels.name, variant: labels.variant, pairingKey: labels.pairingKey, tags: labels.tags },
  });
  return labels;
}
