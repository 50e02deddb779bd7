import { Tokenizer, TokenParser, TokenType } from "@streamparser/json";
import type { Chunks } from "./decode-body";
import { BundleInputError } from "./issues";

/** Top-level arrays whose items are emitted one at a time instead of being built whole. */
export const STREAMED_ARRAYS = ["simulations", "trajectories", "turnPredictions"] as const;

export type DocumentEvent =
  | { kind: "root"; type: "object" | "array" | "string" | "number" | "boolean" | "null" }
  | { kind: "field"; key: string; value: unknown }
  /** An item of a streamed array, or of the document itself when it is a list (`array` is ""). */
  | { kind: "item"; array: string; index: number; value: unknown; tooDeep?: boolean };

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

/** Tracks line starts as bytes pass, so a byte offset becomes a line and column without keeping the text. */
class Position {
  private consumed = 0;
  private line: number;
  private lineStart = 0;
  private chunk: Uint8Array = new Uint8Array();
  private chunkStart = 0;

  constructor(lineOffset: number) {
    this.line = lineOffset + 1;
  }

  /** Call before feeding a chunk. */
  enter(chunk: Uint8Array): void {
    this.chunk = chunk;
    this.chunkStart = this.consumed;
  }

  /** Call after the chunk was parsed whole. */
  leave(): void {
    this.advanceTo(this.chunk.length);
    this.consumed += this.chunk.length;
    this.chunk = new Uint8Array();
    this.chunkStart = this.consumed;
  }

  private advanceTo(end: number): void {
    const buffer = Buffer.from(this.chunk.buffer, this.chunk.byteOffset, this.chunk.byteLength);
    let at = buffer.indexOf(0x0a, 0);
    while (at !== -1 && at < end) {
      this.line += 1;
      this.lineStart = this.chunkStart + at + 1;
      at = buffer.indexOf(0x0a, at + 1);
    }
  }

