import { isUtf8 } from "node:buffer";
import { Tokenizer, TokenParser, TokenType } from "@streamparser/json";
import type { Chunks } from "./decode-body";
import { BundleInputError } from "./issues";
import { parseJson, readNumberToken, reviveOverflows } from "./number-literals";
import { STREAMED_ARRAYS, StreamedItemScanner, type ScannedItem } from "./streamed-item-scanner";

export { STREAMED_ARRAYS };

export type DocumentEvent =
  | { kind: "root"; type: "object" | "array" | "string" | "number" | "boolean" | "null" }
  | { kind: "field"; key: string; value: unknown }
  /** An item of a streamed array, or of the document itself when it is a list (`array` is ""). */
  | { kind: "item"; array: string; index: number; value: unknown; tooDeep?: boolean; line?: number };

export interface DocumentStreamOptions {
  /** Deeper nesting stops the read before the parser builds it. */
  maxDepth: number;
  /** Lines before the first chunk (blank lines already consumed), so reported lines match the file. */
  lineOffset?: number;
  /** Bytes one field or item may span; a longer one is refused before more of it is built. */
  maxValueBytes?: number;
}

const ROOT_TYPES: Partial<Record<TokenType, Extract<DocumentEvent, { kind: "root" }>["type"]>> = {
  [TokenType.LEFT_BRACE]: "object",
  [TokenType.LEFT_BRACKET]: "array",
  [TokenType.STRING]: "string",
  [TokenType.NUMBER]: "number",
  [TokenType.TRUE]: "boolean",
  [TokenType.FALSE]: "boolean",
  [TokenType.NULL]: "null",
};

/**
 * Reads a number that overflows (`1e400`) as a marked string, so the field it is in can be given back with the
 * number's literal (number-literals.ts); the library documents this override for such numbers.
 */
class LiteralTokenizer extends Tokenizer {
  /** An overflowing number was read since the last field was emitted. */
  overflowed = false;

  protected override parseNumber(text: string): number {
    const value = readNumberToken(text);
    if (typeof value === "number") return value;
    this.overflowed = true;
    return value as unknown as number;
  }
}

/** Tracks line starts as bytes pass, so a byte offset becomes a line and column without keeping the text. */
class Position {
  private consumed = 0;
  private line: number;
  private lineStart = 0;
  private chunk: Buffer = Buffer.alloc(0);
  private chunkStart = 0;
  /** The last offset located in this chunk, and its line: later offsets are found from there, not from the start. */
  private cursor = { inChunk: 0, line: 0, lineStart: 0 };

  constructor(lineOffset: number) {
    this.line = lineOffset + 1;
  }

  /** Call before feeding a chunk. */
  enter(chunk: Uint8Array): void {
    this.chunk = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.chunkStart = this.consumed;
    this.cursor = { inChunk: 0, line: this.line, lineStart: this.lineStart };
  }

  /** Call after the chunk was parsed whole. */
  leave(): void {
    const end = this.scan(this.cursor, this.chunk.length);
    this.line = end.line;
    this.lineStart = end.lineStart;
    this.consumed += this.chunk.length;
    this.chunk = Buffer.alloc(0);
    this.chunkStart = this.consumed;
  }

  /** Counts the line breaks from `from` up to `end` (in the chunk). */
  private scan(from: Position["cursor"], end: number): Position["cursor"] {
    let { line, lineStart } = from;
    let at = this.chunk.indexOf(0x0a, from.inChunk);
    while (at !== -1 && at < end) {
      line += 1;
      lineStart = this.chunkStart + at + 1;
      at = this.chunk.indexOf(0x0a, at + 1);
    }
    return { inChunk: end, line, lineStart };
  }

  /** Line and column (1-based) of a byte offset inside the current chunk. */
  locate(offset: number): { line: number; column: number } {
    const inChunk = Math.max(0, Math.min(offset - this.chunkStart, this.chunk.length));
    const from =
      inChunk >= this.cursor.inChunk ? this.cursor : { inChunk: 0, line: this.line, lineStart: this.lineStart };
    this.cursor = this.scan(from, inChunk);
    return { line: this.cursor.line, column: this.chunkStart + inChunk - this.cursor.lineStart + 1 };
  }

  get offset(): number {
    return this.chunkStart;
  }
}

