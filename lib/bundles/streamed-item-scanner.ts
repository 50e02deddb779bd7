/** Top-level arrays whose items are emitted one at a time instead of being built whole. */
export const STREAMED_ARRAYS = ["simulations", "trajectories", "turnPredictions"] as const;

/** One item of a streamed array, cut out of the byte stream whole: the caller parses it with JSON.parse. */
export interface ScannedItem {
  /** The array's key, or "" for the items of a top-level list. */
  array: string;
  index: number;
  /** The item's bytes, in the order they arrived (an item may span chunks). */
  parts: Uint8Array[];
  /** Deepest nesting inside the item, the item's own container counted as 1 (0 for a scalar). */
  deepest: number;
  /** Document depth of the array the item is in (1 for a top-level list, 2 for a field). */
  arrayDepth: number;
}

export interface ItemScannerSink {
  /** Bytes outside the streamed items, in order, for the tokenizer that checks the outer structure. */
  outer(bytes: Uint8Array): void;
  /** An item begins at this offset of the stream (the offset is in the chunk being written). */
  itemStart(array: string, index: number, offset: number): void;
  /** The item now holds this many bytes and is not complete: the sink may refuse it by throwing. */
  itemGrew(bytes: number): void;
  item(item: ScannedItem): void;
  /**
   * The open item nests deeper than the document allows, proven by the byte at `offset`: the sink refuses the
   * upload by throwing, so no more of the item is kept (a gzip of `[` x 30 MiB used to be held whole first).
   */
  itemTooDeep(offset: number): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LEFT_BRACE = 0x7b;
const RIGHT_BRACE = 0x7d;
const LEFT_BRACKET = 0x5b;
const RIGHT_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
/**
 * Bytes that begin an item inside a streamed array: all but whitespace, commas and closing brackets (a closing brace
 * there is wrong, and goes to the tokenizer, which names it).
 */
const startsItem = (byte: number) => !isSpace(byte) && byte !== COMMA && byte !== RIGHT_BRACKET && byte !== RIGHT_BRACE;
/** A scalar item ends before the first of these. */
const endsScalar = (byte: number) => byte === COMMA || byte === RIGHT_BRACKET || byte === RIGHT_BRACE || isSpace(byte);

/**
 * Skips the inside of strings. The next quote and the next backslash of the buffer are found with indexOf (memchr
 * speed) and remembered until passed, so each byte is searched at most once whatever the escapes.
 */
class StringScan {
  /** The last byte seen was a backslash that escapes the next one (which may be in the next chunk). */
  escaped = false;
  private buffer: Buffer | undefined;
  private nextQuote = 0;
  private nextBackslash = 0;

  /** Just past the closing quote, or -1 when the string runs past the buffer. `from` is inside the string. */
  skip(buffer: Buffer, from: number): number {
    if (this.buffer !== buffer) {
      this.buffer = buffer;
      this.nextQuote = -2;
      this.nextBackslash = -2;
    }
    let at = from;
    if (this.escaped) {
      if (at >= buffer.length) return -1;
      this.escaped = false;
      at += 1;
    }
    for (;;) {
      if (this.nextQuote !== -1 && this.nextQuote < at) this.nextQuote = buffer.indexOf(QUOTE, at);
      if (this.nextBackslash !== -1 && this.nextBackslash < at) this.nextBackslash = buffer.indexOf(BACKSLASH, at);
      const quote = this.nextQuote;
      const backslash = this.nextBackslash;
      if (backslash !== -1 && (quote === -1 || backslash < quote)) {
        if (backslash + 1 >= buffer.length) {
          this.escaped = true;
          return -1;
        }
        at = backslash + 2;
        continue;
      }
      return quote === -1 ? -1 : quote + 1;
    }
  }
}

interface OpenItem {
  array: string;
  index: number;
  parts: Uint8Array[];
  bytes: number;
  /** "container" for an object or array, "string", or "scalar" for a number or a literal. */
  shape: "container" | "string" | "scalar";
  /** Closing brackets expected, innermost last. */
  closers: number[];
  deepest: number;
  inString: boolean;
}

/**
 * Finds the items of the streamed arrays (`simulations`, `trajectories`, `turnPredictions`, or a top-level list) in a
 * JSON byte stream and hands each over whole, so it can be built by the engine's JSON.parse instead of token by token
 * in JavaScript: on a 10,000-simulation tau2 file that token-by-token build was most of the parsing time and most of
 * the garbage. Only strings and brackets are tracked (strings are skipped with indexOf); everything outside the items
 * goes to the sink's `outer`, whose tokenizer still checks the document's syntax, and an item's own syntax is checked
 * by JSON.parse. A closing bracket that does not match ends the item there, so JSON.parse reports it.
 */
export class StreamedItemScanner {
  private depth = 0;
  private rootIsObject = false;
  private readonly string = new StringScan();
  private inString = false;
  /** Bytes of the string being read at depth 1 of the root object (a key, or a value); kept only there. */
  private capture: Uint8Array[] | undefined;
  private lastString = "";
  private key = "";
  private afterColon = false;
  /** Depth of the streamed array being read, 0 when none. */
  private arrayDepth = 0;
  private array = "";
  private index = 0;
  private open: OpenItem | undefined;

  /** Stream offset of the chunk being written. */
  private chunkOffset = 0;

  /** `maxDepth`: deepest nesting of the document, the streamed array's own levels included. */
  constructor(
    private readonly sink: ItemScannerSink,
    private readonly maxDepth = Number.MAX_SAFE_INTEGER,
  ) {}

