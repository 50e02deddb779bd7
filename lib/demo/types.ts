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

/** How a closed-loop agent can get the state-changing call wrong; computed in scenario-cores.ts, where the order is known. */
export interface WriteVariants {
  /** Plausible but wrong arguments that the back end accepts, or null when no such mistake exists. */
  wrongArguments: JsonObject | null;
  /** Text edits applied to later agent messages so the agent reports what it actually did. */
  replacements: Array<[string, string]>;
  /** Arguments the back end rejects. */
  malformedArguments: JsonObject;
  hallucinatedName: string;
  /** A call that succeeds but breaks the policy, with the message the agent then sends. */
  violation?: { confirm: string; call: ToolCall; ack: string };
}
