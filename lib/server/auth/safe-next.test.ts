import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

describe("safeNext", () => {
  it("keeps same-origin relative paths with their query", () => {
    expect(safeNext("/runs/abc?tab=grid")).toBe("/runs/abc?tab=grid");
    expect(safeNext("/studies")).toBe("/studies");
  });

  it("refuses anything that could leave the host", () => {
    for (const hostile of [
      "/\\evil.example/",
      "//evil.example",
      "https://evil.example/",
      "/\\/evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil",
      "",
    ]) {
      expect(safeNext(hostile), hostile).toBe("/runs");
    }
  });

  it("takes the first of repeated values and ignores non-strings", () => {
    expect(safeNext(["/a", "/b"])).toBe("/a");
    expect(safeNext(undefined)).toBe("/runs");
    expect(safeNext(42)).toBe("/runs");
  });
});
