import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import {
  deleteUploadRows,
  forgetStoragePaths,
  type KeptUpload,
  rejectedUploads,
  storagePathsOf,
  uploadsOfPurgedBundles,
} from "@/lib/db/janitor";
import { removeStoredUpload, uploadDirectory } from "./upload-store";

/** Files and rows younger than this are left alone: an upload may still be arriving or being answered. */
export const JANITOR_MIN_AGE_MS = 60 * 60 * 1000;

/** Upload files are named `<upload id>.upload[.raw|.gz]` (upload-store.ts). */
const UPLOAD_FILE = /^([0-9a-f-]{36})\.upload(\.raw|\.gz)?$/;

export interface JanitorReport {
  /** Files no upload row points at (a server died mid-upload, or an old copy after compression). */
  partialFiles: string[];
  /** Raw uploads of bundles whose runs were deleted and purged; their rows go too. */
  purgedUploads: string[];
  /** Files left by rejected uploads; their rows keep the answer. */
  rejectedFiles: string[];
  dryRun: boolean;
}

async function stillStored(location: string): Promise<boolean> {
  // S3 objects are not listed one by one: removing a missing key is harmless, so they count as present.
  return location.startsWith("s3://") || (await stat(location).catch(() => null)) !== null;
}

async function unreferencedFiles(olderThan: number): Promise<string[]> {
  const directory = uploadDirectory();
  const names = await readdir(directory).catch(() => [] as string[]);
  const candidates: { file: string; id: string }[] = [];
  for (const name of names) {
    const id = UPLOAD_FILE.exec(name)?.[1];
    if (!id) continue;
    const file = path.join(directory, name);
    const modified = (await stat(file).catch(() => null))?.mtimeMs;
    if (modified !== undefined && modified < olderThan) candidates.push({ file, id });
  }
  const paths = await storagePathsOf(candidates.map((candidate) => candidate.id));
  return candidates.filter(({ file, id }) => paths.get(id) !== file).map(({ file }) => file);
}

/**
 * Removes what uploads leave behind (docs/scaling.md): partial files older than an hour, raw uploads and rows of
 * purged bundles, and rejected uploads' files. With `dryRun` it only lists them.
 */
export async function runJanitor({ dryRun, now = Date.now() }: { dryRun: boolean; now?: number }) {
  const cutoff = now - JANITOR_MIN_AGE_MS;
  const partialFiles = await unreferencedFiles(cutoff);
  const purged = await uploadsOfPurgedBundles(new Date(cutoff));
  // A rejected upload's file is normally removed with its answer; only one a dying process left is listed.
  const rejected: KeptUpload[] = [];
  for (const upload of await rejectedUploads(new Date(cutoff)))
    if (await stillStored(upload.storagePath)) rejected.push(upload);
  const report: JanitorReport = {
    partialFiles,
    purgedUploads: purged.map((upload) => upload.storagePath || upload.id),
    rejectedFiles: rejected.map((upload) => upload.storagePath),
    dryRun,
  };
  if (dryRun) return report;
  for (const file of partialFiles) await removeStoredUpload(file);
  for (const upload of [...purged, ...rejected]) if (upload.storagePath) await removeStoredUpload(upload.storagePath);
  await deleteUploadRows(purged.map((upload) => upload.id));
  await forgetStoragePaths(rejected.map((upload) => upload.id));
  return report;
}
