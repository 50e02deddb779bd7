import { inflateSync } from "fflate";
import { BundleInputError } from "../issues";

/** One member of a zip archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_COMMENT = 0xffff;

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

function findEndOfDirectory(bytes: Uint8Array): number {
  const stop = Math.max(0, bytes.length - 22 - MAX_COMMENT);
  for (let at = bytes.length - 22; at >= stop; at -= 1) if (u32(bytes, at) === EOCD_SIGNATURE) return at;
  throw corrupt("no end-of-central-directory record");
}

/** Entry count and directory offset, from the zip64 record when the 32-bit fields overflowed. */
function directoryBounds(bytes: Uint8Array, eocd: number): { count: number; offset: number } {
  let count = u16(bytes, eocd + 10);
  let offset = u32(bytes, eocd + 16);
  const locator = eocd - 20;
  if ((count === 0xffff || offset === 0xffffffff) && locator >= 0 && u32(bytes, locator) === ZIP64_LOCATOR_SIGNATURE) {
    const record = u64(bytes, locator + 8);
    if (u32(bytes, record) !== ZIP64_EOCD_SIGNATURE) throw corrupt("bad zip64 end-of-central-directory record");
    count = u64(bytes, record + 32);
    offset = u64(bytes, record + 48);
  }
  return { count, offset };
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

/** Lists the members of a zip held in memory; reads only the central directory. */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  const { count, offset } = directoryBounds(bytes, findEndOfDirectory(bytes));
  const decoder = new TextDecoder("utf-8");
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (u32(bytes, at) !== CENTRAL_SIGNATURE) throw corrupt(`central directory entry ${index} is damaged`);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const entry: ZipEntry = {
      name,
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      localHeaderOffset: u32(bytes, at + 42),
    };
    applyZip64(entry, bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Decompresses one member. Callers check `entry.size` against their limit first; the
 * output buffer is sized from it, so a member cannot inflate past what it declares.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const at = entry.localHeaderOffset;
  if (u32(bytes, at) !== LOCAL_SIGNATURE) throw corrupt(`the local header of ${entry.name} is missing`);
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw corrupt(`${entry.name} is truncated`);
  if (entry.method === 0) return data;
  if (entry.method !== 8)
    throw new BundleInputError({
      path: entry.name,
      message: `${entry.name} uses zip compression method ${entry.method}; only stored and deflate are supported`,
    });
  try {
    const out = inflateSync(data, { out: new Uint8Array(entry.size) });
    if (out.length !== entry.size) throw new Error(`inflated to ${out.length} bytes, expected ${entry.size}`);
    return out;
  } catch (error) {
    throw new BundleInputError({
      path: entry.name,
      message: `cannot decompress ${entry.name}: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}
