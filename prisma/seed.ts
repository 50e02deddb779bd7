// Loads the deterministic demo bundles into an empty database (used by the Quick start).
import { generateDemoBundles } from "@/lib/demo/generate-demo-bundles";
import { ingestBundle } from "@/lib/server/ingest-bundle";
import { countRuns } from "@/lib/db/runs";
import { warmRunMetrics } from "@/lib/server/get-run-metrics";
import { buildRunSearchIndexes } from "@/lib/db/run-search-index";

async function* chunksOf(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text);
}

async function main(): Promise<void> {
  if ((await countRuns()) > 0 && !process.argv.includes("--force")) {
    console.log("[seed] the database already has runs; demo data not loaded (pass --force to add it anyway)");
    return;
  }
  for (const [index, bundle] of generateDemoBundles().entries()) {
    const result = await ingestBundle({
      chunks: chunksOf(JSON.stringify(bundle)),
      fileName: `demo-${index + 1}.json`,
      uploadedBy: "demo",
    });
    if (result.kind !== "stored")
      throw new Error(`demo bundle ${index + 1} was not stored: ${JSON.stringify(result).slice(0, 2000)}`);
    await warmRunMetrics(result.runs.map((run) => run.id));
    // Demo runs are small: indexed for search here, so the first search finds them.
    for (const run of result.runs) await buildRunSearchIndexes(run.id);
    console.log(
      `[seed] demo bundle ${index + 1}: ${result.duplicate ? "already present" : `${result.counts.trajectories} trajectories, ${result.counts.turnPredictions} turn predictions`}`,
    );
  }
}

await main();
process.exit(0);
