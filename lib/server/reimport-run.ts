import { findReimportSource } from "@/lib/db/reimport-source";
import { warmRunsForLeaderboard } from "./leaderboard-summaries";
import { ingestBundle, type IngestResult } from "./ingest-bundle";
import { StoredUploadOptionsSchema } from "./upload-options";
import { readStoredUpload } from "./upload-store";
import { requestSearchIndexes } from "./search-indexing";

export type ReimportOutcome =
  | { kind: "reimported"; bundleId: string; runs: { id: string; name: string }[]; counts: Record<string, number> }
  | { kind: "skipped"; reason: string }
  | { kind: "rejected"; result: Exclude<IngestResult, { kind: "stored" }> };

/**
 * Reads the run's bundle again from its kept raw upload with the current importers and replaces the
 * bundle's rows in one transaction: run and trajectory ids, names, variants, pairing keys, tags and
 * study items stay; scores, settings and the importer version are refreshed. A file the current
 * importers reject leaves everything as it was.
 */
export async function reimportRun(runId: string): Promise<ReimportOutcome> {
  const source = await findReimportSource({ runId });
  if (!source) return { kind: "skipped", reason: `no live run with id ${runId}` };
  if (!source.upload)
    return { kind: "skipped", reason: `run ${runId} has no kept raw upload (stored before uploads were kept)` };
  if (source.deletedRunIds.length > 0)
    return { kind: "skipped", reason: `run(s) ${source.deletedRunIds.join(", ")} of this bundle are being deleted` };
  // Pairing, tags and variant are kept from the runs themselves; the stored options only reach runs the bundle did not have.
  const { scorer, pair: _pair, ...options } = StoredUploadOptionsSchema.parse(source.upload.options);
  const result = await ingestBundle({
    chunks: readStoredUpload(source.upload.storagePath),
    fileName: source.upload.fileName,
    uploadedBy: source.upload.actorId ?? source.upload.actorName,
    options,
    ...(scorer === undefined ? {} : { scorer }),
    reimport: { bundleId: source.bundleId, runs: source.runs },
  });
  if (result.kind !== "stored") return { kind: "rejected", result };
  await warmRunsForLeaderboard(result.runs.map((run) => run.id));
  // Re-imported runs keep their partitions and indexes; a run new to the bundle gets its indexes like any upload.
  await requestSearchIndexes(result.runs.map((run) => run.id));
  return { kind: "reimported", bundleId: source.bundleId, runs: result.runs, counts: { ...result.counts } };
}
