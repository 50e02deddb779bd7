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

export const NewStudySchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    instructions: z.string().max(20_000).default(""),
    source: SourceSchema,
    sampleSize: z.number().int().min(1).max(5000),
    sampling: SamplingSchema,
    annotatorsPerItem: z.number().int().min(2).max(20),
    annotatorIds: z.array(z.string().min(1)).min(2).max(100),
    blind: z.boolean(),
    rubric: RubricSchema,
  })
  .refine((s) => s.annotatorIds.length >= s.annotatorsPerItem, {
    message: "assign at least as many annotators as annotators per item",
    path: ["annotatorIds"],
  });
export type NewStudy = z.infer<typeof NewStudySchema>;

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
