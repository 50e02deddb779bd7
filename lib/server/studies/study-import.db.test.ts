import { describe, expect, it } from "vitest";
import { listStudyItemsWithJudge } from "@/lib/db/study-items";
import { listStudyLabels } from "@/lib/db/study-labels";
import { itemReference } from "@/lib/presenters/agreement-inputs";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { chunksOf } from "@/lib/testing/factories";
import { makeJudgedBundle, makeStudyPeople } from "@/lib/testing/study-fixtures";
import { ingestBundle } from "../ingest-bundle";
import { createStudy } from "./create-study";
import { getStudyReport } from "./get-agreement";
import { importLabels } from "./import-labels";

async function makeStudy() {
  const people = await makeStudyPeople();
  const result = await ingestBundle({ chunks: chunksOf(JSON.stringify(makeJudgedBundle(4))), fileName: "import.json" });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  const { id } = await createStudy(people.admin, {
    name: "imported study",
    instructions: "",
    source: { runIds: [result.runs[0]?.id ?? ""], suiteId: null },
    sampleSize: 4,
    sampling: { method: "stratified", by: "outcome", seed: 2 },
    annotatorsPerItem: 2,
    annotatorIds: [people.ann.userId ?? "", people.ben.userId ?? ""],
    blind: true,
    rubric: makeDefaultRubric(),
  });
  return { people, id, items: await listStudyItemsWithJudge({ studyId: id }) };
}

describe("label import", () => {
  it("rejects a file with any invalid row, naming the lines, and stores nothing", async () => {
    const { people, id, items } = await makeStudy();
    const ref = itemReference(items[0] ?? { runName: "", taskExternalId: "", trial: 0 });
    const csv = [
      "item,annotator,dimension,label",
      `${ref},Outside Expert,goal_completion,completed`,
      "nope/x/1,Outside Expert,goal_completion,completed",
      `${ref},Outside Expert,goal_completion,maybe`,
      `${ref},Outside Expert,mood,happy`,
      `${ref},Outside Expert,goal_completion,completed`,
    ].join("\n");
    await expect(importLabels(people.admin, id, csv)).rejects.toMatchObject({
      code: "unprocessable",
      details: {
        totalIssues: 4,
        issues: [{ line: 3 }, { line: 4 }, { line: 5 }, { line: 6, message: expect.stringContaining("duplicate") }],
      },
    });
    expect(await listStudyLabels({ studyId: id })).toEqual([]);
  });

  it("stores labels by item id or reference; unknown annotators become external names in the report", async () => {
    const { people, id, items } = await makeStudy();
    const rows = items.flatMap((item, i) => [
      `${item.id},Outside Expert,goal_completion,completed`,
      `${itemReference(item)},Second Expert,goal_completion,${i === 0 ? "not_completed_agent" : "completed"}`,
    ]);
    const result = await importLabels(people.admin, id, ["item,annotator,dimension,label", ...rows].join("\n"));
    expect(result).toEqual({ imported: 8, external: ["Outside Expert", "Second Expert"] });
    const { report } = await getStudyReport(people.admin, id);
    const goal = report.dimensions.find((d) => d.key === "goal_completion");
    expect(goal?.pairs).toEqual([{ a: "Outside Expert", b: "Second Expert", n: 4, percent: 0.75, kappa: 0 }]);
    expect(report.progress.map((p) => p.name)).toContain("Outside Expert");
  });
});
