import { describe, expect, it } from "vitest";
import { buildTrajectoryNavigation } from "./timeline-navigation";

const cells = [
  { id: "a1", taskExternalId: "1", trial: 1 },
  { id: "a2", taskExternalId: "1", trial: 2 },
  { id: "c1", taskExternalId: "10", trial: 1 },
  { id: "b1", taskExternalId: "2", trial: 1 },
  { id: "b2", taskExternalId: "2", trial: 2 },
];

describe("buildTrajectoryNavigation", () => {
  it("finds neighbouring trials and tasks in numeric task order, keeping the trial across tasks", () => {
    const nav = buildTrajectoryNavigation(cells, "a2");
    expect(nav).toMatchObject({
      previousTrial: { id: "a1" },
      nextTrial: null,
      previousTask: null,
      nextTask: { id: "b2" },
      taskPosition: 1,
      taskCount: 3,
    });
    expect(buildTrajectoryNavigation(cells, "b2")?.nextTask).toEqual({ id: "c1", label: "10 · trial 1" });
  });

  it("returns null for an id not in the run", () => {
    expect(buildTrajectoryNavigation(cells, "zz")).toBeNull();
  });
});
