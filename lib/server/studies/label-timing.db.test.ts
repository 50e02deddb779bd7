import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { chunksOf, uniqueId } from "@/lib/testing/factories";
import { makeJudgedBundle, makeStudyPeople } from "@/lib/testing/study-fixtures";
import type { Actor } from "../auth/roles";
import { ingestBundle } from "../ingest-bundle";
import { getAnnotationItem, getAnnotatorQueue, saveLabels } from "./annotate";
import { createStudy } from "./create-study";
import { getStudyReport } from "./get-agreement";

let people: { admin: Actor; ann: Actor; ben: Actor };
let studyId = "";

const ALL_DIMENSIONS = (goal: string) => [
  { dimension: "goal_completion", value: goal, expectedVersion: 0 },
  { dimension: "tool_hallucination", value: "no", expectedVersion: 0 },
  { dimension: "user_hallucination", value: "no", expectedVersion: 0 },
];

/** Moves the recorded first open of an item back by `seconds`, as if the annotator had opened it that long ago. */
async function openedSecondsAgo(itemId: string, userId: string, seconds: number) {
  await db().studyAssignment.update({
    where: { itemId_userId: { itemId, userId } },
    data: { openedAt: new Date(Date.now() - seconds * 1000) },
  });
}

beforeAll(async () => {
  people = await makeStudyPeople();
  const result = await ingestBundle({
    chunks: chunksOf(JSON.stringify(makeJudgedBundle(4, uniqueId("timing-run")))),
    fileName: "timing.json",
  });
  if (result.kind !== "stored" || !result.runs[0]) throw new Error(JSON.stringify(result));
  studyId = (
    await createStudy(people.admin, {
      name: uniqueId("timing"),
      instructions: "",
      source: { runIds: [result.runs[0].id], suiteId: null },
      sampleSize: 4,
      sampling: { method: "random", by: null, seed: 1 },
      annotatorsPerItem: 2,
      annotatorIds: [people.ann.userId ?? "", people.ben.userId ?? ""],
      blind: true,
      rubric: makeDefaultRubric(),
    })
  ).id;
});

describe("per-annotator time per item", () => {
  it("is measured on the server from the first open of an item to the first save of its labels", async () => {
    const { ann, ben, admin } = people;
    const annId = ann.userId ?? "";
    const items = (await getAnnotatorQueue(ann, studyId)).entries.map((e) => e.item.id);
    const [first, second, third] = items;
    if (!first || !second || !third) throw new Error("four items");
    // Ann opens three items; she "spent" 40, 10 and 25 s on them (median 25).
    for (const [itemId, seconds] of [
      [first, 40],
      [second, 10],
      [third, 25],
    ] as const) {
      await getAnnotationItem(ann, studyId, itemId);
      await openedSecondsAgo(itemId, annId, seconds);
      // A second open keeps the first moment.
      await getAnnotationItem(ann, studyId, itemId);
      await saveLabels(ann, studyId, itemId, { labels: ALL_DIMENSIONS("completed") });
    }
    // Ben's labels come without an open recorded (e.g. saved through the API only): no timing, "n/a".
    await saveLabels(ben, studyId, first, { labels: ALL_DIMENSIONS("completed") });

    const { report } = await getStudyReport(admin, studyId);
    const annRow = report.progress.find((p) => p.key === annId);
    const benRow = report.progress.find((p) => p.key === ben.userId);
    expect(annRow).toMatchObject({ assigned: 4, done: 3, remaining: 1, timedItems: 3 });
    // Seconds pass between the backdating and the save on a loaded machine: allow 5 s.
    expect(annRow?.medianSeconds ?? 0).toBeGreaterThanOrEqual(25);
    expect(annRow?.medianSeconds ?? 0).toBeLessThan(30);
    expect(benRow).toMatchObject({ assigned: 4, done: 1, remaining: 3, medianSeconds: null, timedItems: 0 });
  });
});
