import type { z } from "zod";
import type { BundleDocumentSchema } from "@/lib/bundles/schema/bundle";
import type { EventSchema } from "@/lib/bundles/schema/event";
import type { RunSchema } from "@/lib/bundles/schema/run";
import type { ToolSchemaSchema } from "@/lib/bundles/schema/suite";
import type { TaskSchema } from "@/lib/bundles/schema/task";
import type { TrajectorySchema } from "@/lib/bundles/schema/trajectory";
import type { TurnPredictionSchema } from "@/lib/bundles/schema/turn-prediction";
import type { JsonValue } from "@/lib/bundles/schema/common";
import type { WriteVariants } from "./scenario-cores";
import type { AcmeEnvironment } from "./acme-environment";

/** Input types (defaults not applied), because the demo writes bundles as users would. */
export type DemoBundle = z.input<typeof BundleDocumentSchema>;
export type DemoTask = z.input<typeof TaskSchema>;
export type DemoRun = z.input<typeof RunSchema>;
export type DemoTool = z.input<typeof ToolSchemaSchema>;
export type DemoEvent = z.input<typeof EventSchema>;
export type DemoTrajectory = z.input<typeof TrajectorySchema>;
export type DemoTurnPrediction = z.input<typeof TurnPredictionSchema>;

export type JsonObject = { [key: string]: JsonValue };

export interface ToolCall {
  name: string;
  arguments: JsonObject;
}

/**
 * One step of a gold conversation. A tool step is the agent's call together with the
 * environment's answer, since the two always travel together in both protocols.
 */
export type ScriptStep =
  | { role: "user"; text: string }
  | { role: "agent"; text: string }
  | { role: "tool"; call: ToolCall; output: JsonValue; error?: boolean };

export type Persona = "power" | "ambiguous" | "confused";
export type TaskKind = "refund" | "address" | "cancel" | "question" | "multi" | "escalate";

/** A task plus what the simulator needs to play it out. */
export interface DemoScenario {
  task: DemoTask & { id: string };
  kind: TaskKind;
  script: ScriptStep[];
  /** Chance that a mid-sized base model finishes the task in one closed-loop trial (0 = never). */
  baseSuccess: number;
  /** The state-changing calls in `script` and the ways a closed-loop agent gets them wrong. */
  writeSteps: Array<{ index: number } & WriteVariants>;
  initialState: JsonObject;
  expectedFinalState: JsonObject;
  /** A fresh back end in the task's initial state, for replaying closed-loop trials. */
  makeEnvironment: () => AcmeEnvironment;
  /** For questions: a confident but wrong answer a failing agent gives. */
  wrongAnswer?: string;
}
