import type { z } from "zod";
import type { BundleDocumentSchema } from "./bundle";
import type { EventSchema } from "./event";
import type { RunSchema } from "./run";
import type { SuiteSchema, ToolSchemaSchema } from "./suite";
import type { TaskSchema } from "./task";
import type { TrajectoryJudgeSchema, TrajectorySchema, TurnLabelSchema } from "./trajectory";
import type { TurnPredictionSchema } from "./turn-prediction";

// What producers write (importers, the demo generator, users): schema inputs, before defaults are applied.
export type BundleDocumentInput = z.input<typeof BundleDocumentSchema>;
export type SuiteInput = z.input<typeof SuiteSchema>;
export type ToolInput = z.input<typeof ToolSchemaSchema>;
export type TaskInput = z.input<typeof TaskSchema>;
export type RunInput = z.input<typeof RunSchema>;
export type TrajectoryInput = z.input<typeof TrajectorySchema>;
export type EventInput = z.input<typeof EventSchema>;
export type JudgeInput = z.input<typeof TrajectoryJudgeSchema>;
export type TurnLabelInput = z.input<typeof TurnLabelSchema>;
export type TurnPredictionInput = z.input<typeof TurnPredictionSchema>;
