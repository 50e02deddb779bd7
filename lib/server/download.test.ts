import { describe, expect, it } from "vitest";
import { downloadResponse, downloadType, fileSlug } from "./download";

describe("downloadResponse", () => {
  it("types each format and names the file with the format's extension, as an attachment that is not cached", async () => {
    const expected = {
      csv: ["text/csv; charset=utf-8", "csv"],
      md: ["text/markdown; charset=utf-8", "md"],
      tex: ["application/x-tex; charset=utf-8", "tex"],
      json: ["application/json", "json"],
    } as const;
    for (const [format, [contentType, extension]] of Object.entries(expected)) {
      const response = downloadResponse({
        body: "a,b\n",
        format: format as keyof typeof expected,
        name: "experiments",
      });
      expect(response.headers.get("content-type")).toBe(contentType);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="experiments.${extension}"`);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toBe("a,b\n");
    }
  });

  it("answers inline when asked, for links that open in a tab", () => {
    const response = downloadResponse({
      body: "| a |",
      format: "md",
      name: "comparison-protocol",
      disposition: "inline",
    });
    expect(response.headers.get("content-disposition")).toBe('inline; filename="comparison-protocol.md"');
  });

  it("has one MIME table, JSON included", () => {
    expect(downloadType("tex")).toEqual({ contentType: "application/x-tex; charset=utf-8", extension: "tex" });
    expect(downloadType("json")).toEqual({ contentType: "application/json", extension: "json" });
  });
});

describe("fileSlug", () => {
  it("keeps lower-case letters and digits, one dash for anything else, none at the ends", () => {
    expect(fileSlug("tau2/Airline (v2)!", "suite")).toBe("tau2-airline-v2");
    expect(fileSlug("  Pilot study: 'refunds' ", "study")).toBe("pilot-study-refunds");
  });

  it("falls back when nothing is left, and cuts long names at 80 characters", () => {
    expect(fileSlug("ÄÖÜ ???", "study")).toBe("study");
    expect(fileSlug("x".repeat(200), "suite")).toHaveLength(80);
  });
});