  /** Line and column (1-based) of a byte offset inside the current chunk. */
  locate(offset: number): { line: number; column: number } {
    const inChunk = Math.max(0, Math.min(offset - this.chunkStart, this.chunk.length));
    const saved = { line: this.line, lineStart: this.lineStart };
    this.advanceTo(inChunk);
    const located = { line: this.line, column: this.chunkStart + inChunk - this.lineStart + 1 };
    this.line = saved.line;
    this.lineStart = saved.lineStart;
    return located;
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

/** Stands in for the part of an item nested too deep, which is skipped instead of built. */
const TOO_DEEP = "\u0000nested-too-deep\u0000";

const isLeft = (token: TokenType) => token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET;
const isRight = (token: TokenType) => token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET;

/** The value being built: one top-level field or one item of a streamed array, with its own parser. */
interface OpenValue {
  parser: TokenParser;
  /** Nesting depth of the document where the value starts; it is complete when depth is back there. */
  baseDepth: number;
  /** Set while tokens nested deeper than allowed are skipped: the depth to come back to. */
  skipFrom: number;
  /** A part was skipped; it is replaced by one string, so the value stays well-formed and is flagged. */
  tooDeep: boolean;
  /** Where the value starts in the stream, and its path (`simulations[3]`, `tasks`) for a located error. */
  startOffset: number;
  startLine: number;
  path: string;
}

/**
 * Parses one JSON document from a byte stream in bounded memory: top-level fields are
 * emitted whole, but the items of `simulations`, `trajectories` and `turnPredictions` (and of
 * a top-level list) are emitted one at a time, each built by its own small parser, so a file of
 * any size or line layout needs memory for one item only. A skeleton parser checks the outer
 * structure with every value replaced by null. Nesting is counted on tokens, without recursion.
 */
export async function* streamJsonDocument(
  chunks: Chunks,
  options: DocumentStreamOptions,
): AsyncGenerator<DocumentEvent> {
  const position = new Position(options.lineOffset ?? 0);
  const tokenizer = new Tokenizer({ stringBufferSize: 64 * 1024, numberBufferSize: 64 });
  const skeleton = new TokenParser({ paths: ["$"] });
  const pending: DocumentEvent[] = [];
  let depth = 0;
  let sawRoot = false;
  let tokenOffset = 0;
  let failure: BundleInputError | undefined;

  let rootType: Extract<DocumentEvent, { kind: "root" }>["type"] = "null";
  let key = "";
  let expectKey = false;
  let afterColon = false;
  /** Depth of the streamed array being read (1 for a top-level list, 2 for a field), 0 when none. */
  let arrayDepth = 0;
  let itemIndex = 0;
  let open: OpenValue | undefined;

  const fail = (error: Error) => {
    failure ??= error instanceof BundleInputError ? error : syntaxError(error.message, position.locate(tokenOffset));
  };

  const startValue = (path: string, emit: (value: unknown, tooDeep: boolean) => void): OpenValue => {
    const value: OpenValue = {
      parser: new TokenParser({ paths: ["$"] }),
      baseDepth: depth,
      skipFrom: 0,
      tooDeep: false,
      startOffset: tokenOffset,
      startLine: position.locate(tokenOffset).line,
      path,
    };
    value.parser.onValue = ({ value: built, stack }) => {
      if (stack.length === 0) emit(built, value.tooDeep);
    };
    value.parser.onError = fail;
    value.parser.onEnd = () => {};
    // The skeleton sees a null where the value is.
    skeleton.write({ token: TokenType.NULL, value: null });
    return value;
  };

  /** Feeds a token to the open value; returns true once the value is complete. */
  const feedValue = (value: OpenValue, info: Parameters<NonNullable<Tokenizer["onToken"]>>[0]): boolean => {
    const { token } = info;
    if (value.skipFrom > 0) {
      if (isLeft(token)) depth += 1;
      else if (isRight(token)) {
        depth -= 1;
        if (depth === value.skipFrom) value.skipFrom = 0;
      }
      return depth === value.baseDepth;
    }
    if (isLeft(token)) {
      depth += 1;
      if (depth > options.maxDepth) {
        if (arrayDepth === 0)
          throw syntaxError(`nested more than ${options.maxDepth} levels deep`, position.locate(info.offset));
        value.skipFrom = depth - 1;
        value.tooDeep = true;
        value.parser.write({ token: TokenType.STRING, value: TOO_DEEP });
        return false;
      }
    } else if (isRight(token)) {
      depth -= 1;
    }
    value.parser.write(info);
    return depth === value.baseDepth;
  };

  tokenizer.onToken = (info) => {
    tokenOffset = info.offset;
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
      const array = rootType === "array" ? "" : key;
      const index = itemIndex;
      open = startValue(array === "" ? `[${index}]` : `${array}[${index}]`, (value, tooDeep) =>
        pending.push(tooDeep ? { kind: "item", array, index, value, tooDeep } : { kind: "item", array, index, value }),
      );
      if (feedValue(open, info)) open = undefined;
      return;
    }
    if (rootType === "object" && depth === 1 && afterColon) {
      afterColon = false;
      if (token === TokenType.LEFT_BRACKET && (STREAMED_ARRAYS as readonly string[]).includes(key)) {
        arrayDepth = 2;
        itemIndex = 0;
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
      if (depth === 1 && token === TokenType.LEFT_BRACKET) {
        arrayDepth = 1;
        itemIndex = 0;
      }
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
      if (depth === arrayDepth) itemIndex += 1;
    } else if (token === TokenType.COLON && depth === 1) {
      afterColon = true;
    } else if (token === TokenType.STRING && depth === 1 && expectKey) {
      key = String(info.value);
      expectKey = false;
    }
    skeleton.write(info);
  };
  tokenizer.onError = (error) => {
    failure ??=
      error instanceof BundleInputError
        ? error
        : syntaxError(error.message, position.locate(offsetIn(error.message) ?? tokenOffset));
  };
  skeleton.onError = fail;
  skeleton.onValue = () => {};
  // The tokenizer ends itself when the root value closes; nothing may follow but whitespace.
  skeleton.onEnd = () => {
    if (!tokenizer.isEnded) tokenizer.end();
  };
  const parser = skeleton;

  /** Refuses the open value when it spans more than a record may, counting `ahead` bytes not yet parsed. */
  const checkValueSize = (ahead: number) => {
    if (!open || options.maxValueBytes === undefined) return;
    const parsed = ahead > 0 ? position.offset + ahead : tokenOffset;
    if (parsed - open.startOffset <= options.maxValueBytes) return;
    throw new BundleInputError({
      path: open.path,
      line: open.startLine,
      message: `${open.path} is larger than ${options.maxValueBytes} bytes, the most one record may hold`,
    });
  };

  let first = true;
  for await (const raw of chunks) {
    let chunk = raw;
    if (first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    first = false;
    position.enter(chunk);
    // Checked before a chunk is parsed (so a long record stops growing) and after (a record that began in it).
    checkValueSize(chunk.length);
    try {
      tokenizer.write(chunk);
    } catch (error) {
      failure ??=
        error instanceof BundleInputError
          ? error
          : syntaxError(error instanceof Error ? error.message : String(error), position.locate(tokenOffset));
    }
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
  if (!parser.isEnded)
    throw syntaxError("the document ends before its last value is closed", position.locate(Number.MAX_SAFE_INTEGER));
  yield* pending.splice(0);
}

/** The tokenizer names the byte offset of an unexpected character in its message. */
function offsetIn(message: string): number | undefined {
  const match = /absolute position "?(\d+)"?/.exec(message);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
