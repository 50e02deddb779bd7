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
