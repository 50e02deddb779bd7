import { beforeAll, describe, expect, it } from "vitest";
import { deleteRunCascade } from "@/lib/db/delete-run";
import { findItemForAnnotator, listAssignedItems, listStudyItemsWithJudge } from "@/lib/db/study-items";
import { listItemLabelsVisibleTo, listStudyLabels } from "@/lib/db/study-labels";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { chunksOf } from "@/lib/testing/factories";
import { makeJudgedBundle, makeStudyPeople } from "@/lib/testing/study-fixtures";
import type { Actor } from "../auth/roles";
import { ingestBundle } from "../ingest-bundle";
import { getAnnotationItem, saveLabels } from "./annotate";
import { createStudy } from "./create-study";
import { getStudyReport } from "./get-agreement";
import type { NewStudyInput } from "./study-schemas";

async function ingestRun(count: number): Promise<{ id: string; name: string }> {
  const bundle = makeJudgedBundle(count);
  const result = await ingestBundle({ chunks: chunksOf(JSON.stringify(bundle)), fileName: "study.json" });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  const run = result.runs[0];
  if (!run) throw new Error("no run");
  return { id: run.id, name: run.name };
}

let people: { admin: Actor; ann: Actor; ben: Actor };

function studyInput(runIds: string[], overrides: Partial<NewStudyInput> = {}): NewStudyInput {
  return {
    name: "judge validation",
    instructions: "Label the outcome.",
    source: { runIds, suiteId: null },
    sampleSize: 3,
    sampling: { method: "random", by: null, seed: 3 },
    annotatorsPerItem: 2,
    annotatorIds: [people.ann.userId ?? "", people.ben.userId ?? ""],
    blind: true,
    rubric: makeDefaultRubric(),
    ...overrides,
  };
}

beforeAll(async () => {
  people = await makeStudyPeople();
});

