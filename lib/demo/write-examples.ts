// Regenerates docs/examples/small-bundle.{json,jsonl,jsonl.gz} from lib/demo/small-example.ts.
// Usage: npx tsx lib/demo/write-examples.ts (lib/bundles/examples.test.ts fails when they are stale).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { formatCompactJson, toJsonlText } from "./format-example";
import { smallExampleBundle } from "./small-example";

export const EXAMPLES_DIR = fileURLToPath(new URL("../../docs/examples/", import.meta.url));

export function exampleFiles(): Record<string, string> {
  const bundle = smallExampleBundle();
  return { "small-bundle.json": `${formatCompactJson(bundle)}\n`, "small-bundle.jsonl": toJsonlText(bundle) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const files = exampleFiles();
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(EXAMPLES_DIR, name), text);
  writeFileSync(
    path.join(EXAMPLES_DIR, "small-bundle.jsonl.gz"),
    gzipSync(files["small-bundle.jsonl"] ?? "", { level: 9 }),
  );
  console.log(`wrote ${Object.keys(files).length + 1} files to ${path.relative(process.cwd(), EXAMPLES_DIR)}`);
}
