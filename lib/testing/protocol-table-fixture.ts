import { buildProtocolTable, type ProtocolRunInput, type ProtocolTable } from "@/lib/presenters/protocol-table";
import { makeRunMetrics } from "./leaderboard-fixtures";

const gold = (
  rouge1F1: number,
  allTurnSuccess: number,
  textTurnSuccess: number,
  toolTurnSuccess: number,
  exactCallAccuracy: number,
  argumentF1: number | null,
) => ({
  rouge1F1,
  allTurnSuccess,
  textTurnSuccess,
  toolTurnSuccess,
  exactCallAccuracy,
  argumentF1,
  textTurns: 376,
  toolTurns: 166,
});

const count = (c: number, eligible: number) => ({ count: c, eligible, rate: eligible > 0 ? c / eligible : null });

/** Test fixture with known values: seed 000's Qwen3-4B columns of Table 1, plus a run of another model without a pair. */
export const PROTOCOL_RUNS: ProtocolRunInput[] = [
  {
    id: "r-sft",
    name: "qwen sft run",
    model: "qwen3-4b-sft",
    family: "qwen3",
    size: "4B",
    variant: "sft",
    pairingKey: "qwen3-4b",
    metrics: makeRunMetrics({
      goldHistory: gold(0.498, 0.507, 0.614, 0.265, 0.139, 0.248),
      toolWorkflowCompletion: count(3, 77),
      holisticSuccess: count(0, 77),
      successRate: { value: 0.75, se: 0.2, low: 0.3, high: 0.95, effectiveN: 4, n: 4, successes: 3 },
      passHatK: { 1: 0.75, 2: 0.5 },
    }),
  },
  {
    id: "r-base",
    name: "qwen base run",
    model: "qwen3-4b",
    family: "qwen3",
    size: "4B",
    variant: "base",
    pairingKey: "qwen3-4b",
    metrics: makeRunMetrics({
      goldHistory: gold(0.306, 0.292, 0.324, 0.217, 0.036, 0.063),
      toolWorkflowCompletion: count(0, 77),
      holisticSuccess: count(0, 77),
      successRate: { value: 0.25, se: 0.2, low: 0.05, high: 0.7, effectiveN: 4, n: 4, successes: 1 },
      passHatK: { 1: 0.25, 2: 0 },
    }),
  },
  {
    id: "r-gemma",
    name: "gemma run",
    model: "gemma_3-4b, it",
    family: "gemma3",
    size: "4B",
    variant: "sft",
    pairingKey: null,
    metrics: makeRunMetrics({
      goldHistory: gold(0.469, 0.411, 0.508, 0.193, 0, 0.005),
      toolWorkflowCompletion: count(0, 77),
      holisticSuccess: count(0, 0),
      passHatK: { 1: 0.5 },
    }),
  },
];

export function buildFixtureProtocolTable(): ProtocolTable {
  return buildProtocolTable({ id: "suite-1", name: "support 1" }, PROTOCOL_RUNS);
}
