import type { DemoRun } from "./types";

/** How a demo model behaves; the numbers encode seed 000's story, not measurements. */
export interface ModelProfile {
  run: DemoRun & { id: string };
  pairingKey: string;
  /** Added to a task's base closed-loop success chance (tasks at 0 stay unsolvable). */
  successShift: number;
  /** Gold-history text turns: chance of a generic off-target reply, of rewording, of a chatty preamble. */
  offTarget: number;
  rewording: number;
  preamble: number;
  /** Judge success for an on-target text reply. */
  textJudge: number;
  /** Gold-history tool turns: chance of the exact reference call. */
  exactCall: number;
  /** Weight multiplier for calling tools that do not exist. */
  hallucination: number;
  /** USD per million prompt / completion tokens. */
  price: [number, number];
}

const AGENT = { name: "acme-agent-harness", version: "0.3.1" };
const USER_SIMULATOR = { name: "gpt-4.1-mini", version: "2025-04-14", config: { temperature: 0.7 } };
export const JUDGE_NAME = "gemini-2.5-pro@2025-06";
const JUDGE = { name: "gemini-2.5-pro", version: "2025-06", config: { temperature: 0 } };

interface PairSpec {
  key: string;
  display: string;
  family: string;
  size: string;
  successShift: number;
  /** Closed-loop change after SFT: a few points either way, which is the point of the demo. */
  sftSuccessDelta: number;
  exactCall: [number, number];
  hallucination: number;
  price: [number, number];
}

function runOf(pair: PairSpec, variant: "base" | "sft"): DemoRun & { id: string } {
  return {
    id: `${pair.key}-${variant}`,
    name: `${pair.display} ${variant === "base" ? "base" : "SFT"}`,
    model: { name: pair.key, family: pair.family, size: pair.size },
    variant,
    pairingKey: pair.key,
    agent: {
      ...AGENT,
      config: {
        temperature: 0,
        max_user_turns: 8,
        checkpoint: variant === "base" ? `${pair.key}-instruct` : `${pair.key}-acme-sft-2025-05`,
      },
    },
    userSimulator: USER_SIMULATOR,
    judge: JUDGE,
    metadata: {
      trials_per_task: 4,
      ...(variant === "sft" ? { sft_data: "acme-support-dialogues v2, 3.1k conversations, 2 epochs" } : {}),
    },
  };
}

function profiles(pair: PairSpec): ModelProfile[] {
  const common = { pairingKey: pair.key, hallucination: pair.hallucination, price: pair.price };
  return [
    {
      ...common,
      run: runOf(pair, "base"),
      successShift: pair.successShift,
      offTarget: 0.35,
      rewording: 0.55,
      preamble: 0.75,
      textJudge: 0.55,
      exactCall: pair.exactCall[0],
    },
    {
      ...common,
      run: runOf(pair, "sft"),
      successShift: pair.successShift + pair.sftSuccessDelta,
      offTarget: 0.12,
      rewording: 0.3,
      preamble: 0.12,
      textJudge: 0.72,
      exactCall: pair.exactCall[1],
    },
  ];
}

const PAIRS: PairSpec[] = [
  {
    key: "qwen3-4b",
    display: "Qwen3-4B",
    family: "qwen3",
    size: "4B",
    successShift: -0.08,
    sftSuccessDelta: 0.03,
    exactCall: [0.3, 0.38],
    hallucination: 1.6,
    price: [0.05, 0.2],
  },
  {
    key: "qwen3-14b",
    display: "Qwen3-14B",
    family: "qwen3",
    size: "14B",
    successShift: -0.05,
    sftSuccessDelta: 0.02,
    exactCall: [0.4, 0.47],
    hallucination: 1,
    price: [0.12, 0.45],
  },
  // Gemma's tool turns barely move after SFT, as in seed 000.
  {
    key: "gemma3-12b",
    display: "Gemma3-12B",
    family: "gemma3",
    size: "12B",
    successShift: -0.03,
    sftSuccessDelta: -0.02,
    exactCall: [0.36, 0.35],
    hallucination: 1.2,
    price: [0.1, 0.35],
  },
];

const LLAMA: PairSpec = {
  key: "llama-3.1-8b",
  display: "Llama-3.1-8B",
  family: "llama-3.1",
  size: "8B",
  successShift: -0.1,
  sftSuccessDelta: 0,
  exactCall: [0.28, 0.28],
  hallucination: 1.4,
  price: [0.08, 0.3],
};

/** One bundle per base+SFT pair, plus a bundle with a single unpaired base run. */
export function demoProfileGroups(): ModelProfile[][] {
  const llama = profiles(LLAMA)[0];
  return [...PAIRS.map(profiles), ...(llama ? [[llama]] : [])];
}
