import { Readable } from "node:stream";
import tar from "tar-stream";
import type { Chunks } from "../decode-body";
import { createMemoryByteSpill, type ByteSpillFactory, type RandomAccessBytes } from "../byte-spill";
import { BundleInputError } from "../issues";
import type { DocumentEvent } from "../json-document-stream";
import { DecompressedTooLargeError, ReadGuard, type ReadLimits } from "../read-limits";
import { MemberStore, memberEvents, parseMember, type MemberReadOptions } from "./archive-member";
import { listZipEntries, streamZipEntry, type ZipEntry } from "./inspect-zip";
import {
  Tau2ResultsReader,
  findResults,
  isResultsFile,
  isSimulationCandidate,
  simulationFiles,
} from "./tau2-archive-plan";
import { SUBMISSION_FILE, SubmissionDocument, isTau2Submission, isTrajectoryMember } from "./tau2-submission";

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isArchive(head: Uint8Array): boolean {
  const zip = ZIP_MAGIC.every((byte, index) => head[index] === byte);
  const tar = head.length >= 262 && Buffer.from(head.subarray(257, 262)).toString("latin1") === "ustar";
  return zip || tar;
}

function normalizeName(name: string): string {
  return name
    .replace(/\\/g, "/")
    .replace(/^(\.\/)+/, "")
    .replace(/^\/+/, "");
}

/** JSON members only; macOS resource forks ("._x.json", "__MACOSX/") look like JSON but are not. */
function isJsonMember(name: string): boolean {
  const base = name.split("/").pop() ?? "";
  return base.toLowerCase().endsWith(".json") && !base.startsWith("._") && !name.startsWith("__MACOSX/");
}

function corrupt(kind: "zip" | "tar", reason: unknown, member?: string): BundleInputError {
  const text = reason instanceof Error ? reason.message : String(reason);
  return new BundleInputError({
    path: member ?? "",
    message: `the ${kind} archive is corrupt or uses an unsupported feature${member === undefined ? "" : ` (at member ${member})`}: ${text}`,
  });
}

const memberDepth = (name: string): number => name.split("/").length;
const isSubmissionFile = (name: string): boolean => (name.split("/").pop() ?? "") === SUBMISSION_FILE;

/** The shallowest submission.json of an archive without a results.json: a tau2-bench leaderboard submission. */
function findSubmission(jsonMembers: Iterable<string>): string | undefined {
  const names = [...jsonMembers];
  if (names.some(isResultsFile)) return undefined;
  return names.filter(isSubmissionFile).sort((a, b) => memberDepth(a) - memberDepth(b))[0];
}

/** The tau2 results files in `trajectories/` beside a submission.json, sorted by name. */
function trajectoryMembers(jsonMembers: Iterable<string>, submissionName: string): string[] {
  const folder = submissionName.slice(0, submissionName.length - SUBMISSION_FILE.length);
  return [...jsonMembers]
    .filter((name) => name.startsWith(folder) && isTrajectoryMember(name.slice(folder.length)))
    .filter((name) => !name.slice(folder.length + "trajectories/".length).includes("/"))
    .sort();
}

/** Entry count, name length and the decompressed total, checked as members arrive. */
class MemberBudget {
  private entries = 0;
  private taken = 0;
  constructor(
    private readonly limits: ReadLimits,
    private readonly guard: { count(bytes: number): void },
  ) {}

  /**
   * A member whose header declares more than the decompressed limit has left is refused (413, as if it had
   * inflated that far) before it inflates.
   */
  admitSize(declared: number | undefined): void {
    if (declared !== undefined && declared > this.limits.maxDecompressedBytes - this.taken)
      throw new DecompressedTooLargeError(this.limits.maxDecompressedBytes);
  }

