import type { BundleIssue } from "../issues";
import { BundleInputError } from "../issues";
import { newConversionLog, type BundleDocumentInput, type ConversionLog, type TrajectoryInput } from "./bundle-input";
import { checkInspectVersion, isInspectLog } from "./inspect-header";
import { InspectTaskList, startInspectConversion, summarizeInspectConversion } from "./inspect-convert";
import { listZipEntries, readZipEntry, TooManyMembersError, type ZipEntry, type ZipReadLimits } from "./inspect-zip";
import type { RandomAccessBytes } from "../byte-spill";
import { invalidUtf8Warning } from "../utf8-watch";
import { parseJson } from "../number-literals";
import { isRecord } from "./json-value";

const HEADER = "header.json";
const SUMMARIES = "summaries.json";
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
  /** Counts inflated bytes against the upload's limits (and stops on timeout or disconnect). */
  onInflated?: ZipReadLimits["onInflated"];
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

type MemberRead = { ok: true; value: unknown; warning?: string } | { ok: false; issue: BundleIssue };
type MemberReader = (entry: ZipEntry) => Promise<MemberRead>;

/** Decompresses and parses one member; a member that is not JSON is located by its name. */
async function readJsonMember(
  source: RandomAccessBytes,
  entry: ZipEntry,
  maxChars: number,
  onInflated: ZipReadLimits["onInflated"],
): Promise<MemberRead> {
  if (entry.size > maxChars) {
    return {
      ok: false,
      issue: {
        path: entry.name,
        message: `${entry.name} is ${entry.size} bytes uncompressed, over the limit of ${maxChars} for one JSON document`,
      },
    };
  }
  const inflated = await readZipEntry(source, entry, onInflated ? { onInflated } : {});
  const text = new TextDecoder("utf-8").decode(inflated).replace(/^\uFEFF/, "");
  const warning = invalidUtf8Warning(entry.name, inflated);
  try {
    return { ok: true, value: parseJson(text), ...(warning === undefined ? {} : { warning }) };
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

async function readHeader(entries: readonly ZipEntry[], read: MemberReader) {
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
  const parsed = await read(entry);
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
 * A summaries.json that lists a sample the archive does not hold means the log and its contents disagree
 * (a copy cut short, a member deleted): refused rather than stored as a smaller run.
 */
async function checkSummaries(entries: readonly ZipEntry[], read: MemberReader, log: ConversionLog): Promise<void> {
  const entry = entries.find((candidate) => candidate.name === SUMMARIES);
  if (!entry) return;
  const parsed = await read(entry);
  if (!parsed.ok) {
    log.issues.push(parsed.issue);
    return;
  }
  if (!Array.isArray(parsed.value)) {
    log.issues.push({ path: SUMMARIES, message: `${SUMMARIES} must hold a list of sample summaries` });
    return;
  }
  const present = new Set(entries.map((candidate) => candidate.name));
  let missing = 0;
  for (const [index, summary] of parsed.value.entries()) {
    if (!isRecord(summary) || summary.id === undefined || summary.epoch === undefined) continue;
    const member = `samples/${String(summary.id)}_epoch_${String(summary.epoch)}.json`;
    if (present.has(member)) continue;
    missing += 1;
    if (missing <= 5)
      log.issues.push({
        path: `${SUMMARIES}[${index}]`,
        message: `${SUMMARIES} lists sample ${JSON.stringify(summary.id)} epoch ${String(summary.epoch)}, but the archive holds no ${member}; the log and its contents disagree`,
      });
  }
  if (missing > 5)
    log.issues.push({
      path: SUMMARIES,
      message: `${SUMMARIES} lists ${missing} samples the archive does not hold (the first 5 are named)`,
    });
}

/**
 * Opens an Inspect .eval log from bytes read by offset (a temporary file on the server). Members are
 * inflated one at a time, samples twice: first to list the tasks the header needs, then to yield trajectories.
 */
export async function openInspectEval(
  source: RandomAccessBytes,
  entries: readonly ZipEntry[],
  options: InspectEvalOptions,
): Promise<InspectEvalOpening> {
  const read: MemberReader = (entry) => readJsonMember(source, entry, options.maxMemberChars, options.onInflated);
  const header = await readHeader(entries, read);
  const samples = entries.filter((entry) => SAMPLE_MEMBER.test(entry.name));
  const log: ConversionLog = newConversionLog();
  await checkSummaries(entries, read, log);
  if (log.issues.length > 0) return { ok: false, issues: log.issues };
  const tasks = new InspectTaskList();
  for (const entry of samples) {
    const parsed = await read(entry);
    if (parsed.ok && parsed.warning !== undefined) log.warnings.push(parsed.warning);
    if (!parsed.ok) log.issues.push(parsed.issue);
    else if (!isRecord(parsed.value))
      log.issues.push({ path: entry.name, message: `${entry.name} must hold one sample (a JSON object)` });
    else tasks.add({ path: entry.name, sample: parsed.value }, log);
  }
  log.warnings.push(...tasks.notes.warnings());
  if (samples.length === 0)
    log.warnings.push("the log holds no samples (written with log_samples off?); the run has no trajectories");
  const conversion = startInspectConversion(header, tasks, options.fileName, options.scorer, log);
  if (log.issues.length > 0) return { ok: false, issues: log.issues };
  const warnings = [...log.warnings];
  async function* trajectories(report: (issues: BundleIssue[]) => void): AsyncGenerator<StreamedTrajectory> {
    for (const entry of samples) {
      const parsed = await read(entry);
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
export async function listInspectEntries(source: RandomAccessBytes, limits: ZipReadLimits): Promise<ZipEntry[] | null> {
  let entries: ZipEntry[];
  try {
    entries = await listZipEntries(source, limits);
  } catch (error) {
    // Too many members is an answer of its own; any other damage is left to the general archive reader.
    if (error instanceof TooManyMembersError) throw error;
    return null;
  }
  return isInspectEvalArchive(entries) ? entries : null;
}
