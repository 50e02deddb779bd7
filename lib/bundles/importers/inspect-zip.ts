import { Inflate } from "fflate";
import { BundleInputError } from "../issues";
import type { RandomAccessBytes } from "../byte-spill";

/** One member of a zip archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

/** What reading members may cost: the count of members and, through `onInflated`, every inflated byte. */
export interface ZipReadLimits {
  maxEntries: number;
  /** Called with each inflated chunk's length; throws to stop (decompressed-size limit, read time, disconnect). */
  onInflated?: (bytes: number) => void;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_BYTES = 22;
const MAX_COMMENT = 0xffff;
/** Compressed bytes read from disk at once. */
const READ_SLICE = 1024 * 1024;
/**
 * Compressed bytes given to the inflater at once: deflate expands at most about 1,032 times, so one push
 * produces at most about 4 MiB before the size checks run again and the chunk is parsed and dropped.
 */
const INFLATE_SLICE = 4 * 1024;

/** More members than the upload may have: an answer of its own, not damage left to another reader. */
export class TooManyMembersError extends BundleInputError {}

function corrupt(message: string): BundleInputError {
  return new BundleInputError({ path: "", message: `the zip archive is corrupt: ${message}` });
}

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function u32(bytes: Uint8Array, at: number): number {
  return (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;
}

function u64(bytes: Uint8Array, at: number): number {
  return u32(bytes, at) + u32(bytes, at + 4) * 2 ** 32;
}

async function readExactly(source: RandomAccessBytes, offset: number, length: number, what: string) {
  const bytes = await source.read(offset, length);
  if (bytes.length !== length) throw corrupt(`${what} runs past the end of the file`);
  return bytes;
}

/** Entry count and directory offset and size, from the zip64 record when the 32-bit fields overflowed. */
async function directoryBounds(source: RandomAccessBytes) {
  const tailStart = Math.max(0, source.size - EOCD_BYTES - MAX_COMMENT);
  const tail = await source.read(tailStart, source.size - tailStart);
  let eocd = -1;
  for (let at = tail.length - EOCD_BYTES; at >= 0; at -= 1)
    if (u32(tail, at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  if (eocd < 0) throw corrupt("no end-of-central-directory record");
  let count = u16(tail, eocd + 10);
  let size = u32(tail, eocd + 12);
  let offset = u32(tail, eocd + 16);
  const locator = eocd - 20;
  if (
    (count === 0xffff || offset === 0xffffffff || size === 0xffffffff) &&
    locator >= 0 &&
    u32(tail, locator) === ZIP64_LOCATOR_SIGNATURE
  ) {
    const record = await readExactly(source, u64(tail, locator + 8), 56, "the zip64 end-of-central-directory record");
    if (u32(record, 0) !== ZIP64_EOCD_SIGNATURE) throw corrupt("bad zip64 end-of-central-directory record");
    count = u64(record, 32);
    size = u64(record, 40);
    offset = u64(record, 48);
  }
  return { count, size, offset };
}

/** Replaces 0xffffffff sizes and offsets by the values in the zip64 extra field, in the order the format fixes. */
function applyZip64(entry: ZipEntry, extra: Uint8Array): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = u16(extra, at);
    const size = u16(extra, at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      if (entry.size === 0xffffffff) {
        entry.size = u64(extra, field);
        field += 8;
      }
      if (entry.compressedSize === 0xffffffff) {
        entry.compressedSize = u64(extra, field);
        field += 8;
      }
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = u64(extra, field);
      return;
    }
    at += 4 + size;
  }
}

/** How many members the central directory declares, or null when the bytes are not a readable zip. */
export async function zipMemberCount(source: RandomAccessBytes): Promise<number | null> {
  try {
    return (await directoryBounds(source)).count;
  } catch {
    return null;
  }
}

/** Lists the members of a zip from its central directory (read alone, at the end of the file). */
export async function listZipEntries(source: RandomAccessBytes, limits: ZipReadLimits): Promise<ZipEntry[]> {
  const { count, size, offset } = await directoryBounds(source);
  if (count > limits.maxEntries)
    throw new TooManyMembersError({
      path: "",
      message: `the zip archive has ${count} members, more than the limit of ${limits.maxEntries} (LOOPSCOPE_MAX_ARCHIVE_ENTRIES)`,
    });
  const directory = await readExactly(source, offset, size, "the central directory");
  const decoder = new TextDecoder("utf-8");
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.length || u32(directory, at) !== CENTRAL_SIGNATURE)
      throw corrupt(`central directory entry ${index} is damaged`);
    const nameLength = u16(directory, at + 28);
    const extraLength = u16(directory, at + 30);
    const commentLength = u16(directory, at + 32);
    const entry: ZipEntry = {
      name: decoder.decode(directory.subarray(at + 46, at + 46 + nameLength)),
      method: u16(directory, at + 10),
      compressedSize: u32(directory, at + 20),
      size: u32(directory, at + 24),
      localHeaderOffset: u32(directory, at + 42),
    };
    applyZip64(entry, directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function memberError(entry: ZipEntry, message: string): BundleInputError {
  return new BundleInputError({ path: entry.name, message: `${entry.name} ${message}` });
}

/** Between two pauses for other requests, at most this many bytes are inflated synchronously. */
const INFLATED_PER_TURN = 8 * 1024 * 1024;

/** Lets the event loop serve other requests between two stretches of synchronous inflating. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Where a member's data starts, after its local header, which must agree with the central directory. */
async function dataStart(source: RandomAccessBytes, entry: ZipEntry): Promise<number> {
  const local = await readExactly(source, entry.localHeaderOffset, 30, `the local header of ${entry.name}`);
  if (u32(local, 0) !== LOCAL_SIGNATURE) throw corrupt(`the local header of ${entry.name} is missing`);
  // Without a data descriptor (flag bit 3) the local header states the sizes too; a zip whose two headers
  // disagree is built to fool one reader or the other, so it is refused rather than read by either.
  const describedLater = (u16(local, 6) & 0x08) !== 0;
  const localCompressed = u32(local, 18);
  const localSize = u32(local, 22);
  const zip64 = localCompressed === 0xffffffff || localSize === 0xffffffff;
  if (!describedLater && !zip64 && (localCompressed !== entry.compressedSize || localSize !== entry.size))
    throw memberError(
      entry,
      `declares ${localSize} bytes in its local header but ${entry.size} in the central directory`,
    );
  const start = entry.localHeaderOffset + 30 + u16(local, 26) + u16(local, 28);
  if (start + entry.compressedSize > source.size) throw corrupt(`${entry.name} is truncated`);
  if (entry.method !== 0 && entry.method !== 8)
    throw memberError(entry, `uses zip compression method ${entry.method}; only stored and deflate are supported`);
  return start;
}

/**
 * Decompresses one member as a stream of chunks, reading its compressed range a slice at a time and pausing for
 * other requests every few MiB. A member that inflates past the size its directory entry declares, or short of
 * it, is refused; callers check `entry.size` against their limit first.
 */
export async function* streamZipEntry(
  source: RandomAccessBytes,
  entry: ZipEntry,
  limits: Pick<ZipReadLimits, "onInflated"> = {},
): AsyncGenerator<Uint8Array> {
  const start = await dataStart(source, entry);
  let produced = 0;
  let sinceTurn = 0;
  const ready: Uint8Array[] = [];
  // What the size checks and the caller's budget throw passes through the inflater unchanged.
  let stopped: unknown;
  const take = (chunk: Uint8Array) => {
    try {
      if (produced + chunk.length > entry.size)
        throw memberError(entry, `inflates past the ${entry.size} bytes its directory entry declares`);
      produced += chunk.length;
      sinceTurn += chunk.length;
      limits.onInflated?.(chunk.length);
      ready.push(chunk);
    } catch (error) {
      stopped = error;
      throw error;
    }
  };
  const inflater = new Inflate(take);
  for (let offset = 0; offset < entry.compressedSize; offset += READ_SLICE) {
    const length = Math.min(READ_SLICE, entry.compressedSize - offset);
    const data = await readExactly(source, start + offset, length, entry.name);
    if (entry.method === 0) {
      take(data);
      yield* ready.splice(0);
      continue;
    }
    for (let at = 0; at < data.length; at += INFLATE_SLICE) {
      const last = offset + length >= entry.compressedSize && at + INFLATE_SLICE >= data.length;
      try {
        inflater.push(data.subarray(at, at + INFLATE_SLICE), last);
      } catch (error) {
        if (stopped !== undefined) throw stopped;
        throw memberError(entry, `cannot be decompressed: ${error instanceof Error ? error.message : String(error)}`);
      }
      yield* ready.splice(0);
      if (sinceTurn >= INFLATED_PER_TURN) {
        sinceTurn = 0;
        await yieldToEventLoop();
      }
    }
  }
  if (produced !== entry.size)
    throw memberError(entry, `inflated to ${produced} bytes, but its directory entry declares ${entry.size}`);
}

/** One member whole, in a buffer of the size its directory entry declares (see `streamZipEntry`). */
export async function readZipEntry(
  source: RandomAccessBytes,
  entry: ZipEntry,
  limits: Pick<ZipReadLimits, "onInflated"> = {},
): Promise<Uint8Array> {
  const out = new Uint8Array(entry.size);
  let at = 0;
  for await (const chunk of streamZipEntry(source, entry, limits)) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
