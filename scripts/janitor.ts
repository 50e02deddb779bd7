// Removes what uploads leave behind (lib/server/janitor.ts); `--dry-run` only lists it.
// Usage: npm run janitor [-- --dry-run]
import { runJanitor } from "@/lib/server/janitor";

const dryRun = process.argv.includes("--dry-run");
const report = await runJanitor({ dryRun });
const verb = dryRun ? "would remove" : "removed";
const sections: [string, string[]][] = [
  ["partial upload files (no upload row points at them)", report.partialFiles],
  ["raw uploads and rows of purged bundles", report.purgedUploads],
  ["files of rejected uploads", report.rejectedFiles],
];
for (const [what, items] of sections) {
  console.log(`${verb} ${items.length} ${what}`);
  for (const item of items) console.log(`  ${item}`);
}
process.exit(0);