  admit(name: string): void {
    this.entries += 1;
    if (this.entries > this.limits.maxArchiveEntries)
      throw new BundleInputError({
        path: "",
        message: `the archive has more than ${this.limits.maxArchiveEntries} entries`,
      });
    if (Buffer.byteLength(name) > this.limits.maxArchiveEntryNameBytes) {
      throw new BundleInputError({
        path: `${name.slice(0, 64)}...`,
        message: `an archive entry name is longer than ${this.limits.maxArchiveEntryNameBytes} bytes`,
      });
    }
  }

  take(bytes: number): void {
    this.taken += bytes;
    this.guard.count(bytes);
  }
}

export interface ArchiveReadOptions {
  signal?: AbortSignal;
  /** Told about members that are not valid UTF-8. */
  warn: (warning: string) => void;
  /** Where a tar's parsed simulations wait for their results.json (a temporary file on the server). */
  createByteSpill?: ByteSpillFactory;
}

function memberOptions(limits: ReadLimits, options: ArchiveReadOptions): MemberReadOptions {
  return { maxDepth: limits.maxJsonDepth, maxBytes: limits.maxRecordBytes, warn: options.warn };
}

/** The simulation items, numbered in reading order, then the empty field that closes the list. */
async function* simulationEvents(values: AsyncIterable<{ value: unknown; tooDeep?: boolean }>) {
  let index = 0;
  for await (const { value, tooDeep } of values) {
    const item: DocumentEvent = tooDeep
      ? { kind: "item", array: "simulations", index, value, tooDeep }
      : { kind: "item", array: "simulations", index, value };
    index += 1;
    yield item;
  }
  yield { kind: "field", key: "simulations", value: [] } satisfies DocumentEvent;
}

/**
 * Reads a tau2 results directory packed as a zip, from its central directory: results.json first, then each
 * simulation file in index order, each inflated and parsed as a stream, so memory holds one simulation at a
 * time. Yields the parse events of the equivalent single tau2 document.
 */
export async function* zipArchiveEvents(
  source: RandomAccessBytes,
  limits: ReadLimits,
  options: ArchiveReadOptions,
): AsyncGenerator<DocumentEvent> {
  const budget = new MemberBudget(limits, new ReadGuard(limits, options.signal));
  let entries: ZipEntry[];
  try {
    entries = await listZipEntries(source, { maxEntries: limits.maxArchiveEntries });
  } catch (error) {
    throw error instanceof BundleInputError ? error : corrupt("zip", error);
  }
  const members = new Map<string, ZipEntry>();
  for (const entry of entries) {
    const name = normalizeName(entry.name);
    budget.admit(name);
    if (!name.endsWith("/") && isJsonMember(name)) members.set(name, entry);
  }
  const read = (name: string) =>
    streamZipEntry(source, members.get(name) as ZipEntry, { onInflated: (bytes) => budget.take(bytes) });
  const parsing = memberOptions(limits, options);
  const declared = (names: string[]) => names.reduce((sum, name) => sum + (members.get(name)?.size ?? 0), 0);
  const submissionName = findSubmission(members.keys());
  if (submissionName !== undefined) {
    const names = trajectoryMembers(members.keys(), submissionName);
    budget.admitSize(declared([submissionName, ...names]));
    const submission = await parseMember(submissionName, read(submissionName), parsing);
    if (isTau2Submission(submission)) {
      const files: { name: string; value: unknown }[] = [];
      for (const name of names) files.push({ name, value: await parseMember(name, read(name), parsing) });
      throw new SubmissionDocument(submission, files);
    }
  }
  const resultsName = findResults([...members.keys()]);
  const files = simulationFiles(members.keys(), resultsName);
  // What the members to be read declare must fit in what the upload may inflate to, before any is inflated.
  budget.admitSize(declared([resultsName, ...files.values()]));

  yield { kind: "root", type: "object" };
  const results = new Tau2ResultsReader(resultsName);
  for await (const event of memberEvents(resultsName, read(resultsName), parsing)) {
    const passed = results.take(event);
    // Inline simulations count only when there are no simulation files (as tau2 reads a results directory).
    if (passed && (passed.kind === "field" || files.size === 0)) yield passed;
  }
  yield* results.missingFields();
  const order = results.plan(files);
  async function* values() {
    for (const name of order) yield { value: await parseMember(name, read(name), parsing) };
  }
  yield* simulationEvents(values());
}

