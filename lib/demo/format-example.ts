import type { DemoBundle } from "./types";

const WIDTH = 150;

/** JSON on one line with a space after each comma and colon, as people write it by hand. */
function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`).join(", ")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Pretty JSON that keeps small objects (events, tool calls) on one line, so the worked
 * example stays readable in docs/bundle-format.md. The same text is docs/examples/small-bundle.json.
 */
export function formatCompactJson(value: unknown, indent = ""): string {
  const flat = oneLine(value);
  if (value === null || typeof value !== "object" || indent.length + flat.length <= WIDTH) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => `${inner}${formatCompactJson(item, inner)}`).join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${formatCompactJson(item, inner)}`).join(",\n")}\n${indent}}`;
}

/** The JSONL encoding: a header line, then one record per line. */
export function toJsonlText(bundle: DemoBundle): string {
  const { trajectories = [], turnPredictions = [], ...header } = bundle;
  return [
    JSON.stringify({ type: "header", ...header }),
    ...trajectories.map((trajectory) => JSON.stringify({ type: "trajectory", ...trajectory })),
    ...turnPredictions.map((prediction) => JSON.stringify({ type: "turnPrediction", ...prediction })),
    "",
  ].join("\n");
}
