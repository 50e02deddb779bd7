import type { ByteQueue } from "./byte-queue";

const BLOCK = 512;

export interface TarMember {
  name: string;
  size: number;
}

export class TarFormatError extends Error {}

function text(bytes: Uint8Array, start: number, length: number): string {
  const field = bytes.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder("utf-8").decode(end === -1 ? field : field.subarray(0, end));
}

/** Sizes are octal text, or base-256 big-endian when the first byte's high bit is set (GNU, > 8 GiB). */
function parseSize(header: Uint8Array): number {
  const first = header[124] ?? 0;
  if ((first & 0x80) !== 0) {
    let value = first & 0x7f;
    for (let i = 125; i < 136; i += 1) value = value * 256 + (header[i] ?? 0);
    return value;
  }
  const raw = text(header, 124, 12).trim();
  if (raw === "") return 0;
  if (!/^[0-7]+$/.test(raw)) throw new TarFormatError(`invalid size field "${raw}"`);
  return Number.parseInt(raw, 8);
}

function checksumMatches(header: Uint8Array): boolean {
  const stored = text(header, 148, 8).trim();
  if (!/^[0-7]+$/.test(stored)) return false;
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum === Number.parseInt(stored, 8);
}

/** PAX records: "<length> <key>=<value>\n"; only the path matters here. */
function paxPath(data: Uint8Array): string | undefined {
  const records = new TextDecoder("utf-8").decode(data);
  let offset = 0;
  while (offset < records.length) {
    const space = records.indexOf(" ", offset);
    if (space === -1) break;
    const length = Number.parseInt(records.slice(offset, space), 10);
    if (!Number.isFinite(length) || length <= 0) break;
    const record = records.slice(space + 1, offset + length).replace(/\n$/, "");
    const equals = record.indexOf("=");
    if (equals !== -1 && record.slice(0, equals) === "path") return record.slice(equals + 1);
    offset += length;
  }
  return undefined;
}

const padding = (size: number): number => (BLOCK - (size % BLOCK)) % BLOCK;

/**
 * Streams a tar archive (ustar with the prefix field, GNU ././@LongLink names, PAX path records).
 * For each regular file `accept(member)` decides whether its bytes are read; the rest, and folders,
 * links and metadata entries, are skipped without buffering.
 */
export async function readTar(queue: ByteQueue, accept: (member: TarMember) => boolean, onFile: (member: TarMember, data: Uint8Array) => void): Promise<void> {
  let longName: string | undefined;
  for (;;) {
    const header = await queue.read(BLOCK);
    if (header.length === 0) return;
    if (header.length < BLOCK) throw new TarFormatError("the archive ends inside a header");
    if (header.every((byte) => byte === 0)) return;
    if (!checksumMatches(header)) throw new TarFormatError(`bad header checksum at byte ${queue.position - BLOCK}`);
    const size = parseSize(header);
    const type = String.fromCharCode(header[156] ?? 0);
    const magic = text(header, 257, 6);
    const prefix = magic.startsWith("ustar") ? text(header, 345, 155) : "";
    const headerName = prefix === "" ? text(header, 0, 100) : `${prefix}/${text(header, 0, 100)}`;

    if (type === "L" || type === "x") {
      const data = await queue.read(size);
      if (data.length < size) throw new TarFormatError("the archive ends inside an extended header");
      await queue.skip(padding(size));
      const name = type === "L" ? text(data, 0, data.length) : paxPath(data);
      if (name !== undefined) longName = name;
      continue;
    }
    const name = longName ?? headerName;
    longName = undefined;
    const isFile = type === "0" || type === "\0" || type === "7";
    const member = { name, size };
    if (isFile && accept(member)) {
      const data = await queue.read(size);
      if (data.length < size) throw new TarFormatError(`the archive ends inside ${name}`);
      onFile(member, data);
    } else if ((await queue.skip(size)) < size) {
      throw new TarFormatError(`the archive ends inside ${name}`);
    }
    await queue.skip(padding(size));
  }
}