/** A tar entry's bytes, counted against the upload's budget as they pass. */
async function* counted(entry: AsyncIterable<unknown>, budget: MemberBudget): AsyncGenerator<Uint8Array> {
  for await (const part of entry) {
    const bytes = part as Buffer;
    budget.take(bytes.length);
    yield bytes;
  }
}

/**
 * Reads a tau2 results directory packed as a tar, front to back: a tar has no directory, so every results.json
 * and simulation file is parsed as a stream as it passes, and the simulations wait as compact JSON in a byte spill
 * (a temporary file on the server) until the chosen results.json says which ones are read and in what order.
 */
export async function* tarArchiveEvents(
  chunks: Chunks,
  limits: ReadLimits,
  options: ArchiveReadOptions,
): AsyncGenerator<DocumentEvent> {
  const budget = new MemberBudget(limits, new ReadGuard(limits, options.signal));
  const store = new MemberStore(options.createByteSpill ?? createMemoryByteSpill);
  const parsing = memberOptions(limits, options);
  const results = new Map<string, { reader: Tau2ResultsReader; fields: DocumentEvent[]; inline: string[] }>();
  const jsonMembers: string[] = [];
  const extractor = tar.extract();
  const source = Readable.from(chunks);
  source.on("error", (error) => extractor.destroy(error));
  source.pipe(extractor);
  let current: string | undefined;
  try {
    try {
      for await (const entry of extractor) {
        const name = normalizeName(entry.header.name);
        current = name;
        budget.admit(name);
        const isFile = entry.header.type === "file" || entry.header.type === "contiguous-file";
        if (!isFile || !isJsonMember(name)) {
          entry.resume();
          continue;
        }
        budget.admitSize(entry.header.size ?? undefined);
        jsonMembers.push(name);
        if (isResultsFile(name)) {
          const read = { reader: new Tau2ResultsReader(name), fields: [] as DocumentEvent[], inline: [] as string[] };
          for await (const event of memberEvents(name, counted(entry, budget), parsing)) {
            const passed = read.reader.take(event);
            if (passed?.kind === "field") read.fields.push(passed);
            else if (passed?.kind === "item") {
              const key = `${name}\u0000${passed.index}`;
              await store.put(key, passed.value, passed.tooDeep);
              read.inline.push(key);
            }
          }
          results.set(name, read);
        } else if (isSimulationCandidate(name) || isSubmissionFile(name) || isTrajectoryMember(name)) {
          await store.put(name, await parseMember(name, counted(entry, budget), parsing));
        } else {
          for await (const _ of counted(entry, budget));
        }
      }
    } catch (error) {
      source.destroy();
      if (error instanceof BundleInputError || error instanceof DecompressedTooLargeError) throw error;
      throw corrupt("tar", error, current);
    }
    await store.seal();
    const submissionName = findSubmission(jsonMembers);
    const submission = submissionName === undefined ? undefined : (await store.get(submissionName)).value;
    if (submissionName !== undefined && isTau2Submission(submission)) {
      const files: { name: string; value: unknown }[] = [];
      for (const name of trajectoryMembers(store.keys(), submissionName))
        files.push({ name, value: (await store.get(name)).value });
      throw new SubmissionDocument(submission, files);
    }
    const resultsName = findResults(jsonMembers);
    const chosen = results.get(resultsName);
    if (!chosen) throw corrupt("tar", `${resultsName} was not read`);
    yield { kind: "root", type: "object" };
    yield* chosen.fields;
    yield* chosen.reader.missingFields();
    const order = chosen.reader.plan(simulationFiles(store.keys(), resultsName));
    const keys = order.length > 0 ? order : chosen.inline;
    async function* values() {
      for (const key of keys) yield await store.get(key);
    }
    yield* simulationEvents(values());
  } finally {
    await store.dispose();
  }
}
