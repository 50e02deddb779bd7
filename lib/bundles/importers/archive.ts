import { unzipSync } from "fflate";
import type { Chunks } from "../decode-body";
import { BundleInputError } from "../issues";
import { ByteQueue } from "./byte-queue";
import { isRecord } from "./json-value";
import { readTar, TarFormatError } from "./tar-reader";

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isArchive(head: Uint8Array): boolean {
  const zip = ZIP_MAGIC.every((byte, index) => head[index] === byte);
  const tar = head.length >= 262 && Buffer.from(head.subarray(257, 262)).toString("latin1") === "ustar";
  return zip || tar;
}

const RESULTS_FILE = "results.json";
const SIMULATIONS_DIR = "simulations/";

function normalizeName(name: string): string {
  return name.replace(/\\/g, "/").replace(/^(\.\/)+/, "").replace(/^\/+/, "");
}

/** JSON members only; macOS resource forks ("._x.json", "__MACOSX/") look like JSON but are not. */
function isJsonMember(name: string): boolean {
  const base = name.split("/").pop() ?? "";
  return base.toLowerCase().endsWith(".json") && !base.startsWith("._") && !name.startsWith("__MACOSX/");
}

function tooLarge(limit: number): BundleInputError {
  return new BundleInputError({ path: "", message: `the archive's JSON files add up to more than ${limit} characters, the limit for one document` });
}

/** Counts member sizes against the limit before their bytes are read. */
class MemberBudget {
  private total = 0;
  constructor(private readonly limit: number) {}
  take(size: number): void {
    this.total += size;
    if (this.total > this.limit) throw tooLarge(this.limit);
  }
}

async function readZipMembers(queue: ByteQueue, maxChars: number): Promise<Map<string, Uint8Array>> {
  // A zip's directory sits at its end, so the whole archive is buffered; its compressed size is bounded too.
  const bytes = await queue.readRest(maxChars, () => tooLarge(maxChars));
  const budget = new MemberBudget(maxChars);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!isJsonMember(normalizeName(file.name))) return false;
        budget.take(file.originalSize);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof BundleInputError) throw error;
    throw new BundleInputError({ path: "", message: `the zip archive is corrupt or uses an unsupported feature: ${error instanceof Error ? error.message : String(error)}` });
  }
  return new Map(Object.entries(files).map(([name, data]) => [normalizeName(name), data]));
}

async function readTarMembers(queue: ByteQueue, maxChars: number): Promise<Map<string, Uint8Array>> {
  const budget = new MemberBudget(maxChars);
  const members = new Map<string, Uint8Array>();
  try {
    await readTar(
      queue,
      (member) => {
        if (!isJsonMember(normalizeName(member.name))) return false;
        budget.take(member.size);
        return true;
      },
      (member, data) => members.set(normalizeName(member.name), data),
    );
  } catch (error) {
    if (error instanceof TarFormatError) throw new BundleInputError({ path: "", message: `the tar archive is corrupt: ${error.message}` });
    throw error;
  }
  return members;
}

function parseMember(name: string, data: Uint8Array): unknown {
  const text = new TextDecoder("utf-8").decode(data).replace(/^\uFEFF/, "");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BundleInputError({ path: name, message: `invalid JSON in archive member ${name}: ${error instanceof Error ? error.message : String(error)}` });
  }
}

const depth = (name: string): number => name.split("/").length;

/** The shallowest results.json; two at the same depth are two runs, which one upload cannot hold. */
function findResults(members: Map<string, Uint8Array>): string {
  const candidates = [...members.keys()].filter((name) => (name.split("/").pop() ?? "") === RESULTS_FILE).sort((a, b) => depth(a) - depth(b));
  const first = candidates[0];
  if (first === undefined) {
    const listed = [...members.keys()].slice(0, 5).join(", ");
    throw new BundleInputError({
      path: "",
      message: `the archive holds no ${RESULTS_FILE}; expected a tau2 results directory (${RESULTS_FILE} + ${SIMULATIONS_DIR}<id>.json)${listed === "" ? " and found no JSON files" : `, found: ${listed}`}`,
    });
  }
  const tied = candidates.filter((name) => depth(name) === depth(first));
  if (tied.length > 1) throw new BundleInputError({ path: "", message: `the archive holds several results directories (${tied.join(", ")}); upload one run per archive` });
  return first;
}

/** Simulation ids listed in results.json's simulation_index, in order. */
function indexedIds(meta: Record<string, unknown>): string[] {
  if (!Array.isArray(meta.simulation_index)) return [];
  return meta.simulation_index.flatMap((entry) => (isRecord(entry) && typeof entry.id === "string" ? [entry.id] : []));
}

function collectSimulations(members: Map<string, Uint8Array>, resultsName: string, meta: Record<string, unknown>): unknown[] {
  const folder = resultsName.slice(0, resultsName.length - RESULTS_FILE.length) + SIMULATIONS_DIR;
  const files = new Map<string, string>();
  for (const name of members.keys()) {
    const rest = name.startsWith(folder) ? name.slice(folder.length) : undefined;
    if (rest !== undefined && rest !== "" && !rest.includes("/")) files.set(rest.replace(/\.json$/i, ""), name);
  }
  if (files.size === 0) return Array.isArray(meta.simulations) ? meta.simulations : [];
  // tau2 writes simulations in index order and reads them sorted by file name; follow the index, then the rest.
  const order = indexedIds(meta);
  for (const id of order) {
    if (!files.has(id)) throw new BundleInputError({ path: `${folder}${id}.json`, message: `simulation ${id} is listed in ${resultsName} (simulation_index) but its file ${folder}${id}.json is missing` });
  }
  const listed = new Set(order);
  const rest = [...files.keys()].filter((id) => !listed.has(id)).sort();
  return [...order, ...rest].map((id) => {
    const name = files.get(id) ?? "";
    return parseMember(name, members.get(name) ?? new Uint8Array());
  });
}

/** Reads a tau2 results directory packed as .zip or .tar into one tau2 results document. */
export async function readArchiveDocument(chunks: Chunks, maxChars: number): Promise<unknown> {
  const queue = new ByteQueue(chunks);
  const head = await queue.peek(ZIP_MAGIC.length);
  const isZip = ZIP_MAGIC.every((byte, index) => head[index] === byte);
  const members = isZip ? await readZipMembers(queue, maxChars) : await readTarMembers(queue, maxChars);
  const resultsName = findResults(members);
  const meta = parseMember(resultsName, members.get(resultsName) ?? new Uint8Array());
  if (!isRecord(meta)) throw new BundleInputError({ path: resultsName, message: `${resultsName} must hold a JSON object ({timestamp, info, tasks, ...})` });
  return { timestamp: meta.timestamp, info: meta.info, tasks: meta.tasks, simulations: collectSimulations(members, resultsName, meta) };
}
