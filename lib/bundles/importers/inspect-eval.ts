import type { BundleIssue } from "../issues";
import { BundleInputError } from "../issues";
import { newConversionLog, type BundleDocumentInput, type ConversionLog, type TrajectoryInput } from "./bundle-input";
import { checkInspectVersion, isInspectLog } from "./inspect-header";
import { InspectTaskList, startInspectConversion, summarizeInspectConversion } from "./inspect-convert";
import { listZipEntries, readZipEntry, type ZipEntry } from "./inspect-zip";
import { isRecord } from "./json-value";

const HEADER = "header.json";
const SAMPLE_MEMBER = /^samples\/(.+)_epoch_(\d+)\.json$/;

/** An Inspect .eval log is a zip whose members follow Inspect's layout; the file name plays no part. */
export function isInspectEvalArchive(entries: readonly ZipEntry[]): boolean {
  return entries.some(
    (entry) => entry.name === HEADER || entry.name.startsWith("_journal/") || SAMPLE_MEMBER.test(entry.name),
  );
}

export interface InspectEvalOptions {
  fileName: string;
  scorer?: string;
  /** Limit on one member's uncompressed size, the same as for a single JSON document. */
  maxMemberChars: number;
}

export interface StreamedTrajectory {
  path: string;
  value: TrajectoryInput;
}

export type InspectEvalOpening =
  | {
      ok: true;
      header: Omit<BundleDocumentInput, "trajectories" | "turnPredictions">;
      warnings: string[];
      trajectories: (report: (issues: BundleIssue[]) => void) => AsyncGenerator<StreamedTrajectory>;
    }
  | { ok: false; issues: BundleIssue[] };

/** Decompresses and parses one member; a member that is not JSON is located by its name. */
function readJsonMember(
  bytes: Uint8Array,
  entry: ZipEntry,
  maxChars: number,
): { ok: true; value: unknown } | { ok: false; issue: BundleIssue } {
  if (entry.size > maxChars) {
    return {
      ok: false,
      issue: {
        path: entry.name,
        message: `${entry.name} is ${entry.size} bytes uncompressed, over the limit of ${maxChars} for one JSON document`,
      },
    };
  }
  const text = new TextDecoder("utf-8").decode(readZipEntry(bytes, entry)).replace(/^\uFEFF/, "");
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return {
      ok: false,
      issue: {
        path: entry.name,
        message: `${entry.name} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      },
    };
  }
}

function readHeader(bytes: Uint8Array, entries: readonly ZipEntry[], maxChars: number) {
  const entry = entries.find((candidate) => candidate.name === HEADER);
  if (!entry) {
    const journal = entries.some((candidate) => candidate.name.startsWith("_journal/"));
    throw new BundleInputError({
      path: HEADER,
      message: `this Inspect .eval log has no ${HEADER}${journal ? " (Inspect writes it when the eval finishes; this log looks unfinished)" : ""}; found: ${entries
        .slice(0, 5)
        .map((item) => item.name)
        .join(", ")}`,
    });
  }
  const parsed = readJsonMember(bytes, entry, maxChars);
  if (!parsed.ok) throw new BundleInputError(parsed.issue);
  if (!isRecord(parsed.value) || !isRecord(parsed.value.eval))
    throw new BundleInputError({
      path: HEADER,
      message: `${HEADER} must hold an Inspect log header {version, status, eval, plan, results, stats}`,
    });
  const versionIssue = checkInspectVersion(parsed.value, HEADER);
  if (versionIssue) throw new BundleInputError(versionIssue);
  if (!isInspectLog(parsed.value))
    throw new BundleInputError({ path: `${HEADER}:eval.task`, message: `${HEADER} has no eval.task` });
  return parsed.value;
}

/**
 * Opens an Inspect .eval log held in memory (compressed). Samples are decompressed one at a
 * time, twice: first to list the tasks the header needs, then to yield trajectories.
 */
export function openInspectEval(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  options: InspectEvalOptions,
): InspectEvalOpening {
  const header = readHeader(bytes, entries, options.maxMemberChars);
  const samples = entries.filter((entry) => SAMPLE_MEMBER.test(entry.name));
  const log: ConversionLog = newConversionLog();
  const tasks = new InspectTaskList();
  for (const entry of samples) {
    const parsed = readJsonMember(bytes, entry, options.maxMemberChars);
    if (!parsed.ok) log.issues.push(parsed.issue);
    else if (!isRecord(parsed.value))
      log.issues.push({ path: entry.name, message: `${entry.name} must hold one sample (a JSON object)` });
    else tasks.add({ path: entry.name, sample: parsed.value }, log);
  }
  if (samples.length === 0)
    log.warnings.push("the log holds no samples (written with log_samples off?); the run has no trajectories");
  const conversion = startInspectConversion(header, tasks, options.fileName, options.scorer, log);
  if (log.issues.length > 0) return { ok: false, issues: log.issues };
  const warnings = [...log.warnings];
  async function* trajectories(report: (issues: BundleIssue[]) => void): AsyncGenerator<StreamedTrajectory> {
    for (const entry of samples) {
      const parsed = readJsonMember(bytes, entry, options.maxMemberChars);
      if (!parsed.ok || !isRecord(parsed.value)) continue;
      log.issues.length = 0;
      const value = conversion.mapSample({ path: entry.name, sample: parsed.value });
      if (log.issues.length > 0) report([...log.issues]);
      if (value) yield { path: entry.name, value };
    }
    log.warnings.length = 0;
    summarizeInspectConversion(conversion, log);
    warnings.push(...log.warnings);
  }
  return { ok: true, header: conversion.header, warnings, trajectories };
}

/** Lists a zip's members, or null when the bytes are not a readable zip (left to the other archive reader). */
export function listInspectEntries(bytes: Uint8Array): ZipEntry[] | null {
  try {
    const entries = listZipEntries(bytes);
    return isInspectEvalArchive(entries) ? entries : null;
  } catch {
    return null;
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export type InspectProbe =
  { found: true; bytes: Uint8Array; entries: ZipEntry[] } | { found: false; chunks: AsyncIterable<Uint8Array> };

/**
 * Tells an Inspect .eval zip from other archives by its members. A zip is read whole (its
 * directory sits at its end; the existing zip path does the same), bounded by `maxChars`;
 * anything else is passed on unread.
 */
export async function probeInspectEval(
  chunks: AsyncIterable<Uint8Array>,
  head: Uint8Array,
  maxChars: number,
): Promise<InspectProbe> {
  if (!ZIP_MAGIC.every((byte, index) => head[index] === byte)) return { found: false, chunks };
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > maxChars)
      throw new BundleInputError({
        path: "",
        message: `the zip archive is larger than ${maxChars} bytes, the limit for one Inspect .eval log`,
      });
    parts.push(chunk);
  }
  const bytes = Buffer.concat(parts);
  const entries = listInspectEntries(bytes);
  if (entries) return { found: true, bytes, entries };
  return {
    found: false,
    chunks: (async function* () {
      yield bytes;
    })(),
  };
}
