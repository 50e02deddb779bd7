// Writes docs/bundle.schema.json, the JSON Schema of a Loopscope bundle v1 (one JSON
// document), for producers in other languages. Usage: npm run schema:export
// lib/bundles/examples.test.ts fails when the committed file differs from this output.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";
import { BUNDLE_SCHEMA_VERSION } from "@/lib/bundles/schema/common";
import { BundleDocumentSchema } from "@/lib/bundles/schema/bundle";

export const SCHEMA_PATH = fileURLToPath(new URL("../docs/bundle.schema.json", import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function renameRefs(node: Json, from: string, to: string): Json {
  if (Array.isArray(node)) return node.map((item) => renameRefs(item, from, to));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "$ref" && value === from ? to : renameRefs(value, from, to),
    ]),
  );
}

/** zod names anonymous recursive schemas __schema0...; the only one in the format is JsonValue. */
function nameJsonValue(schema: { [key: string]: Json }): { [key: string]: Json } {
  const defs = schema.$defs;
  if (defs === null || typeof defs !== "object" || Array.isArray(defs)) return schema;
  const generated = Object.keys(defs).filter((key) => key.startsWith("__schema"));
  const [only] = generated;
  if (generated.length !== 1 || only === undefined) return schema;
  const { [only]: definition, ...others } = defs;
  const renamed = renameRefs(
    { ...schema, $defs: { ...others, JsonValue: definition ?? null } },
    `#/$defs/${only}`,
    "#/$defs/JsonValue",
  );
  return renamed !== null && typeof renamed === "object" && !Array.isArray(renamed) ? renamed : schema;
}

export function buildBundleJsonSchema(): Record<string, unknown> {
  // io "input": producers may omit fields that have defaults. JsonValue is recursive (z.lazy),
  // so cycles become $defs references; "any" keeps the export from throwing on anything
  // JSON Schema cannot express (the turn-prediction superRefine is simply not represented).
  const generated = z.toJSONSchema(BundleDocumentSchema, {
    io: "input",
    cycles: "ref",
    unrepresentable: "any",
    target: "draft-2020-12",
  });
  const { $schema, ...rest } = nameJsonValue(JSON.parse(JSON.stringify(generated)) as { [key: string]: Json });
  return {
    $schema,
    $id: "https://loopscope.dev/schemas/bundle-v1.schema.json",
    title: `Loopscope bundle (${BUNDLE_SCHEMA_VERSION}), single JSON document`,
    description:
      "Generated from lib/bundles/schema by scripts/export-json-schema.ts; see docs/bundle-format.md. The JSONL encoding uses the same objects, one per line.",
    ...rest,
  };
}

export function renderBundleJsonSchema(): string {
  return `${JSON.stringify(buildBundleJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  writeFileSync(SCHEMA_PATH, renderBundleJsonSchema());
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_PATH)}`);
}