function syntaxError(message: string, where: { line: number; column: number }): BundleInputError {
  return new BundleInputError({
    path: "",
    line: where.line,
    message: `invalid JSON: ${message} (line ${where.line}, column ${where.column})`,
  });
}

const isLeft = (token: TokenType) => token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET;
const isRight = (token: TokenType) => token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET;

/** What the tokenizer is fed in place of a streamed item (the scanner hands the item itself to JSON.parse). */
const STAND_IN = new TextEncoder().encode("null");

/** The value being built: one top-level field, with its own parser. */
interface OpenValue {
  parser: TokenParser;
  /** Nesting depth of the document where the value starts; it is complete when depth is back there. */
  baseDepth: number;
  /** Where the value starts in the stream, and its path (`tasks`) for a located error. */
  startOffset: number;
  startLine: number;
  path: string;
}

/** The item being scanned: its path and where it starts, for a located error. */
interface ItemStart {
  path: string;
  where: { line: number; column: number };
}

/**
 * Parses one JSON document from a byte stream in bounded memory: top-level fields are
 * emitted whole, but the items of `simulations`, `trajectories` and `turnPredictions` (and of
 * a top-level list) are emitted one at a time, so a file of any size or line layout needs memory
 * for one item only. Each item is cut out of the bytes by a scanner and built by JSON.parse; the
 * rest goes through a tokenizer, with each item replaced by `null`, and a skeleton parser checks
 * the outer structure with every value replaced by null. Nesting is counted without recursion.
 */
