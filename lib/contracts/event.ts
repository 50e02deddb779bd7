// The one event contract. A bundle's events (lib/bundles/schema/event.ts), the stored Event rows, the scores
// computed from them (lib/metrics), the timeline and side-by-side models (lib/presenters) and the timeline rows
// (components) all speak of the same kinds and actors, declared here once; their event types are Picks of StoredEvent.

/** Every event kind with what the timeline calls it and who authors it when a bundle does not say. */
export const EVENT_KINDS = {
  user_message: { label: "message", defaultActor: "user" },
  agent_message: { label: "message", defaultActor: "agent" },
  tool_call: { label: "tool call", defaultActor: "agent" },
  tool_result: { label: "tool result", defaultActor: "agent" },
  state_snapshot: { label: "state snapshot", defaultActor: "system" },
  system: { label: "system", defaultActor: "system" },
} as const satisfies Record<string, { label: string; defaultActor: EventActor }>;
export type EventKind = keyof typeof EVENT_KINDS;

/** Who an event is from; in dual-control benchmarks the user calls tools too. */
export const EVENT_ACTORS = ["agent", "user", "system"] as const;
export type EventActor = (typeof EVENT_ACTORS)[number];

export function isEventKind(value: string): value is EventKind {
  return Object.hasOwn(EVENT_KINDS, value);
}

export function isEventActor(value: string): value is EventActor {
  return (EVENT_ACTORS as readonly string[]).includes(value);
}

/** One event as stored (an Event row) and served to pages: the shape every reader of events starts from. */
export interface StoredEvent {
  /** Position in the trajectory, from 0. */
  seq: number;
  /** The source's turn, else the number of user messages before it. */
  turnIndex: number;
  kind: EventKind;
  actor: EventActor;
  /** On a call, the tool; on a result, the tool it answers (named or found through callId). */
  toolName: string | null;
  callId: string | null;
  /** A call's arguments (JSON object). */
  arguments: unknown;
  /** A result's output or a state snapshot's state (JSON). */
  output: unknown;
  isError: boolean;
  /** The error flag was derived from the output text, not recorded by the source. */
  errorInferred: boolean;
  /** A message's text. */
  text: string | null;
}

/** An Event row as ingest writes it: the served fields plus provenance, time and cost. */
export interface StoredEventRecord extends StoredEvent {
  trajectoryId: string;
  /** Index of the source message when one message became several events. */
  sourceMessage: number | null;
  timestamp: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  costUsd: number | null;
}

/**
 * Narrows a row read back from the database (kind and actor are text columns). Ingest only writes validated kinds,
 * so anything else is a corrupt row, and saying so beats scoring or drawing it as something it is not.
 */
export function toStoredEvent<Row extends { kind: string; actor: string }>(
  row: Row,
): Omit<Row, "kind" | "actor"> & Pick<StoredEvent, "kind" | "actor"> {
  const { kind, actor } = row;
  if (!isEventKind(kind)) throw new Error(`stored event has an unknown kind: ${JSON.stringify(kind)}`);
  if (!isEventActor(actor)) throw new Error(`stored event has an unknown actor: ${JSON.stringify(actor)}`);
  return { ...row, kind, actor };
}
