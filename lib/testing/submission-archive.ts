import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { zipSync } from "fflate";
import tar from "tar-stream";

/** The files of a folder (recursively), keyed by their path under `prefix/`, read into memory: nothing is written. */
export function readFolder(folder: string, prefix = path.basename(folder)): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) Object.assign(files, readFolder(full, `${prefix}/${name}`));
    else files[`${prefix}/${name}`] = new Uint8Array(readFileSync(full));
  }
  return files;
}

export function zipFiles(files: Record<string, Uint8Array>): Buffer {
  return Buffer.from(zipSync(files));
}

export async function tarGzFiles(files: Record<string, Uint8Array>): Promise<Buffer> {
  const pack = tar.pack();
  for (const [name, bytes] of Object.entries(files)) pack.entry({ name }, Buffer.from(bytes));
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

/** A copy of the files whose submission.json is changed by `edit` (a claim of 40.0, results of one domain...). */
export function withSubmission(
  files: Record<string, Uint8Array>,
  edit: (submission: Record<string, unknown>) => Record<string, unknown>,
): Record<string, Uint8Array> {
  const name = Object.keys(files).find((key) => key.endsWith("/submission.json") || key === "submission.json");
  if (name === undefined) throw new Error("no submission.json among the files");
  const submission = JSON.parse(Buffer.from(files[name] as Uint8Array).toString("utf8")) as Record<string, unknown>;
  return { ...files, [name]: new TextEncoder().encode(JSON.stringify(edit(submission))) };
}

/** Only the submission.json: a leaderboard entry without trajectories. */
export function submissionOnly(files: Record<string, Uint8Array>): Record<string, Uint8Array> {
  return Object.fromEntries(Object.entries(files).filter(([name]) => name.endsWith("submission.json")));
}
