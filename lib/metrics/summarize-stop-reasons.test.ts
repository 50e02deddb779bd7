import { describe, expect, it } from "vitest";
import { buildSeed002Outcomes } from "@/lib/testing/seed-002-outcomes";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";
import { computeTurnLimitRate, summarizeStopReasons } from "./summarize-stop-reasons";

describe("summarizeStopReasons", () => {
  it("counts seed 002 stop reasons", () => {
    expect(summarizeStopReasons(buildSeed002Outcomes())).toEqual([
      { reason: "finished", count: 5, inferredCount: 0 },
      { reason: "turn_limit", count: 1, inferredCount: 0 },
    ]);
  });

  it("maps missing reasons to unknown, tracks inferred ones and breaks count ties by name", () => {
    expect(
      summarizeStopReasons([
        createTestOutcome({ stopReason: null }),
        createTestOutcome({ stopReason: "user_stop", stopReasonInferred: true }),
        createTestOutcome({ stopReason: "infrastructure_error" }),
      ]),
    ).toEqual([
      { reason: "infrastructure_error", count: 1, inferredCount: 0 },
      { reason: "unknown", count: 1, inferredCount: 0 },
      { reason: "user_stop", count: 1, inferredCount: 1 },
    ]);
  });

  it("is empty for an empty run", () => {
    expect(summarizeStopReasons([])).toEqual([]);
  });
});

describe("computeTurnLimitRate", () => {
  it("reproduces seed 002: 1 of 6", () => {
    expect(computeTurnLimitRate(buildSeed002Outcomes())).toEqual({ count: 1, n: 6, rate: 1 / 6 });
  });

  it("counts max_turns and max_steps, leaving infrastructure failures out of the denominator", () => {
    expect(
      computeTurnLimitRate([
        createTestOutcome({ stopReason: "max_turns" }),
        createTestOutcome({ stopReason: "max_steps" }),
        createTestOutcome({ stopReason: "user_stop" }),
        createTestOutcome({ stopReason: "infrastructure_error" }),
      ]),
    ).toEqual({ count: 2, n: 3, rate: 2 / 3 });
  });

  it("is null for an empty run", () => {
    expect(computeTurnLimitRate([])).toEqual({ count: 0, n: 0, rate: null });
  });
});
