import type { RefundReason } from "./scenario-cores";
import type { Persona } from "./types";

export type RequestSpec =
  | { kind: "refund"; order: number; reason: RefundReason }
  | { kind: "address"; order: number; to: number }
  | { kind: "cancel"; order: number }
  | { kind: "escalate"; order: number };

export type QuestionTopic = "refund_time" | "refund_window" | "shipped_address" | "return_fee" | "cancel_release";

interface SpecBase {
  id: string;
  persona: Persona;
  /** Closed-loop success chance of a mid-sized base model; 0 marks tasks no model solves. */
  baseSuccess: number;
}

export type TaskSpec =
  (SpecBase & { requests: RequestSpec[] }) | (SpecBase & { question: QuestionTopic; order: number });

/**
 * 24 tasks. The spread of baseSuccess is deliberate: easy no-tool questions, flaky
 * single writes and a few tasks every model fails, so pass^k drops as k grows.
 */
export const ACME_TASK_SPECS: TaskSpec[] = [
  {
    id: "refund-damaged-vase",
    persona: "power",
    baseSuccess: 0.6,
    requests: [{ kind: "refund", order: 2041, reason: "damaged" }],
  },
  {
    id: "refund-missing-item",
    persona: "ambiguous",
    baseSuccess: 0.45,
    requests: [{ kind: "refund", order: 2042, reason: "missing_item" }],
  },
  {
    id: "refund-duplicate-charge",
    persona: "power",
    baseSuccess: 0.4,
    requests: [{ kind: "refund", order: 2043, reason: "duplicate_charge" }],
  },
  {
    id: "refund-late-delivery",
    persona: "confused",
    baseSuccess: 0.25,
    requests: [{ kind: "refund", order: 2044, reason: "late_delivery" }],
  },
  {
    id: "refund-cracked-skillet",
    persona: "ambiguous",
    baseSuccess: 0.2,
    requests: [{ kind: "refund", order: 2047, reason: "damaged" }],
  },
  {
    id: "refund-confused-double-charge",
    persona: "confused",
    baseSuccess: 0,
    requests: [{ kind: "refund", order: 2050, reason: "duplicate_charge" }],
  },
  {
    id: "address-new-apartment",
    persona: "power",
    baseSuccess: 0.55,
    requests: [{ kind: "address", order: 2045, to: 3 }],
  },
  {
    id: "address-moved-vague",
    persona: "ambiguous",
    baseSuccess: 0.4,
    requests: [{ kind: "address", order: 2046, to: 5 }],
  },
  {
    id: "address-gift-delivery",
    persona: "power",
    baseSuccess: 0.3,
    requests: [{ kind: "address", order: 2048, to: 1 }],
  },
  {
    id: "address-confused-zip",
    persona: "confused",
    baseSuccess: 0.15,
    requests: [{ kind: "address", order: 2049, to: 4 }],
  },
  {
    id: "address-office-vague",
    persona: "ambiguous",
    baseSuccess: 0,
    requests: [{ kind: "address", order: 2051, to: 2 }],
  },
  { id: "cancel-ordered-by-mistake", persona: "power", baseSuccess: 0.55, requests: [{ kind: "cancel", order: 2052 }] },
  {
    id: "cancel-no-longer-needed",
    persona: "ambiguous",
    baseSuccess: 0.35,
    requests: [{ kind: "cancel", order: 2053 }],
  },
  {
    id: "cancel-confused-two-orders",
    persona: "confused",
    baseSuccess: 0.2,
    requests: [{ kind: "cancel", order: 2054 }],
  },
  { id: "cancel-found-cheaper", persona: "ambiguous", baseSuccess: 0, requests: [{ kind: "cancel", order: 2055 }] },
  { id: "question-refund-time", persona: "power", baseSuccess: 0.9, question: "refund_time", order: 2056 },
  { id: "question-refund-window", persona: "ambiguous", baseSuccess: 0.8, question: "refund_window", order: 2057 },
  { id: "question-shipped-address", persona: "power", baseSuccess: 0.75, question: "shipped_address", order: 2058 },
  { id: "question-return-fee", persona: "confused", baseSuccess: 0.6, question: "return_fee", order: 2059 },
  { id: "question-cancel-release", persona: "ambiguous", baseSuccess: 0.85, question: "cancel_release", order: 2060 },
  {
    id: "multi-refund-and-address",
    persona: "power",
    baseSuccess: 0.12,
    requests: [
      { kind: "refund", order: 2061, reason: "damaged" },
      { kind: "address", order: 2261, to: 0 },
    ],
  },
  {
    id: "multi-cancel-and-refund",
    persona: "confused",
    baseSuccess: 0,
    requests: [
      { kind: "cancel", order: 2062 },
      { kind: "refund", order: 2262, reason: "missing_item" },
    ],
  },
  {
    id: "escalate-refund-outside-window",
    persona: "power",
    baseSuccess: 0.05,
    requests: [{ kind: "escalate", order: 2063 }],
  },
  {
    id: "escalate-insistent-refund",
    persona: "ambiguous",
    baseSuccess: 0,
    requests: [{ kind: "escalate", order: 2064 }],
  },
];
