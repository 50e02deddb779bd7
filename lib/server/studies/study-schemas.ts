import { z } from "zod";
import { RubricSchema } from "@/lib/presenters/study-rubric";
import { STRATA } from "./sample-items";

export const SamplingSchema = z
  .object({
    method: z.enum(["random", "stratified"]),
    by: z.enum(STRATA).nullable().default(null),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31),
  })
  .refine((s) => s.method === "random" || s.by !== null, {
    message: "stratified sampling needs a stratum",
    path: ["by"],
  });

export const SourceSchema = z
  .object({ runIds: z.array(z.string().min(1).max(100)).max(500), suiteId: z.string().min(1).max(100).nullable() })
  .refine((s) => s.runIds.length > 0 || s.suiteId !== null, {
    message: "pick at least one run or a suite",
    path: ["runIds"],
  });

/** Why a study needs two people, said wherever the count is asked or refused. */
export const TWO_ANNOTATORS_WHY =
  "Choose or create at least two annotators: only the agreement between two people (inter-annotator agreement) shows whether the rubric is applied consistently, and so whether a judge that disagrees with the humans is wrong or the labels are noisy.";

/** An annotator account created with the study; a blank email becomes one derived from the name. */
export const NewAnnotatorSchema = z.object({
  name: z.string().trim().min(1, "each new annotator needs a name").max(200),
  email: z.email("a new annotator's email is not an email address"),
});

export const NewStudySchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    instructions: z.string().max(20_000).default(""),
    source: SourceSchema,
    sampleSize: z.number().int().min(1).max(5000),
    sampling: SamplingSchema,
    annotatorsPerItem: z.number().int().min(2).max(20),
    annotatorIds: z.array(z.string().min(1)).max(100),
    newAnnotators: z.array(NewAnnotatorSchema).max(20).default([]),
    blind: z.boolean(),
    rubric: RubricSchema,
  })
  .refine((s) => new Set(s.annotatorIds).size + s.newAnnotators.length >= 2, {
    message: TWO_ANNOTATORS_WHY,
    path: ["annotatorIds"],
  })
  .refine((s) => new Set(s.annotatorIds).size + s.newAnnotators.length >= s.annotatorsPerItem, {
    message: "Assign at least as many annotators as annotators per item.",
    path: ["annotatorIds"],
  });
export type NewStudy = z.infer<typeof NewStudySchema>;
export type NewStudyInput = z.input<typeof NewStudySchema>;

export const SaveLabelsSchema = z.object({
  labels: z
    .array(
      z.object({
        dimension: z.string().min(1).max(40),
        value: z.string().max(20_000),
        expectedVersion: z.number().int().min(0),
      }),
    )
    .min(1)
    .max(50),
});
export type SaveLabels = z.infer<typeof SaveLabelsSchema>;

export const AdjudicationSchema = z.object({
  itemId: z.string().min(1),
  dimension: z.string().min(1).max(40),
  value: z.string().min(1).max(200),
  note: z.string().max(2000).default(""),
});
