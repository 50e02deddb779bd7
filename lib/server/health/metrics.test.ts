import { describe, expect, it } from "vitest";
import { routePattern } from "./metrics";

describe("routePattern", () => {
  it("folds ids into :id so each route is one series", () => {
    expect(routePattern("http://x/api/runs/3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b/metrics?x=1")).toBe(
      "/api/runs/:id/metrics",
    );
    expect(routePattern("http://x/api/studies/12/items/345")).toBe("/api/studies/:id/items/:id");
    expect(routePattern("http://x/api/bundles")).toBe("/api/bundles");
  });
});
