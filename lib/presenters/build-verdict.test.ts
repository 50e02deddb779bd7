import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "@/lib/contracts/event";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON, realDataFile } from "@/lib/testing/real-data";
import { makeTau2VerdictDocument } from "@/lib/testing/tau2-verdict-fixture";
import { verdictInputsOf } from "@/lib/testing/verdict-inputs";
import { buildVerdict } from "./build-verdict";
import type { ActionCheckView, CommunicateCheckView } from "./verdict-types";

function actions(checks: readonly { kind: string }[]): ActionCheckView[] {
  return checks.filter((check): check is ActionCheckView => check.kind === "action");
}

describe("buildVerdict on a written tau2 fixture", () => {
  const [failed, missing] = verdictInputsOf(makeTau2VerdictDocument("unit"));
  if (!failed || !missing) throw new Error("fixture lost a simulation");

  it("matches each expected action by tau2's comparison and diffs the closest call argument by argument", () => {
    const verdict = buildVerdict(failed.input);
    const [lookup, certificate] = actions(verdict.checks);
    expect(lookup).toMatchObject({
      name: "get_user_details",
      met: true,
      origin: "recorded",
      computedMet: true,
      closestSeq: null,
      diff: [],
    });
    const lookupCall = failed.input.events.find(
      (event) => event.kind === "tool_call" && event.toolName === "get_user_details",
    );
    expect(lookup?.matchedSeq).toBe(lookupCall?.seq);
    // Two send_certificate calls: amount 999 (an error) and amount 100; both differ in one argument, the last attempt wins.
    const calls = failed.input.events
      .filter((event) => event.kind === "tool_call" && event.toolName === "send_certificate")
      .map((event) => event.seq);
    expect(certificate).toMatchObject({
      name: "send_certificate",
      met: false,
      computedMet: false,
      matchedSeq: null,
      closestSeq: calls[1],
    });
    expect(certificate?.diffText).toEqual(["amount: expected 50, got 100"]);
  });

  it("states the first failed check in words and marks the events the checks refer to", () => {
    const verdict = buildVerdict(failed.input);
    expect(verdict.passed).toBe(false);
    expect(verdict.headline).toMatch(
      /^DB check failed: the final database differs from the expected one; expected action send_certificate was not matched by call #\d+ \(amount: expected 50, got 100\)$/,
    );
    expect(verdict.reward).toEqual({
      reward: 0,
      basis: ["DB", "COMMUNICATE"],
      breakdown: [
        { name: "DB", value: 0 },
        { name: "COMMUNICATE", value: 1 },
      ],
    });
    const communicate = verdict.checks.find((check): check is CommunicateCheckView => check.kind === "communicate");
    const saying = failed.input.events.find(
      (event) => event.kind === "agent_message" && event.text?.includes("$23,553"),
    );
    expect(communicate).toMatchObject({ info: "23553", met: true, origin: "recorded", foundAt: saying?.seq });
    expect(verdict.marks[saying?.seq ?? -1]).toEqual(['carries "23553"']);
    expect(verdict.checks.find((check) => check.kind === "nl")).toMatchObject({
      assertion: "Agent apologizes for the delay.",
      met: false,
      justification: "The agent never apologized.",
    });
    expect(verdict.checks.find((check) => check.kind === "db")).toMatchObject({ met: false, reward: 0 });
  });

  it("shows a simulation without reward_info as a failure and computes its checks by tau2's rules", () => {
    const verdict = buildVerdict(missing.input);
    expect(verdict.passed).toBe(false);
    expect(verdict.headline).toBe("No reward_info recorded: counted as a failure, as tau2 counts it");
    const [, certificate] = actions(verdict.checks);
    expect(certificate).toMatchObject({ met: true, origin: "computed" });
    expect(verdict.checks.find((check) => check.kind === "nl")).toMatchObject({ met: null });
  });
});

