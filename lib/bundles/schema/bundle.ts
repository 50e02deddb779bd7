import { z } from "zod";
import { BUNDLE_SCHEMA_VERSION } from "./common";
import { RunSchema } from "./run";
import { SuiteSchema } from "./suite";
import { TaskSchema } from "./task";
import { TrajectorySchema } from "./trajectory";
import { TurnPredictionSchema } from "./turn-prediction";

const schemaVersion = z.literal(BUNDLE_SCHEMA_VERSION, {
  error: `schemaVersion must be "${BUNDLE_SCHEMA_VERSION}"`,
});

const headerFields = {
  schemaVersion,
  suite: SuiteSchema,
  tasks: z.array(TaskSchema),
  runs: z.array(RunSchema).min(1, "a bundle needs at least one run"),
};

// The envelope is checked before any record, so records are validated one at a time
// (a bad record yields issues with its own path, never a rejected envelope).
export const BundleEnvelopeSchema = z
  .object({
    ...headerFields,
    trajectories: z.array(z.unknown()).default([]),
    turnPredictions: z.array(z.unknown()).default([]),
  })
  .strict();

export const BundleHeaderSchema = z.object(headerFields).strict();
export type BundleHeader = z.infer<typeof BundleHeaderSchema>;

export const JsonlHeaderSchema = z.object({ type: z.literal("header"), ...headerFields }).strict();

export const JSONL_RECORD_TYPES = ["trajectory", "turnPrediction"] as const;

// The complete document, used only to export JSON Schema for users in other languages.
export const BundleDocumentSchema = z
  .object({
    ...headerFields,
    trajectories: z.array(TrajectorySchema).default([]),
    turnPredictions: z.array(TurnPredictionSchema).default([]),
  })
  .strict();
export type BundleDocument = z.infer<typeof BundleDocumentSchema>;
