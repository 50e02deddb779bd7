import { describe, expect, it } from "vitest";
import { listPage } from "./list-page";

describe("listPage", () => {
  const items = Array.from({ length: 120 }, (_, i) => i + 1);

  it("slices the requested page and says where it sits", () => {
    expect(listPage(items, 2, 50)).toMatchObject({ page: 2, pages: 3, from: 51, to: 100, total: 120 });
    expect(listPage(items, 2, 50).items[0]).toBe(51);
    expect(listPage(items, 3, 50)).toMatchObject({ from: 101, to: 120 });
  });

  it("shows the last page past the end and the first below 1", () => {
    expect(listPage(items, 9, 50).page).toBe(3);
    expect(listPage(items, 0, 50).page).toBe(1);
    expect(listPage(items, Number.NaN, 50).page).toBe(1);
  });

  it("is one empty page for an empty list", () => {
    expect(listPage([], 1, 50)).toEqual({ items: [], page: 1, pages: 1, from: 0, to: 0, total: 0 });
  });
});