describe.skipIf(!REAL_DATA_DIR)(
  REAL_DATA_DIR
    ? "buildVerdict on the real tau2 files"
    : `buildVerdict on the real tau2 files: skipped, ${REAL_DATA_SKIP_REASON}`,
  () => {
    const files = [
      "2025-10-13T11:40:16.379079_airline_llm_agent_grok-3_user_simulator_grok-3.json",
      "gpt-4.1-2025-04-14_telecom_no-user_gpt-4.1-2025-04-14_4trials_5tasks.json",
      "2025-08-10T02:44:06.496849_telecom_llm_agent_gpt-4o_user_simulator_gpt-4o.json",
    ];

    it.each(files)("agrees with every action check tau2 recorded in %s, and explains every failure", (file) => {
      const converted = verdictInputsOf(JSON.parse(readFileSync(realDataFile(file), "utf8")), file);
      let compared = 0;
      for (const trajectory of converted) {
        const verdict = buildVerdict(trajectory.input);
        for (const check of actions(verdict.checks)) {
          expect(check.origin).toBe("recorded");
          expect({ id: trajectory.id, action: check.name, met: check.computedMet }).toEqual({
            id: trajectory.id,
            action: check.name,
            met: check.met,
          });
          if (!check.met && check.closestSeq !== null) expect(check.diffText.length).toBeGreaterThan(0);
          compared += 1;
        }
        if (verdict.passed === false) expect(verdict.headline).not.toBeNull();
        else expect(verdict.passed).toBe(true);
      }
      expect(compared).toBeGreaterThan(0);
    });

    it("finds the grok-3 airline failure's booking with the argument that differs", () => {
      const file = files[0] ?? "";
      const converted = verdictInputsOf(JSON.parse(readFileSync(realDataFile(file), "utf8")), file);
      const failures = converted
        .map((trajectory) => buildVerdict(trajectory.input))
        .filter((verdict) => verdict.passed === false);
      expect(failures.length).toBe(9);
      const booking = failures
        .flatMap((verdict) => actions(verdict.checks))
        .find((check) => check.name === "book_reservation" && !check.met && check.closestSeq !== null);
      expect(booking?.diffText.length).toBeGreaterThan(0);
    });
  },
);

describe.skipIf(!REAL_DATA_DIR)(
  REAL_DATA_DIR
    ? "buildVerdict on the real tau-bench file"
    : `buildVerdict on the real tau-bench file: skipped, ${REAL_DATA_SKIP_REASON}`,
  () => {
    it("agrees with every output check tau-bench recorded, by the same communicate rule", () => {
      const converted = verdictInputsOf(
        JSON.parse(readFileSync(realDataFile("gpt-4o-airline.json"), "utf8")),
        "gpt-4o-airline.json",
      );
      const outputs = converted.flatMap((trajectory) =>
        buildVerdict(trajectory.input).checks.filter(
          (check): check is CommunicateCheckView => check.kind === "communicate",
        ),
      );
      const recorded = outputs.filter((check) => check.origin === "recorded");
      // tau-bench keeps either the database verdict or the outputs verdict in reward_info.info, not both.
      expect(recorded.length).toBeGreaterThan(0);
      for (const check of recorded) {
        expect({ info: check.info, met: check.foundAt !== null }).toEqual({ info: check.info, met: check.met });
      }
    });
  },
);

describe("buildVerdict on a bundle v1 trajectory", () => {
  const events: StoredEvent[] = [
    {
      seq: 0,
      turnIndex: 0,
      kind: "user_message",
      actor: "user",
      toolName: null,
      callId: null,
      arguments: null,
      output: null,
      isError: false,
      errorInferred: false,
      text: "refund A-104",
    },
    {
      seq: 1,
      turnIndex: 0,
      kind: "agent_message",
      actor: "agent",
      toolName: null,
      callId: null,
      arguments: null,
      output: null,
      isError: false,
      errorInferred: false,
      text: "Refunded 2500 cents.",
    },
  ];
  const base = {
    sourceFormat: "loopscope-json",
    reward: null,
    rewardBreakdown: null,
    events,
    task: {
      expectedActions: null,
      evaluationCriteria: null,
      requiredReplyInfo: ["2500 cents", "A-104"],
      expectedFinalState: { status: "refunded" },
    },
    finalState: { status: "paid" },
    finalReply: "Refunded 2500 cents.",
    stateMatch: false,
    replyCheck: false,
  };

  it("shows the state diff and each required string, and names the failed state check first", () => {
    const verdict = buildVerdict(base);
    expect(verdict.headline).toBe('State check failed: 1 field(s) differ (status: expected "refunded", got "paid")');
    expect(verdict.checks.filter((check) => check.kind === "reply")).toEqual([
      { kind: "reply", id: "reply-0", info: "2500 cents", met: true, foundAt: 1 },
      { kind: "reply", id: "reply-1", info: "A-104", met: false, foundAt: null },
    ]);
    expect(verdict.marks).toEqual({ 1: ['carries "2500 cents"'] });
  });

  it("falls to the reply check when the state matches", () => {
    const verdict = buildVerdict({ ...base, finalState: { status: "refunded" }, stateMatch: true });
    expect(verdict.headline).toBe('Reply check failed: "A-104" is missing from the final reply');
    expect(verdict.passed).toBe(false);
  });
});
