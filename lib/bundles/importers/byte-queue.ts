/** Pulls exact byte counts out of a chunk stream, buffering only what a read needs. */
export class ByteQueue {
  private readonly iterator: AsyncIterator<Uint8Array>;
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  private done = false;
  /** Bytes consumed so far: the offset of the next read in the stream. */
  position = 0;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** Buffers at least `count` bytes unless the stream ends first; returns how many are buffered. */
  private async fill(count: number): Promise<number> {
    while (this.buffered < count && !this.done) {
      const next = await this.iterator.next();
      if (next.done) this.done = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
    return this.buffered;
  }

  /** The next `count` bytes (fewer at the end of the stream) without consuming them. */
  async peek(count: number): Promise<Uint8Array> {
    const available = Math.min(await this.fill(count), count);
    const out = new Uint8Array(available);
    let offset = 0;
    for (const chunk of this.chunks) {
      if (offset >= available) break;
      const take = Math.min(chunk.length, available - offset);
      out.set(chunk.subarray(0, take), offset);
      offset += take;
    }
    return out;
  }

  /** Reads up to `count` bytes; fewer only at the end of the stream. */
  async read(count: number): Promise<Uint8Array> {
    const available = Math.min(await this.fill(count), count);
    const out = new Uint8Array(available);
    let offset = 0;
    while (offset < available) {
      const head = this.chunks[0];
      if (!head) break;
      const take = Math.min(head.length, available - offset);
      out.set(head.subarray(0, take), offset);
      offset += take;
      if (take === head.length) this.chunks.shift();
      else this.chunks[0] = head.subarray(take);
    }
    this.buffered -= available;
    this.position += available;
    return out;
  }

  /** Discards up to `count` bytes without keeping them; returns how many were skipped. */
  async skip(count: number): Promise<number> {
    let remaining = count;
    while (remaining > 0) {
      const step = Math.min(remaining, 1 << 20);
      const got = (await this.read(step)).length;
      remaining -= got;
      if (got < step) break;
    }
    return count - remaining;
  }

  /** Everything left in the stream; throws when it exceeds `limit` bytes. */
  async readRest(limit: number, onLimit: () => Error): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const part = await this.read(1 << 20);
      if (part.length === 0) break;
      total += part.length;
      if (total > limit) throw onLimit();
      parts.push(part);
    }
    const out = new Uint8Array(total);
    let offset = 0;
    for (const part of parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}
