import { BUNDLE_SCHEMA_VERSION } from "@/lib/bundles/schema/common";
import { ACME_SUITE } from "./acme-suite";
import { ACME_TASK_SPECS } from "./acme-tasks";
import { buildScenario } from "./build-scenario";
import { demoProfileGroups } from "./model-profiles";
import { predictTurns } from "./predict-turns";
import { simulateTrajectory } from "./simulate-trajectory";
import type { DemoBundle } from "./types";

export type { DemoBundle } from "./types";

export const DEMO_TRIALS = [1, 2, 3, 4] as const;

/**
 * The demo data set: the "acme-support" suite with 24 tasks, one bundle per base+SFT
 * pair (Qwen3-4B, Qwen3-14B, Gemma3-12B) and one with an unpaired Llama base run.
 * Pure and seeded: every call returns the same bundles, so the demo is reproducible.
 */
export function generateDemoBundles(): DemoBundle[] {
  const scenarios = ACME_TASK_SPECS.map(buildScenario);
  return demoProfileGroups().map((profiles) => ({
    schemaVersion: BUNDLE_SCHEMA_VERSION,
    // Fresh copies so a caller that edits one bundle cannot change another.
    suite: structuredClone(ACME_SUITE),
    tasks: structuredClone(scenarios.map((scenario) => scenario.task)),
    runs: profiles.map((profile) => structuredClone(profile.run)),
    trajectories: profiles.flatMap((profile) =>
      scenarios.flatMap((scenario, taskIndex) =>
        DEMO_TRIALS.map((trial) => simulateTrajectory(scenario, profile, trial, taskIndex)),
      ),
    ),
    turnPredictions: profiles.flatMap((profile) => scenarios.flatMap((scenario) => predictTurns(scenario, profile))),
  }));
}