export async function* streamJsonDocument(
  chunks: Chunks,
  options: DocumentStreamOptions,
): AsyncGenerator<DocumentEvent> {
  const position = new Position(options.lineOffset ?? 0);
  const tokenizer = new LiteralTokenizer({ stringBufferSize: 64 * 1024, numberBufferSize: 64 });
  const skeleton = new TokenParser({ paths: ["$"] });
  const pending: DocumentEvent[] = [];
  let depth = 0;
  let sawRoot = false;
  let tokenOffset = 0;
  /** Stream offset minus tokenizer offset: the bytes of the items the tokenizer saw as `null`. */
  let skipped = 0;
  let failure: BundleInputError | undefined;

  let rootType: Extract<DocumentEvent, { kind: "root" }>["type"] = "null";
  let key = "";
  let expectKey = false;
  let afterColon = false;
  /** Depth of the streamed array being read (1 for a top-level list, 2 for a field), 0 when none. */
  let arrayDepth = 0;
  let open: OpenValue | undefined;
  let item: ItemStart | undefined;

  const fail = (error: Error) => {
    failure ??= error instanceof BundleInputError ? error : syntaxError(error.message, position.locate(tokenOffset));
  };

  const startValue = (path: string, emit: (value: unknown) => void): OpenValue => {
    const value: OpenValue = {
      parser: new TokenParser({ paths: ["$"] }),
      baseDepth: depth,
      startOffset: tokenOffset,
      startLine: position.locate(tokenOffset).line,
      path,
    };
    value.parser.onValue = ({ value: built, stack }) => {
      if (stack.length !== 0) return;
      emit(tokenizer.overflowed ? reviveOverflows(built) : built);
      tokenizer.overflowed = false;
    };
    value.parser.onError = fail;
    value.parser.onEnd = () => {};
    // The skeleton sees a null where the value is.
    skeleton.write({ token: TokenType.NULL, value: null });
    return value;
  };

  /** Feeds a token to the open field; returns true once the value is complete. */
  const feedValue = (value: OpenValue, info: Parameters<NonNullable<Tokenizer["onToken"]>>[0]): boolean => {
    const { token } = info;
    if (isLeft(token)) {
      depth += 1;
      if (depth > options.maxDepth)
        throw syntaxError(`nested more than ${options.maxDepth} levels deep`, position.locate(info.offset + skipped));
    } else if (isRight(token)) {
      depth -= 1;
    }
    value.parser.write(info);
    return depth === value.baseDepth;
  };

  tokenizer.onToken = (info) => {
    tokenOffset = info.offset + skipped;
    const { token } = info;
    if (!sawRoot) {
      sawRoot = true;
      rootType = ROOT_TYPES[token] ?? "null";
      pending.push({ kind: "root", type: rootType });
    }
    if (open) {
      if (feedValue(open, info)) open = undefined;
      return;
    }
    const startsValue = token !== TokenType.COMMA && token !== TokenType.COLON && !isRight(token);
    if (arrayDepth > 0 && depth === arrayDepth && startsValue) {
      // An item's stand-in: the scanner emitted the item itself.
      skeleton.write(info);
      return;
    }
    if (rootType === "object" && depth === 1 && afterColon) {
      afterColon = false;
      if (token === TokenType.LEFT_BRACKET && (STREAMED_ARRAYS as readonly string[]).includes(key)) {
        arrayDepth = 2;
      } else {
        const field = key;
        open = startValue(field, (value) => pending.push({ kind: "field", key: field, value }));
        if (feedValue(open, info)) open = undefined;
        return;
      }
    }
    // The outer structure: the root container, keys, separators and streamed arrays.
    if (isLeft(token)) {
      depth += 1;
      if (depth === 1 && token === TokenType.LEFT_BRACKET) arrayDepth = 1;
      if (depth === 1 && token === TokenType.LEFT_BRACE) expectKey = true;
    } else if (isRight(token)) {
      if (depth === arrayDepth) {
        arrayDepth = 0;
        // The streamed list as a field (its items already went out), so an empty list is seen too.
        if (rootType === "object") pending.push({ kind: "field", key, value: [] });
      }
      depth -= 1;
    } else if (token === TokenType.COMMA) {
      if (depth === 1 && rootType === "object") expectKey = true;
    } else if (token === TokenType.COLON && depth === 1) {
      afterColon = true;
    } else if (token === TokenType.STRING && depth === 1 && expectKey) {
      key = String(info.value);
      expectKey = false;
    }
    skeleton.write(info);
  };
  tokenizer.onError = (error) => {
    const offset = offsetIn(error.message);
    failure ??=
      error instanceof BundleInputError
        ? error
        : syntaxError(error.message, position.locate(offset === undefined ? tokenOffset : offset + skipped));
  };
  skeleton.onError = fail;
  skeleton.onValue = () => {};
  // The tokenizer ends itself when the root value closes; nothing may follow but whitespace.
  skeleton.onEnd = () => {
    if (!tokenizer.isEnded) tokenizer.end();
  };
  const parser = skeleton;

  const feedTokenizer = (bytes: Uint8Array) => {
    if (failure) return;
    try {
      tokenizer.write(bytes);
    } catch (error) {
      failure ??=
        error instanceof BundleInputError
          ? error
          : syntaxError(error instanceof Error ? error.message : String(error), position.locate(tokenOffset));
    }
    if (failure) throw failure;
  };

  const tooLarge = (path: string, line: number) =>
    new BundleInputError({
      path,
      line,
      message: `${path} is larger than ${options.maxValueBytes} bytes, the most one record may hold`,
    });

  const scanner = new StreamedItemScanner(
    {
      outer: feedTokenizer,
      itemStart: (array, index, offset) => {
        item = { path: array === "" ? `[${index}]` : `${array}[${index}]`, where: position.locate(offset) };
      },
      itemGrew: (bytes) => {
        if (item && options.maxValueBytes !== undefined && bytes > options.maxValueBytes)
          throw tooLarge(item.path, item.where.line);
      },
      item: (scanned) => {
        const start = item ?? { path: "", where: { line: 0, column: 0 } };
        item = undefined;
        const bytes = bytesOf(scanned);
        if (options.maxValueBytes !== undefined && bytes.length > options.maxValueBytes)
          throw tooLarge(start.path, start.where.line);
        const built = parseItem(bytes, start.where, options.maxDepth - scanned.arrayDepth, scanned.deepest);
        pending.push(
          built.tooDeep
            ? { kind: "item", array: scanned.array, index: scanned.index, value: built.value, tooDeep: true }
            : { kind: "item", array: scanned.array, index: scanned.index, value: built.value, line: start.where.line },
        );
        feedTokenizer(STAND_IN);
        skipped += bytes.length - STAND_IN.length;
      },
      itemTooDeep: (offset) => {
        const path = item?.path ?? "";
        const where = position.locate(offset);
        throw new BundleInputError({
          path,
          line: where.line,
          message: `nested more than ${options.maxDepth - 2} levels deep (line ${where.line}, column ${where.column})`,
        });
      },
    },
    options.maxDepth,
  );

  /** Refuses the open field when it spans more than a record may, counting `ahead` bytes not yet parsed. */
  const checkValueSize = (ahead: number) => {
    if (!open || options.maxValueBytes === undefined) return;
    const parsed = ahead > 0 ? position.offset + ahead : tokenOffset;
    if (parsed - open.startOffset <= options.maxValueBytes) return;
    throw tooLarge(open.path, open.startLine);
  };

  let first = true;
  for await (const raw of chunks) {
    let chunk = raw;
    if (first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    first = false;
    position.enter(chunk);
    // Checked before a chunk is parsed (so a long record stops growing) and after (a record that began in it).
    checkValueSize(chunk.length);
    scanner.write(chunk, position.offset);
    if (failure) throw failure;
    checkValueSize(0);
    position.leave();
    yield* pending.splice(0);
  }
  if (!tokenizer.isEnded) {
    try {
      tokenizer.end();
    } catch (error) {
      failure ??= syntaxError(error instanceof Error ? error.message : String(error), position.locate(position.offset));
    }
  }
  if (failure) throw failure;
  if (!sawRoot) throw new BundleInputError({ path: "", message: "the file contains only whitespace" });
  if (!parser.isEnded || scanner.inItem)
    throw syntaxError("the document ends before its last value is closed", position.locate(Number.MAX_SAFE_INTEGER));
  yield* pending.splice(0);
}

function bytesOf(item: ScannedItem): Buffer {
  const whole = item.parts.length === 1 ? (item.parts[0] ?? new Uint8Array()) : Buffer.concat(item.parts);
  return Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength);
}