  /** `offset` is the stream offset of the chunk's first byte. */
  write(chunk: Uint8Array, offset: number): void {
    this.chunkOffset = offset;
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let at = 0;
    let outerFrom = 0;
    while (at < buffer.length) {
      if (this.open) {
        const end = this.scanItem(this.open, buffer, at);
        if (end === -1) {
          this.grow(this.open, buffer.subarray(at));
          return;
        }
        this.grow(this.open, buffer.subarray(at, end), true);
        this.finishItem(this.open);
        at = end;
        outerFrom = end;
        continue;
      }
      if (this.inString) {
        const end = this.string.skip(buffer, at);
        if (end === -1) {
          this.capture?.push(Uint8Array.from(buffer.subarray(at)));
          break;
        }
        this.capture?.push(buffer.subarray(at, end - 1));
        this.inString = false;
        this.endString();
        at = end;
        continue;
      }
      const byte = buffer[at] ?? 0;
      if (this.arrayDepth > 0 && this.depth === this.arrayDepth && startsItem(byte)) {
        if (at > outerFrom) this.sink.outer(buffer.subarray(outerFrom, at));
        this.startItem(byte, offset + at);
        continue;
      }
      this.outerByte(byte);
      at += 1;
    }
    if (outerFrom < buffer.length) this.sink.outer(buffer.subarray(outerFrom));
  }

  /** True while an item is open: the document ended inside it. */
  get inItem(): boolean {
    return this.open !== undefined;
  }

  private outerByte(byte: number): void {
    if (byte === QUOTE) {
      this.inString = true;
      this.capture = this.depth === 1 && this.rootIsObject ? [] : undefined;
      return;
    }
    if (byte === LEFT_BRACE || byte === LEFT_BRACKET) {
      this.depth += 1;
      if (this.depth === 1) {
        this.rootIsObject = byte === LEFT_BRACE;
        if (!this.rootIsObject) this.enterArray("", 1);
      } else if (
        this.depth === 2 &&
        this.afterColon &&
        byte === LEFT_BRACKET &&
        (STREAMED_ARRAYS as readonly string[]).includes(this.key)
      ) {
        this.enterArray(this.key, 2);
      }
      this.afterColon = false;
      return;
    }
    if (byte === RIGHT_BRACE || byte === RIGHT_BRACKET) {
      if (this.depth === this.arrayDepth) this.arrayDepth = 0;
      this.depth -= 1;
      return;
    }
    if (this.depth !== 1 || isSpace(byte)) return;
    if (byte === COLON) {
      this.key = this.lastString;
      this.afterColon = true;
    } else {
      this.afterColon = false;
    }
  }

  private endString(): void {
    if (!this.capture) return;
    const bytes = Buffer.concat(this.capture);
    this.capture = undefined;
    try {
      this.lastString = JSON.parse(`"${bytes.toString("utf8")}"`) as string;
    } catch {
      // Not a valid string: the tokenizer reports it.
      this.lastString = "";
    }
  }

  private enterArray(array: string, depth: number): void {
    this.arrayDepth = depth;
    this.array = array;
    this.index = 0;
  }

  private startItem(first: number, offset: number): void {
    const shape = first === LEFT_BRACE || first === LEFT_BRACKET ? "container" : first === QUOTE ? "string" : "scalar";
    this.open = {
      array: this.array,
      index: this.index,
      parts: [],
      bytes: 0,
      shape,
      closers: [],
      deepest: 0,
      inString: false,
    };
    this.index += 1;
    this.sink.itemStart(this.open.array, this.open.index, offset);
  }

  /** The end of the item (exclusive) in this buffer, or -1 when it goes on past it. */
  private scanItem(item: OpenItem, buffer: Buffer, from: number): number {
    let at = from;
    if (item.shape === "scalar") {
      while (at < buffer.length && !endsScalar(buffer[at] ?? 0)) at += 1;
      return at < buffer.length ? at : -1;
    }
    while (at < buffer.length) {
      if (item.inString) {
        const end = this.string.skip(buffer, at);
        if (end === -1) return -1;
        item.inString = false;
        at = end;
        if (item.shape === "string") return at;
        continue;
      }
      const byte = buffer[at] ?? 0;
      at += 1;
      if (byte === QUOTE) item.inString = true;
      else if (byte === LEFT_BRACE || byte === LEFT_BRACKET) {
        item.closers.push(byte === LEFT_BRACE ? RIGHT_BRACE : RIGHT_BRACKET);
        if (item.closers.length > item.deepest) item.deepest = item.closers.length;
        if (this.arrayDepth + item.deepest > this.maxDepth) this.sink.itemTooDeep(this.chunkOffset + at - 1);
      } else if (byte === RIGHT_BRACE || byte === RIGHT_BRACKET) {
        // A closer that does not match ends the item too: JSON.parse then names the error.
        if (item.closers.pop() !== byte || item.closers.length === 0) return at;
      }
    }
    return -1;
  }

  /** A part that ends the item is used at once; one that spans chunks is copied, as a stream may reuse its chunks. */
  private grow(item: OpenItem, bytes: Uint8Array, complete = false): void {
    if (bytes.length === 0) return;
    item.parts.push(complete ? bytes : Uint8Array.from(bytes));
    item.bytes += bytes.length;
    if (!complete) this.sink.itemGrew(item.bytes);
  }

  private finishItem(item: OpenItem): void {
    this.open = undefined;
    this.sink.item({
      array: item.array,
      index: item.index,
      parts: item.parts,
      deepest: item.deepest,
      arrayDepth: this.arrayDepth,
    });
  }
}