describe("studies in the database", () => {
  it("freezes items with their identity and judge labels; deleting the run marks them deleted", async () => {
    const run = await ingestRun(5);
    const { id, items } = await createStudy(people.admin, studyInput([run.id]));
    expect(items).toBe(3);
    const stored = await listStudyItemsWithJudge({ studyId: id });
    expect(stored.map((item) => item.position)).toEqual([1, 2, 3]);
    for (const item of stored) {
      expect(item).toMatchObject({ runId: run.id, runName: run.name, taskExternalId: "refund" });
      expect(item.trajectoryId).not.toBeNull();
      // Trials cycle completed / agent / user (see makeJudgedBundle).
      const expected = ["completed", "not_completed_agent", "not_completed_user"][(item.trial - 1) % 3];
      expect(item.judge).toMatchObject({ goal_completion: expected });
      expect(item.assignments.map((a) => a.userId).sort()).toEqual([people.ann.userId, people.ben.userId].sort());
    }
    const before = await getStudyReport(people.admin, id);
    expect(before.report.deletedItems).toBe(0);

    await ingestRun(4);
    await deleteRunCascade({ runId: run.id });
    const after = await listStudyItemsWithJudge({ studyId: id });
    expect(after).toHaveLength(3);
    expect(after.every((item) => item.trajectoryId === null)).toBe(true);
    expect(after.map((item) => [item.runName, item.trial])).toEqual(stored.map((item) => [item.runName, item.trial]));
    expect(after.map((item) => item.judge)).toEqual(stored.map((item) => item.judge));
    const report = await getStudyReport(people.admin, id);
    expect(report.report).toMatchObject({ items: 3, deletedItems: 3 });
  });

  it("keeps both annotators' concurrent labels and refuses a stale write from a second tab", async () => {
    const run = await ingestRun(3);
    const { id } = await createStudy(people.admin, studyInput([run.id]));
    const [item] = await listAssignedItems({ studyId: id, userId: people.ann.userId ?? "" });
    if (!item) throw new Error("no item");
    const write = (value: string, expectedVersion: number) => ({
      labels: [{ dimension: "goal_completion", value, expectedVersion }],
    });
    await Promise.all([
      saveLabels(people.ann, id, item.id, write("completed", 0)),
      saveLabels(people.ben, id, item.id, write("not_completed_agent", 0)),
    ]);
    const both = await listStudyLabels({ studyId: id });
    expect(both.map((l) => [l.annotatorName, l.value, l.version]).sort()).toEqual(
      [
        [people.ann.name, "completed", 1],
        [people.ben.name, "not_completed_agent", 1],
      ].sort(),
    );

    // Two tabs of Ann both loaded version 1; the first save wins, the second is refused (409) and changes nothing.
    const tabs = await Promise.allSettled([
      saveLabels(people.ann, id, item.id, write("not_completed_user", 1)),
      saveLabels(people.ann, id, item.id, write("not_completed_agent", 1)),
    ]);
    expect(tabs.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    const refused = tabs.find((t) => t.status === "rejected");
    expect(refused && "reason" in refused ? refused.reason : null).toMatchObject({
      code: "conflict",
      details: { staleDimensions: ["goal_completion"] },
    });
    const annLabels = (await listStudyLabels({ studyId: id })).filter((l) => l.annotatorName === people.ann.name);
    expect(annLabels).toHaveLength(1);
    expect(annLabels[0]?.version).toBe(2);
    // A new row that already exists (both tabs saw none) is refused the same way.
    await expect(
      saveLabels(people.ann, id, item.id, {
        labels: [{ dimension: "tool_hallucination", value: "no", expectedVersion: 0 }],
      }),
    ).resolves.toHaveLength(2);
    await expect(
      saveLabels(people.ann, id, item.id, {
        labels: [{ dimension: "tool_hallucination", value: "yes", expectedVersion: 0 }],
      }),
    ).rejects.toMatchObject({ code: "conflict" });
    // Ben's label was never touched by Ann's writes.
    const benLabel = (await listStudyLabels({ studyId: id })).find((l) => l.annotatorName === people.ben.name);
    expect(benLabel).toMatchObject({ value: "not_completed_agent", version: 1 });
  });

  it("in blind mode an annotator's queries return neither the judge's labels nor a peer's", async () => {
    const run = await ingestRun(3);
    const blind = await createStudy(people.admin, studyInput([run.id]));
    const [item] = await listAssignedItems({ studyId: blind.id, userId: people.ann.userId ?? "" });
    if (!item) throw new Error("no item");
    await saveLabels(people.ben, blind.id, item.id, {
      labels: [{ dimension: "goal_completion", value: "completed", expectedVersion: 0 }],
    });
    await saveLabels(people.ann, blind.id, item.id, {
      labels: [{ dimension: "comment", value: "mine", expectedVersion: 0 }],
    });

    const found = await findItemForAnnotator({ studyId: blind.id, itemId: item.id, userId: people.ann.userId ?? "" });
    expect(found?.judge).toBeNull();
    expect(found?.item).not.toHaveProperty("judge");
    const visible = await listItemLabelsVisibleTo({
      studyId: blind.id,
      itemId: item.id,
      userId: people.ann.userId ?? "",
    });
    expect(visible.map((l) => l.annotatorName)).toEqual([people.ann.name]);
    const view = await getAnnotationItem(people.ann, blind.id, item.id);
    expect(view?.judge).toBeNull();
    expect(view?.peerLabels).toEqual([]);
    expect(view?.trajectory?.turnLabels).toBeNull();
    expect(JSON.stringify(view)).not.toContain("rationale");
    // An unassigned user cannot open the item at all.
    expect(
      await findItemForAnnotator({ studyId: blind.id, itemId: item.id, userId: people.admin.userId ?? "" }),
    ).toBeNull();

    const open = await createStudy(people.admin, studyInput([run.id], { blind: false }));
    const [openItem] = await listAssignedItems({ studyId: open.id, userId: people.ann.userId ?? "" });
    if (!openItem) throw new Error("no item");
    await saveLabels(people.ben, open.id, openItem.id, {
      labels: [{ dimension: "goal_completion", value: "completed", expectedVersion: 0 }],
    });
    const openView = await getAnnotationItem(people.ann, open.id, openItem.id);
    expect(openView?.judge).toHaveProperty("goal_completion");
    expect(openView?.peerLabels.map((l) => l.annotatorName)).toEqual([people.ben.name]);
  });
});
