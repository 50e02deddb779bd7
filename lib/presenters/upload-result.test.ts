import { describe, expect, it } from "vitest";
import { describeCounts, describeUploadResponse, issuePathParts } from "./upload-result";

describe("describeCounts", () => {
  it("names counts in words, singular for one and 'no' for none (was '0 turnPredictions')", () => {
    expect(describeCounts({ tasks: 1, trajectories: 5, events: 30, turnPredictions: 0 })).toBe(
      "1 task, 5 trajectories, 30 events, no turn predictions",
    );
    expect(describeCounts({ tasks: 2, trajectories: 1, events: 1, turnPredictions: 3 })).toBe(
      "2 tasks, 1 trajectory, 1 event, 3 turn predictions",
    );
  });

  it("keeps a count it has no words for as the server named it", () => {
    expect(describeCounts({ judgeLabels: 4 })).toBe("4 judgeLabels");
  });
});

describe("issuePathParts", () => {
  it("cuts a path after each dot and before each bracket, where it may wrap", () => {
    expect(issuePathParts("simulations[2].messages[0].role")).toEqual([
      "simulations",
      "[2].",
      "messages",
      "[0].",
      "role",
    ]);
    expect(issuePathParts("trial")).toEqual(["trial"]);
  });

  it("says the whole file (null) for an empty path instead of a '(file)' that wrapped as '(fil e)'", () => {
    expect(issuePathParts("")).toBeNull();
  });
});

describe("describeUploadResponse", () => {
  it("reads a rejection's issues with their lines", () => {
    expect(
      describeUploadResponse(422, {
        error: "the bundle was rejected",
        issues: [{ path: "", line: 4, message: "invalid JSON" }],
        totalIssues: 3,
      }),
    ).toEqual({
      kind: "rejected",
      status: 422,
      error: "the bundle was rejected",
      issues: [{ path: "", line: 4, message: "invalid JSON" }],
      totalIssues: 3,
    });
  });
});

describe("describeUploadResponse of a judge review", () => {
  it("describes a judge review's judges and unmatched ids and leaves out its zero counts", () => {
    const outcome = describeUploadResponse(201, {
      duplicate: false,
      format: "tau2-judge-review",
      runs: [{ id: "r1", name: "run" }],
      counts: { tasks: 0, trajectories: 0, events: 0, turnPredictions: 0, judgeLabels: 3 },
      warnings: [],
      judgeReview: {
        judges: [
          { name: "p", model: "m", entries: 4, attached: 3, labels: { pass: 2, unknown: 2 }, notCompared: ["unknown"] },
        ],
        unmatchedSimulationIds: ["s9"],
      },
    });
    expect(outcome).toMatchObject({
      kind: "stored",
      counts: { judgeLabels: 3 },
      judgeLines: [
        "Judge p (m): 3 verdicts attached of 4; labels pass 2, unknown 2; not compared: unknown.",
        "Unmatched simulation ids (1): s9.",
      ],
    });
    if (outcome.kind === "stored") expect(Object.keys(outcome.counts)).toEqual(["judgeLabels"]);
  });
});
