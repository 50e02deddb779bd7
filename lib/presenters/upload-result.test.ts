import { describe, expect, it } from "vitest";
import { describeUploadResponse } from "./upload-result";

describe("describeUploadResponse", () => {
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
