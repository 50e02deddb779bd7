// Writes docs/bundle.schema.json, the JSON Schema of a Loopscope bundle v1 (one JSON
// document), for producers in other languages. Usage: npm run schema:export
// lib/bundles/examples.test.ts fails when the committed file differs from this output.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";
import { BUNDLE_SCHEMA_VERSION, JSON_VALUE_JSON_SCHEMA, JsonValueSchema } from "@/lib/bundles/schema/common";
import { BundleDocumentSchema } from "@/lib/bundles/schema/bundle";

export const SCHEMA_PATH = fileURLToPath(new URL("../docs/bundle.schema.json", import.meta.url));

export function buildBundleJsonSchema(): Record<string, unknown> {
  // io "input": producers may omit fields that have defaults. JsonValue is checked by code (it carries the id
  // "JsonValue", so it becomes one $defs entry) and described here; "any" keeps the export from throwing on anything
  // else JSON Schema cannot express (the turn-prediction superRefine is simply not represented).
  const generated = z.toJSONSchema(BundleDocumentSchema, {
    io: "input",
    cycles: "ref",
    unrepresentable: "any",
    target: "draft-2020-12",
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema === JsonValueSchema) Object.assign(jsonSchema, JSON_VALUE_JSON_SCHEMA);
    },
  });
  const { $schema, ...rest } = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>;
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
