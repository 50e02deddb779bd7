import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { METRIC_REGISTRY, metricSpec, passHatKSpec } from "./registry";

function githubAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of markdown.split("\n")) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (!heading) continue;
    anchors.add(
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, "")
        .replace(/\s/g, "-"),
    );
  }
  return anchors;
}

describe("metric registry", () => {
  it("has unique ids and a definition link that exists in docs/metrics.md", () => {
    const ids = METRIC_REGISTRY.map((metric) => metric.id);
    expect(new Set(ids).size).toBe(ids.length);
    const anchors = githubAnchors(readFileSync("docs/metrics.md", "utf8"));
    for (const metric of [...METRIC_REGISTRY, passHatKSpec(3)]) {
      const [file, anchor] = metric.docs.split("#");
      expect(file).toBe("docs/metrics.md");
      expect(anchors, `${metric.id} links to #${anchor}`).toContain(anchor);
    }
  });

  it("resolves pass^k ids and refuses unknown ones", () => {
    expect(metricSpec("passHatK2")).toMatchObject({ label: "pass^2", group: "closed", direction: "higher" });
    expect(metricSpec("turnLimitRate").direction).toBe("lower");
    expect(() => metricSpec("nope")).toThrow(/unknown metric/);
  });
});
