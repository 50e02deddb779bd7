import { readFile } from "node:fs/promises";
import path from "node:path";

/** The documents the pages link to; nothing else under docs/ is served. */
const SERVED_DOCS = new Set(["bundle-format.md", "metrics.md"]);

/** A document of docs/ as text, or null when it is not one the app serves. */
export async function readServedDoc(name: string): Promise<string | null> {
  if (!SERVED_DOCS.has(name)) return null;
  return readFile(path.join(process.cwd(), "docs", name), "utf8").catch(() => null);
}
