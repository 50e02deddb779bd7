import type { AcmeEnvironment } from "./acme-environment";
import type { DemoTask, JsonObject, ScriptStep, TaskKind, WriteVariants } from "./types";

// Apart from types.ts because it names the environment, which itself uses types.ts (one file would be an import cycle).

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
