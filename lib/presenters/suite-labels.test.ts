import { describe, expect, it } from "vitest";
import { describeCoverage, labelSuites } from "./suite-labels";

describe("labelSuites", () => {
  it("keeps a plain label for a name with one task set", () => {
    const labels = labelSuites([
      { id: "a", name: "tau2/airline", version: "", createdAt: "2026-01-01", taskCount: 50 },
    ]);
    expect(labels.get("a")).toEqual({
      label: "tau2/airline",
      short: "tau2/airline",
      taskSetVersion: 1,
      taskSetCount: 1,
      taskCount: 50,
    });
  });

  it("numbers task sets of one name by age and never repeats a label", () => {
    const labels = labelSuites([
      { id: "new", name: "tau2/airline", version: "", createdAt: "2026-02-01", taskCount: 50 },
      { id: "old", name: "tau2/airline", version: "", createdAt: "2026-01-01", taskCount: 1 },
      { id: "retail", name: "tau2/retail", version: "", createdAt: "2026-01-01", taskCount: 114 },
      { id: "v2", name: "tau2/airline", version: "v2", createdAt: "2026-01-01", taskCount: 3 },
    ]);
    expect(labels.get("old")?.label).toBe("tau2/airline, task set 1 of 2, 1 task");
    expect(labels.get("new")?.label).toBe("tau2/airline, task set 2 of 2, 50 tasks");
    expect(labels.get("new")?.short).toBe("tau2/airline (task set 2)");
    expect(labels.get("retail")?.label).toBe("tau2/retail");
    expect(labels.get("v2")?.label).toBe("tau2/airline v2");
    const all = [...labels.values()].map((label) => label.label);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("describeCoverage", () => {
  it("states partial coverage only", () => {
    expect(describeCoverage(12, 50)).toBe("12 of 50 tasks");
    expect(describeCoverage(50, 50)).toBeNull();
  });
});
