import type {
  BundleDocumentInput,
  EventInput,
  RunInput,
  TaskInput,
  ToolInput,
  TrajectoryInput,
  TurnPredictionInput,
} from "@/lib/bundles/schema/inputs";
import type { JsonValue } from "@/lib/bundles/schema/common";
import type { WriteVariants } from "./scenario-cores";
import type { AcmeEnvironment } from "./acme-environment";

/** Input types (defaults not applied), because the demo writes bundles as users would. */
export type DemoBundle = BundleDocumentInput;
export type DemoTask = TaskInput;
export type DemoRun = RunInput;
export type DemoTool = ToolInput;
export type DemoEvent = EventInput;
export type DemoTrajectory = TrajectoryInput;
export type DemoTurnPrediction = TurnPredictionInput;

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
