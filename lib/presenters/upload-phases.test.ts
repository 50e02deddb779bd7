import { describe, expect, it } from "vitest";
import { describePhaseSteps, describeServerProgress, parseUploadStatus, rejectedAt } from "./upload-phases";

describe("describePhaseSteps", () => {
  it("marks earlier steps done, the current one current and later ones pending", () => {
    expect(describePhaseSteps("writing").map((step) => [step.label, step.state])).toEqual([
      ["Uploading", "done"],
      ["Queued", "done"],
      ["Reading", "done"],
      ["Writing", "current"],
      ["Computing metrics", "pending"],
      ["Done", "pending"],
    ]);
  });

  it("counts every step as done once the upload is done", () => {
    expect(describePhaseSteps("done").every((step) => step.state === "done")).toBe(true);
  });

  it("shows a rejected upload failed at the step it stopped at, and no later step as done (issue 36, item 12)", () => {
    expect(describePhaseSteps("reading", true).map((step) => [step.label, step.state])).toEqual([
      ["Uploading", "done"],
      ["Queued", "done"],
      ["Reading", "failed"],
      ["Writing", "pending"],
      ["Computing metrics", "pending"],
      ["Done", "pending"],
    ]);
    expect(describePhaseSteps("uploading", true).filter((step) => step.state === "done")).toEqual([]);
  });
});

describe("rejectedAt", () => {
  it("puts a refusal of the upload request at the upload, and one of the job at reading or later", () => {
    expect(rejectedAt("uploading", false)).toBe("uploading");
    // A quick job can be rejected before the page saw any of its phases: the file was read to be refused.
    expect(rejectedAt("uploading", true)).toBe("reading");
    expect(rejectedAt("queued", true)).toBe("reading");
    expect(rejectedAt("writing", true)).toBe("writing");
    expect(rejectedAt("done", true)).toBe("reading");
  });
});

describe("parseUploadStatus", () => {
  it("reads a status body and refuses anything else", () => {
    expect(
      parseUploadStatus({
        phase: "writing",
        bytes: 10,
        sizeBytes: 20,
        trajectories: 3,
        events: 18,
        attempts: 1,
        lastError: null,
        status: null,
        result: null,
        updatedAt: "2026-12-01T19:00:00.123Z",
      }),
    ).toEqual({
      phase: "writing",
      bytes: 10,
      sizeBytes: 20,
      trajectories: 3,
      events: 18,
      attempts: 1,
      lastError: null,
      status: null,
      result: null,
      updatedAt: "2026-12-01T19:00:00.123Z",
    });
    // Without updatedAt the page cannot ask the server to wait; it pauses between requests instead.
    expect(parseUploadStatus({ phase: "queued" })?.updatedAt).toBeNull();
    expect(parseUploadStatus({ phase: "teleporting" })).toBeNull();
    expect(parseUploadStatus({ error: "internal error" })).toBeNull();
    expect(parseUploadStatus(null)).toBeNull();
  });
});

describe("describeServerProgress", () => {
  const base = { bytes: 0, sizeBytes: 100, trajectories: 120, events: 900, attempts: 1, lastError: null };
  it("says what the worker does, with counts while writing", () => {
    expect(describeServerProgress({ ...base, phase: "queued" })).toBe("Stored; waiting for a worker");
    expect(describeServerProgress({ ...base, phase: "writing" })).toBe("Writing: 120 trajectories, 900 events so far");
    expect(describeServerProgress({ ...base, phase: "metrics" })).toBe("Computing metrics of 120 trajectories");
  });

  it("names a retry and its cause", () => {
    expect(describeServerProgress({ ...base, phase: "queued", lastError: "connection lost" })).toBe(
      "Waiting to be retried after: connection lost",
    );
    expect(describeServerProgress({ ...base, phase: "reading", attempts: 2, lastError: "connection lost" })).toBe(
      "Reading and validating (attempt 2, after: connection lost)",
    );
  });
});
