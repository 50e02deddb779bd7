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
  return new BundleInputError({ path: "", line: where.line, message: `invalid JSON: ${message} (line ${where.line}, column ${where.column})` });
}

/** Stands in for the part of an item nested too deep, which is skipped instead of built. */
const TOO_DEEP = "\u0000nested-too-deep\u0000";

/**
 * Parses one JSON document from a byte stream in bounded memory: top-level fields are
 * emitted whole, but the items of `simulations`, `trajectories` and `turnPredictions` (and of
 * a top-level list) are emitted one at a time and dropped, so a file of any size or line
 * layout needs memory for one item only. Nesting is counted on tokens, without recursion.
 */
export async function* streamJsonDocument(chunks: Chunks, options: DocumentStreamOptions): AsyncGenerator<DocumentEvent> {
  const position = new Position(options.lineOffset ?? 0);
  const tokenizer = new Tokenizer({ stringBufferSize: 64 * 1024, numberBufferSize: 64 });
  const parser = new TokenParser({ paths: ["$.*", ...STREAMED_ARRAYS.map((name) => `$.${name}.*`)], keepStack: false });
  const pending: DocumentEvent[] = [];
  let depth = 0;
  let sawRoot = false;
  let tokenOffset = 0;
  let failure: BundleInputError | undefined;

  // Where the streamed array (if any) sits, which item of it is being read, and whether that
  // item is being skipped because it nests deeper than allowed.
  let rootType: string | undefined;
  let key: string | undefined;
  let expectKey = false;
  let arrayDepth = 0;
  let itemIndex = 0;
  let skipFrom = 0;
  const truncated = new Set<string>();

  const onLeft = (info: { offset: number }): boolean => {
    depth += 1;
    if (depth <= options.maxDepth) return true;
    if (arrayDepth === 0 || depth <= arrayDepth) throw syntaxError(`nested more than ${options.maxDepth} levels deep`, position.locate(info.offset));
    skipFrom = depth - 1;
    truncated.add(`${arrayName()}:${itemIndex}`);
    parser.write({ token: TokenType.STRING, value: TOO_DEEP });
    return false;
  };
  const arrayName = () => (rootType === "array" ? "" : key ?? "");

  tokenizer.onToken = (info) => {
    tokenOffset = info.offset;
    const { token } = info;
    if (!sawRoot) {
      sawRoot = true;
      rootType = ROOT_TYPES[token] ?? "null";
      pending.push({ kind: "root", type: ROOT_TYPES[token] ?? "null" });
    }
    if (skipFrom > 0) {
      if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) depth += 1;
      else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) {
        depth -= 1;
        if (depth === skipFrom) skipFrom = 0;
      }
      return;
    }
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      if (depth === 0 && token === TokenType.LEFT_BRACKET) {
        arrayDepth = 1;
        itemIndex = 0;
      } else if (depth === 1 && rootType === "object" && token === TokenType.LEFT_BRACKET && (STREAMED_ARRAYS as readonly string[]).includes(key ?? "")) {
        arrayDepth = 2;
        itemIndex = 0;
      }
      if (!onLeft(info)) return;
      if (depth === 1 && token === TokenType.LEFT_BRACE) expectKey = true;
    } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) {
      if (depth === arrayDepth) arrayDepth = 0;
      depth -= 1;
    } else if (token === TokenType.COMMA) {
      if (depth === 1 && rootType === "object") expectKey = true;
      if (depth === arrayDepth) itemIndex += 1;
    } else if (token === TokenType.STRING && depth === 1 && expectKey) {
      key = String(info.value);
      expectKey = false;
    }
    parser.write(info);
  };
  tokenizer.onError = (error) => {
    failure ??= error instanceof BundleInputError ? error : syntaxError(error.message, position.locate(offsetIn(error.message) ?? tokenOffset));
  };
  parser.onError = (error) => {
    failure ??= error instanceof BundleInputError ? error : syntaxError(error.message, position.locate(tokenOffset));
  };
  // The tokenizer ends itself when the root value closes; nothing may follow but whitespace.
  parser.onEnd = () => {
    if (!tokenizer.isEnded) tokenizer.end();
  };
  const pushItem = (array: string, index: number, value: unknown) => {
    const tooDeep = truncated.delete(`${array}:${index}`);
    pending.push(tooDeep ? { kind: "item", array, index, value, tooDeep } : { kind: "item", array, index, value });
  };
  parser.onValue = ({ value, key: at, parent, stack }) => {
    if (stack.length === 1 && typeof at === "number") pushItem("", at, value);
    else if (stack.length === 1 && typeof at === "string") pending.push({ kind: "field", key: at, value });
    else if (stack.length === 2 && typeof at === "number" && Array.isArray(parent)) pushItem(String(stack[1]?.key ?? ""), at, value);
  };

  let first = true;
  for await (const raw of chunks) {
    let chunk = raw;
    if (first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    first = false;
    position.enter(chunk);
    try {
      tokenizer.write(chunk);
    } catch (error) {
      failure ??= error instanceof BundleInputError ? error : syntaxError(error instanceof Error ? error.message : String(error), position.locate(tokenOffset));
    }
    if (failure) throw failure;
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
  if (!parser.isEnded) throw syntaxError("the document ends before its last value is closed", position.locate(Number.MAX_SAFE_INTEGER));
  yield* pending.splice(0);
}

/** The tokenizer names the byte offset of an unexpected character in its message. */
function offsetIn(message: string): number | undefined {
  const match = /absolute position "?(\d+)"?/.exec(message);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
