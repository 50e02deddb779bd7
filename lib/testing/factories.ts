import { BUNDLE_SCHEMA_VERSION } from "@/lib/bundles/schema/common";
import type { BundleEvent } from "@/lib/bundles/schema/event";
import type { Run } from "@/lib/bundles/schema/run";
import type { Task } from "@/lib/bundles/schema/task";

/** Plain JSON shapes as users write them (input types: defaults not yet applied). */
export type TaskInput = Partial<Task> & { id: string };
export type RunInput = Partial<Run> & { id: string };
export type EventInput = Partial<BundleEvent> & { kind: BundleEvent["kind"] } & Record<string, unknown>;

export interface TrajectoryInput {
  run: string;
  task: string;
  trial: number;
  events: EventInput[];
  [key: string]: unknown;
}

export interface TurnPredictionInput {
  run: string;
  task: string;
  turn: number;
  kind: "text" | "tool";
  reference: unknown;
  prediction: unknown;
  [key: string]: unknown;
}

export interface BundleInput {
  schemaVersion: string;
  suite: Record<string, unknown>;
  tasks: TaskInput[];
  runs: RunInput[];
  trajectories: TrajectoryInput[];
  turnPredictions: TurnPredictionInput[];
}

let counter = 0;
/** Unique per call so DB tests never collide with each other or with earlier runs. */
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}`;
}

export function makeTask(overrides: Partial<TaskInput> = {}): TaskInput {
  return {
    id: "refund",
    goal: "Refund the duplicate 2500-cent charge on order A-104.",
    expectedFinalState: { refund_cents: 2500, status: "refunded" },
    requiredReplyInfo: ["2500 cents"],
    requiresTools: true,
    ...overrides,
  };
}

export function makeRun(overrides: Partial<RunInput> = {}): RunInput {
  return {
    id: "base",
    model: { name: "qwen3-4b", family: "qwen3", size: "4B" },
    variant: "base",
    pairingKey: "qwen3-4b",
    ...overrides,
  };
}

export function makeEvents(): EventInput[] {
  return [
    { kind: "user_message", text: "Please refund the duplicate charge on A-104." },
    { kind: "tool_call", tool: "lookup", callId: "c1", arguments: { order_id: "A-104" } },
    { kind: "tool_result", tool: "lookup", callId: "c1", output: { status: "paid" } },
    { kind: "tool_call", tool: "refund", callId: "c2", arguments: { order_id: "A-104", cents: 2500 } },
    { kind: "tool_result", tool: "refund", callId: "c2", output: "ok" },
    { kind: "agent_message", text: "Refunded 2500 cents." },
  ];
}

export function makeTrajectory(overrides: Partial<TrajectoryInput> = {}): TrajectoryInput {
  return {
    run: "base",
    task: "refund",
    trial: 1,
    stopReason: "finished",
    finalState: { refund_cents: 2500, status: "refunded" },
    events: makeEvents(),
    ...overrides,
  };
}

export function makeTurnPrediction(overrides: Partial<TurnPredictionInput> = {}): TurnPredictionInput {
  return {
    run: "base",
    task: "refund",
    turn: 1,
    kind: "text",
    reference: { text: "I have refunded 2500 cents." },
    prediction: { text: "Refunded 2500 cents to your card." },
    judge: { success: true },
    ...overrides,
  };
}

/** A small valid bundle; `suiteName` defaults to a unique name so DB tests stay independent. */
export function makeBundle(overrides: Partial<BundleInput> = {}): BundleInput {
  return {
    schemaVersion: BUNDLE_SCHEMA_VERSION,
    suite: {
      name: uniqueId("suite"),
      version: "1",
      tools: [
        { name: "lookup", access: "read" },
        { name: "refund", access: "write" },
      ],
    },
    tasks: [makeTask()],
    runs: [makeRun()],
    trajectories: [makeTrajectory()],
    turnPredictions: [makeTurnPrediction()],
    ...overrides,
  };
}

/** The JSONL encoding of a bundle: a header line, then one record per line. */
export function toJsonl(bundle: BundleInput): string {
  const { trajectories, turnPredictions, ...header } = bundle;
  const lines = [
    JSON.stringify({ type: "header", ...header }),
    ...trajectories.map((t) => JSON.stringify({ type: "trajectory", ...t })),
    ...turnPredictions.map((p) => JSON.stringify({ type: "turnPrediction", ...p })),
  ];
  return `${lines.join("\n")}\n`;
}

export async function* chunksOf(content: string | Uint8Array, chunkSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  for (let start = 0; start < bytes.length; start += chunkSize) yield bytes.subarray(start, start + chunkSize);
}

/** Everything a byte stream gives, as one buffer (chunksOf the other way round). */
export async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}