/** Stands in for an item nested too deep, which is refused with an issue instead of built. */
const TOO_DEEP = "\u0000nested-too-deep\u0000";

/**
 * Builds one item with JSON.parse; a syntax error is located in the file from where the item starts. An item nesting
 * deeper than `levels` (the depth the document has left below the array) is not built at all: the reader refuses it
 * with an issue at its path instead of failing the file.
 */
function parseItem(
  bytes: Buffer,
  where: { line: number; column: number },
  levels: number,
  deepest: number,
): { value: unknown; tooDeep: boolean } {
  if (deepest > levels) return { value: TOO_DEEP, tooDeep: true };
  // A JSON document that is not UTF-8 is refused at the byte, as the token-by-token parser does.
  if (!isUtf8(bytes)) throw itemSyntaxError(bytes, where, new Error("the item is not valid UTF-8"));
  try {
    return { value: parseJson(bytes.toString("utf8")), tooDeep: false };
  } catch (error) {
    throw itemSyntaxError(bytes, where, error);
  }
}

/**
 * The error of an item JSON.parse refused, as the token-by-token parser words and places it (V8's messages often
 * carry no position, only a quote of the text): the item alone is parsed again that way, which costs nothing on the
 * files that parse.
 */
function itemSyntaxError(
  bytes: Buffer,
  start: { line: number; column: number },
  parseError: unknown,
): BundleInputError {
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: ["$"] });
  let found: { message: string; offset: number } | undefined;
  let lastOffset = 0;
  const note = (error: Error) => {
    found ??= { message: error.message, offset: offsetIn(error.message) ?? lastOffset };
  };
  tokenizer.onToken = (info) => {
    lastOffset = info.offset;
    parser.write(info);
  };
  tokenizer.onError = note;
  parser.onError = note;
  parser.onValue = () => {};
  parser.onEnd = () => {};
  try {
    tokenizer.write(bytes);
    if (!found && !tokenizer.isEnded) tokenizer.end();
  } catch (error) {
    if (error instanceof Error) note(error);
  }
  const message = found?.message ?? (parseError instanceof Error ? parseError.message : String(parseError));
  return syntaxError(message, locateIn(bytes, found?.offset ?? 0, start));
}

/** Line and column of a byte of the item, from where the item starts in the file. */
function locateIn(
  bytes: Uint8Array,
  at: number,
  start: { line: number; column: number },
): { line: number; column: number } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let line = start.line;
  let lineStart = -1;
  for (let found = buffer.indexOf(0x0a); found !== -1 && found < at; found = buffer.indexOf(0x0a, found + 1)) {
    line += 1;
    lineStart = found;
  }
  return lineStart === -1 ? { line, column: start.column + at } : { line, column: at - lineStart };
}

/** The tokenizer names the byte offset of an unexpected character in its message. */
function offsetIn(message: string): number | undefined {
  const match = /absolute position "?(\d+)"?/.exec(message);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
