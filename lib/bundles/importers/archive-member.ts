import type { ByteSpill, ByteSpillFactory, RandomAccessBytes } from "../byte-spill";
import { BundleInputError, TooManyIssuesError } from "../issues";
import { streamJsonDocument, type DocumentEvent } from "../json-document-stream";
import { parseJson, stringifyJson } from "../number-literals";
import { invalidUtf8Warning, memberWarning, repairUtf8 } from "../utf8-watch";

/**
 * A member up to this size is gathered and parsed by `JSON.parse` (native, several times faster); a larger one
 * goes through the streaming parser, so a member of whitespace or one huge value costs no more than what it builds.
 */
const WHOLE_MEMBER_BYTES = 1024 * 1024;

export interface MemberReadOptions {
  maxDepth: number;
  /** Bytes one member may hold: it is one record, built whole. */
  maxBytes: number;
  /** Told once for each member that is not valid UTF-8. */
  warn: (warning: string) => void;
}

/** A streaming parser's located error, restated for the archive member it is in. */
function inMember(name: string, error: unknown): unknown {
  if (!(error instanceof BundleInputError) || error instanceof TooManyIssuesError) return error;
  const { issue } = error;
  return new BundleInputError({
    ...issue,
    path: issue.path === "" ? name : `${name}:${issue.path}`,
    message: `invalid JSON in archive member ${name}: ${issue.message.replace(/^invalid JSON: /, "")}`,
  });
}

function tooDeep(name: string, maxDepth: number): BundleInputError {
  return new BundleInputError({ path: name, message: `${name} is nested more than ${maxDepth} levels deep` });
}

/** The parse events of one member, with invalid UTF-8 replaced (and warned of) and errors located in the member. */
export async function* memberEvents(
  name: string,
  chunks: AsyncIterable<Uint8Array>,
  options: MemberReadOptions,
): AsyncGenerator<DocumentEvent> {
  const repaired = repairUtf8(chunks, () => options.warn(memberWarning(name)));
  try {
    yield* streamJsonDocument(repaired, { maxDepth: options.maxDepth, maxValueBytes: options.maxBytes });
  } catch (error) {
    throw inMember(name, error);
  }
}

/** Builds one value from its parse events: fields and streamed items put back where they were. */
async function valueOfEvents(name: string, events: AsyncIterable<DocumentEvent>, maxDepth: number): Promise<unknown> {
  let root: unknown;
  const items = new Map<string, unknown[]>();
  for await (const event of events) {
    if (event.kind === "root") {
      if (event.type !== "object" && event.type !== "array")
        throw new BundleInputError({ path: name, message: `${name} must hold a JSON object` });
      root = event.type === "object" ? {} : [];
    } else if (event.kind === "item") {
      if (event.tooDeep) throw tooDeep(name, maxDepth);
      const list = items.get(event.array) ?? [];
      list.push(event.value);
      items.set(event.array, list);
    } else {
      // A streamed list closes with an empty field; its items went out one by one before it.
      const value = Array.isArray(event.value) && event.value.length === 0 ? (items.get(event.key) ?? []) : event.value;
      Object.defineProperty(root, event.key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return Array.isArray(root) ? (items.get("") ?? []) : root;
}

/** Parses one member: whole when small, as a stream when large, so its size never costs more than its value. */
export async function parseMember(
  name: string,
  chunks: AsyncIterable<Uint8Array>,
  options: MemberReadOptions,
): Promise<unknown> {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let gathered = 0;
  const tooLarge = () =>
    new BundleInputError({
      path: name,
      message: `${name} is larger than ${options.maxBytes} bytes, the most one record may hold`,
    });
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    gathered += next.value.length;
    if (gathered > options.maxBytes) throw tooLarge();
    if (gathered > WHOLE_MEMBER_BYTES) {
      async function* rest(): AsyncGenerator<Uint8Array> {
        let total = gathered;
        yield* head.splice(0);
        for (let more = await iterator.next(); !more.done; more = await iterator.next()) {
          total += more.value.length;
          if (total > options.maxBytes) throw tooLarge();
          yield more.value;
        }
      }
      return valueOfEvents(name, memberEvents(name, rest(), options), options.maxDepth);
    }
  }
  const data = Buffer.concat(head, gathered);
  const warning = invalidUtf8Warning(name, data);
  if (warning !== undefined) options.warn(warning);
  const text = new TextDecoder("utf-8").decode(data).replace(/^\uFEFF/, "");
  try {
    return parseJson(text);
  } catch (error) {
    throw new BundleInputError({
      path: name,
      message: `invalid JSON in archive member ${name}: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/**
 * Parsed members kept until their turn, as compact JSON in a byte spill (a temporary file on the server): a tar
 * has no directory, so its simulations may come before the results.json that says which ones and in what order.
 */
export class MemberStore {
  private readonly spill: ByteSpill;
  private readonly places = new Map<string, { offset: number; length: number; tooDeep: boolean }>();
  private written = 0;
  private bytes: RandomAccessBytes | undefined;

  constructor(createSpill: ByteSpillFactory) {
    this.spill = createSpill();
  }

  async put(key: string, value: unknown, tooDeep = false): Promise<void> {
    const data = Buffer.from(stringifyJson(value) ?? "null");
    await this.spill.append(data);
    this.places.set(key, { offset: this.written, length: data.length, tooDeep });
    this.written += data.length;
  }

  keys(): string[] {
    return [...this.places.keys()];
  }

  /** Ends writing; members can be read from then on. */
  async seal(): Promise<void> {
    this.bytes = await this.spill.finish();
  }

  async get(key: string): Promise<{ value: unknown; tooDeep: boolean }> {
    const place = this.places.get(key);
    if (!place || !this.bytes) throw new Error(`member ${key} is not in the store`);
    const data = await this.bytes.read(place.offset, place.length);
    if (data.length !== place.length) throw new Error(`member ${key} was cut short in its spill`);
    return {
      value: parseJson(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("utf8")),
      tooDeep: place.tooDeep,
    };
  }

  dispose(): Promise<void> {
    return this.spill.dispose();
  }
}
