import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importTau2Submission, isTau2Submission } from "./tau2-submission";

const FOLDER = "lib/testing/fixtures/tau2-submission";
const submission = () => JSON.parse(readFileSync(`${FOLDER}/submission.json`, "utf8")) as Record<string, unknown>;
const airlineFile = () => ({
  name: "s/trajectories/airline_3_simulations.json",
  value: JSON.parse(readFileSync(`${FOLDER}/trajectories/airline_3_simulations.json`, "utf8")) as unknown,
});

describe("isTau2Submission", () => {
  it("needs a string model_name and an object results", () => {
    expect(isTau2Submission(submission())).toBe(true);
    expect(isTau2Submission({ model_name: "m", results: [] })).toBe(false);
    expect(isTau2Submission({ results: {} })).toBe(false);
  });
});

describe("importTau2Submission", () => {
  it("makes one run per domain: the results file's simulations for airline, the claim alone for retail", () => {
    const imported = importTau2Submission(submission(), [airlineFile()]);
    if (!imported.ok) throw new Error(JSON.stringify(imported.issues));
    const [airline, retail] = imported.bundles;
    expect(airline?.document.trajectories).toHaveLength(3);
    expect(airline?.document.suite.name).toBe("tau2/airline");
    expect(airline?.document.runs[0]).toMatchObject({
      id: "gpt-4o-2024-11-20-loopscope-fixtures-2026-12-03-airline",
      name: "gpt-4o-2024-11-20 (Loopscope fixtures) on tau2/airline, submission",
      metadata: { submission: { domain: "airline", claimed: { pass_1: 66.67, pass_2: null } } },
    });
    expect(airline?.document.trajectories?.every((t) => t.run === airline.document.runs[0]?.id)).toBe(true);
    expect(retail?.document).toMatchObject({ suite: { name: "tau2/retail" }, tasks: [], trajectories: [] });
    expect(imported.warnings).toContain(
      "retail: no trajectories in the submission; the run holds the claimed figures only",
    );
  });

  it("refuses at located paths: a bad figure, a domain claiming nothing, a file for an unclaimed domain", () => {
    const bad = { ...submission(), results: { retail: { pass_1: 101 }, telecom: {} } };
    const imported = importTau2Submission(bad, [airlineFile()]);
    expect(imported.ok).toBe(false);
    if (imported.ok) return;
    expect(imported.issues).toEqual([
      { path: "submission.json:results.retail.pass_1", message: "expected a percentage between 0 and 100, or null" },
      {
        path: "submission.json:results.telecom",
        message: "claims no figure: at least one of pass_1..pass_4 must be a number",
      },
      {
        path: "s/trajectories/airline_3_simulations.json",
        message: 'holds domain "airline", for which submission.json claims no results',
      },
    ]);
  });

  it("refuses a trajectories file that is not tau2 results, and a second file for one domain", () => {
    const imported = importTau2Submission(submission(), [
      airlineFile(),
      { ...airlineFile(), name: "s/trajectories/again.json" },
      { name: "s/trajectories/notes.json", value: { hello: 1 } },
    ]);
    expect(imported.ok).toBe(false);
    if (imported.ok) return;
    expect(imported.issues.map((issue) => issue.path)).toEqual([
      "s/trajectories/again.json",
      "s/trajectories/notes.json",
    ]);
  });
});
