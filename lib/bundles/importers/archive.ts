import { Readable } from "node:stream";
import { Unzip, UnzipInflate } from "fflate";
import tar from "tar-stream";
import { peek, type Chunks } from "../decode-body";
import { BundleInputError } from "../issues";
import { DecompressedTooLargeError, ReadGuard, type ReadLimits } from "../read-limits";
import { isRecord } from "./json-value";
import { invalidUtf8Warning } from "../utf8-watch";

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isArchive(head: Uint8Array): boolean {
  const zip = ZIP_MAGIC.every((byte, index) => head[index] === byte);
  const tar = head.length >= 262 && Buffer.from(head.subarray(257, 262)).toString("latin1") === "ustar";
  return zip || tar;
}

const RESULTS_FILE = "results.json";
const SIMULATIONS_DIR = "simulations/";

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

/**
 * Compressed bytes given to the zip inflater at once: deflate expands at most about 1,032 times, so one push
 * inflates at most about 16 MiB before the size checks run and other requests get their turn.
 */
const INFLATE_SLICE = 16 * 1024;

/** Lets the event loop serve other requests between two slices of synchronous work. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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

async function readZipMembers(chunks: Chunks, budget: MemberBudget): Promise<Map<string, Uint8Array>> {
  const members = new Map<string, Uint8Array>();
  let failure: Error | undefined;
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
  };
  const unzip = new Unzip((file) => {
    const name = normalizeName(file.name);
    try {
      budget.admit(name);
    } catch (error) {
      fail(error);
      file.terminate();
      return;
    }
    if (!isJsonMember(name)) return;
    try {
      budget.admitSize(file.originalSize);
    } catch (error) {
      fail(error);
      file.terminate();
      return;
    }
    // A member of known size is inflated into one buffer of that size (checked against the limit above), so it is
    // held once, not as parts and again as their concatenation.
    const whole = file.originalSize === undefined ? undefined : Buffer.allocUnsafe(file.originalSize);
    const parts: Uint8Array[] = [];
    let actual = 0;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) return fail(corrupt("zip", error, name));
      actual += data.length;
      try {
        // The local header's size is what the archive claims; a member may never exceed it.
        if (file.originalSize !== undefined && actual > file.originalSize) {
          throw new BundleInputError({
            path: name,
            message: `archive member ${name} inflates past the ${file.originalSize} bytes its header declares`,
          });
        }
        budget.take(data.length);
      } catch (limitError) {
        fail(limitError);
        file.terminate();
        return;
      }
      if (whole) whole.set(data, actual - data.length);
      else parts.push(data);
      if (final) {
        if (file.originalSize !== undefined && actual !== file.originalSize) {
          return fail(
            new BundleInputError({
              path: name,
              message: `archive member ${name} holds ${actual} bytes, not the ${file.originalSize} its header declares`,
            }),
          );
        }
        members.set(name, whole ?? Buffer.concat(parts, actual));
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of chunks) {
      // fflate inflates synchronously as bytes are pushed: in slices, so no push inflates a bomb in one go.
      for (let at = 0; at < chunk.length && !failure; at += INFLATE_SLICE) {
        unzip.push(chunk.subarray(at, at + INFLATE_SLICE));
        await yieldToEventLoop();
      }
      if (failure) break;
    }
    if (!failure) unzip.push(new Uint8Array(), true);
  } catch (error) {
    if (error instanceof BundleInputError || error instanceof DecompressedTooLargeError) throw error;
    fail(corrupt("zip", error));
  }
  if (failure)
    throw failure instanceof BundleInputError || failure instanceof DecompressedTooLargeError
      ? failure
      : corrupt("zip", failure);
  return members;
}

async function readTarMembers(chunks: Chunks, budget: MemberBudget): Promise<Map<string, Uint8Array>> {
  const members = new Map<string, Uint8Array>();
  const extractor = tar.extract();
  const source = Readable.from(chunks);
  source.on("error", (error) => extractor.destroy(error));
  source.pipe(extractor);
  let current: string | undefined;
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
      const parts: Buffer[] = [];
      let size = 0;
      for await (const part of entry) {
        const bytes = part as Buffer;
        budget.take(bytes.length);
        size += bytes.length;
        parts.push(bytes);
      }
      members.set(name, Buffer.concat(parts, size));
    }
  } catch (error) {
    source.destroy();
    if (error instanceof BundleInputError || error instanceof DecompressedTooLargeError) throw error;
    throw corrupt("tar", error, current);
  }
  return members;
}

/** Members whose bytes are not UTF-8 are read leniently (as U+FFFD) and named in `warnings`. */
function parseMember(name: string, data: Uint8Array, warnings: string[]): unknown {
  const warning = invalidUtf8Warning(name, data);
  if (warning !== undefined) warnings.push(warning);
  const text = new TextDecoder("utf-8").decode(data).replace(/^\uFEFF/, "");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BundleInputError({
      path: name,
      message: `invalid JSON in archive member ${name}: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

const depth = (name: string): number => name.split("/").length;

/** The shallowest results.json; two at the same depth are two runs, which one upload cannot hold. */
function findResults(members: Map<string, Uint8Array>): string {
  const candidates = [...members.keys()]
    .filter((name) => (name.split("/").pop() ?? "") === RESULTS_FILE)
    .sort((a, b) => depth(a) - depth(b));
  const first = candidates[0];
  if (first === undefined) {
    const listed = [...members.keys()].slice(0, 5).join(", ");
    throw new BundleInputError({
      path: "",
      message: `the archive holds no ${RESULTS_FILE}; expected a tau2 results directory (${RESULTS_FILE} + ${SIMULATIONS_DIR}<id>.json)${listed === "" ? " and found no JSON files" : `, found: ${listed}`}`,
    });
  }
  const tied = candidates.filter((name) => depth(name) === depth(first));
  if (tied.length > 1)
    throw new BundleInputError({
      path: "",
      message: `the archive holds several results directories (${tied.join(", ")}); upload one run per archive`,
    });
  return first;
}

/** Simulation ids listed in results.json's simulation_index, in order. */
function indexedIds(meta: Record<string, unknown>): string[] {
  if (!Array.isArray(meta.simulation_index)) return [];
  return meta.simulation_index.flatMap((entry) => (isRecord(entry) && typeof entry.id === "string" ? [entry.id] : []));
}

function collectSimulations(
  members: Map<string, Uint8Array>,
  resultsName: string,
  meta: Record<string, unknown>,
  warnings: string[],
): unknown[] {
  const folder = resultsName.slice(0, resultsName.length - RESULTS_FILE.length) + SIMULATIONS_DIR;
  const files = new Map<string, string>();
  for (const name of members.keys()) {
    const rest = name.startsWith(folder) ? name.slice(folder.length) : undefined;
    if (rest !== undefined && rest !== "" && !rest.includes("/")) files.set(rest.replace(/\.json$/i, ""), name);
  }
  const order = indexedIds(meta);
  const inline = Array.isArray(meta.simulations) ? meta.simulations : [];
  if (files.size === 0 && order.length > inline.length)
    // The manifest and the contents disagree (a copy cut short): refused, not stored as an empty run.
    throw new BundleInputError({
      path: `${resultsName}:simulation_index`,
      message: `${resultsName} lists ${order.length} simulations in simulation_index, but the archive holds ${inline.length === 0 ? "none" : `only ${inline.length}`} (no ${folder}<id>.json files)`,
    });
  if (files.size === 0) return inline;
  // tau2 writes simulations in index order and reads them sorted by file name; follow the index, then the rest.
  for (const id of order) {
    if (!files.has(id))
      throw new BundleInputError({
        path: `${folder}${id}.json`,
        message: `simulation ${id} is listed in ${resultsName} (simulation_index) but its file ${folder}${id}.json is missing`,
      });
  }
  const listed = new Set(order);
  const rest = [...files.keys()].filter((id) => !listed.has(id)).sort();
  return [...order, ...rest].map((id) => {
    const name = files.get(id) ?? "";
    return parseMember(name, members.get(name) ?? new Uint8Array(), warnings);
  });
}

/**
 * Reads a tau2 results directory packed as .zip or .tar into one tau2 results document.
 * Members stream through with every limit checked as bytes arrive; only JSON members are kept.
 */
export async function readArchiveDocument(
  chunks: Chunks,
  limits: ReadLimits,
  signal?: AbortSignal,
  warnings: string[] = [],
): Promise<unknown> {
  const { head, all } = await peek(chunks, ZIP_MAGIC.length);
  const isZip = ZIP_MAGIC.every((byte, index) => head[index] === byte);
  const budget = new MemberBudget(limits, new ReadGuard(limits, signal));
  const members = isZip ? await readZipMembers(all, budget) : await readTarMembers(all, budget);
  const resultsName = findResults(members);
  const meta = parseMember(resultsName, members.get(resultsName) ?? new Uint8Array(), warnings);
  if (!isRecord(meta))
    throw new BundleInputError({
      path: resultsName,
      message: `${resultsName} must hold a JSON object ({timestamp, info, tasks, ...})`,
    });
  return {
    timestamp: meta.timestamp,
    info: meta.info,
    tasks: meta.tasks,
    simulations: collectSimulations(members, resultsName, meta, warnings),
  };
}
