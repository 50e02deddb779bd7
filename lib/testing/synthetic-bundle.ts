import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { BUNDLE_SCHEMA_VERSION } from "@/lib/bundles/schema/common";
import type { EventInput } from "./factories";

/** One synthetic trajectory of about `events` events: user turns, tool calls and results, an occasional error. */
function syntheticEvents(index: number, events: number): EventInput[] {
  const out: EventInput[] = [];
  let turn = 0;
  while (out.length < events) {
    out.push({
      kind: "user_message",
      text: `Turn ${turn}: please look up order A-${index}-${turn} and fix the address to ${turn} Pine St.`,
    });
    const callId = `c${index}-${turn}`;
    out.push({
      kind: "tool_call",
      tool: "lookup_order",
      callId,
      arguments: { order_id: `A-${index}-${turn}`, include: ["items", "address"] },
    });
    const failed = (index + turn) % 17 === 0;
    out.push({
      kind: "tool_result",
      tool: "lookup_order",
      callId,
      output: failed
        ? "Error: temporary failure"
        : { order_id: `A-${index}-${turn}`, status: "paid", items: [{ sku: "X1", qty: 1 }] },
      error: failed,
    });
    out.push({ kind: "agent_message", text: `I found order A-${index}-${turn}; the address is now ${turn} Pine St.` });
    out.push({
      kind: "tool_call",
      tool: "update_address",
      callId: `${callId}u`,
      arguments: { order_id: `A-${index}-${turn}`, address: `${turn} Pine St` },
    });
    out.push({ kind: "tool_result", tool: "update_address", callId: `${callId}u`, output: { ok: true } });
    turn += 1;
  }
  return out.slice(0, events);
}

export interface SyntheticBundleStats {
  trajectories: number;
  events: number;
  bytes: number;
}

/**
 * Writes a JSONL bundle of `trajectories` trajectories (~`eventsPerTrajectory` events each)
 * over `tasks` tasks, streaming to disk so the generator itself stays small in memory.
 */
export async function writeSyntheticJsonlBundle(
  path: string,
  options: { trajectories: number; eventsPerTrajectory?: number; tasks?: number; suiteName: string },
): Promise<SyntheticBundleStats> {
  const eventsPer = options.eventsPerTrajectory ?? 30;
  const tasks = options.tasks ?? 100;
  const out = createWriteStream(path);
  let bytes = 0;
  let events = 0;
  const write = async (line: string) => {
    bytes += Buffer.byteLength(line) + 1;
    if (!out.write(`${line}\n`)) await once(out, "drain");
  };
  await write(
    JSON.stringify({
      type: "header",
      schemaVersion: BUNDLE_SCHEMA_VERSION,
      suite: {
        name: options.suiteName,
        version: "bench",
        tools: [
          { name: "lookup_order", access: "read" },
          { name: "update_address", access: "write" },
        ],
      },
      tasks: Array.from({ length: tasks }, (_, t) => ({
        id: `task-${t}`,
        goal: `Fix the address of order ${t}`,
        expectedFinalState: { address: "0 Pine St" },
        requiredReplyInfo: ["Pine St"],
      })),
      runs: [{ id: "bench", model: { name: "bench-model", family: "bench" }, variant: "base" }],
    }),
  );
  for (let index = 0; index < options.trajectories; index += 1) {
    const trajectoryEvents = syntheticEvents(index, eventsPer);
    events += trajectoryEvents.length;
    await write(
      JSON.stringify({
        type: "trajectory",
        run: "bench",
        task: `task-${index % tasks}`,
        trial: Math.floor(index / tasks) + 1,
        stopReason: index % 9 === 0 ? "turn_limit" : "finished",
        finalState: { address: index % 3 === 0 ? "9 Oak St" : "0 Pine St" },
        events: trajectoryEvents,
      }),
    );
  }
  out.end();
  await once(out, "finish");
  return { trajectories: options.trajectories, events, bytes };
}
