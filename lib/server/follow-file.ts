import { open, type FileHandle } from "node:fs/promises";

/**
 * A file the store is writing, for a reader that follows it while the upload arrives (followFile below):
 * `written()` bytes of it are on disk (page cache) and readable; `ended` settles when the body has been stored
 * whole (resolves, with the sha256 of its bytes) or refused (rejects, and the file is removed).
 */
export interface ReceivingFile {
  path: string;
  written(): number;
  ended: Promise<string>;
}

// As the stored file is read (createReadStream in readStoredUpload): larger pieces only add to the peak.
const PIECE_BYTES = 256 * 1024;
/** How long a reader that caught up with the writer waits before looking again (unless the upload ends first). */
const POLL_MS = 5;

/** Until the writer has written more (checked every POLL_MS) or the upload has ended. */
function moreOrEnd(file: ReceivingFile): Promise<unknown> {
  return Promise.race([new Promise((resolve) => setTimeout(resolve, POLL_MS)), file.ended.catch(() => undefined)]);
}

/**
 * Reads a file while the upload store writes it: what is on disk now, then waits for more, and ends when the store
 * has stored the whole body. A refused body (too large, the client gone) fails the reader with the store's error.
 */
export async function* followFile(file: ReceivingFile): AsyncGenerator<Uint8Array> {
  let outcome: { ok: true } | { ok: false; error: unknown } | null = null;
  file.ended.then(
    () => (outcome = { ok: true }),
    (error: unknown) => (outcome = { ok: false, error }),
  );
  const settled = () => outcome as typeof outcome;
  // The store opens its file asynchronously: it is opened here once a byte of it is written.
  let handle: FileHandle | null = null;
  try {
    let position = 0;
    for (;;) {
      const ended = settled();
      if (ended && !ended.ok) throw ended.error;
      const available = file.written() - position;
      if (available > 0) {
        handle ??= await open(file.path, "r");
        const piece = Buffer.allocUnsafe(Math.min(available, PIECE_BYTES));
        const { bytesRead } = await handle.read(piece, 0, piece.length, position);
        position += bytesRead;
        yield piece.subarray(0, bytesRead);
        continue;
      }
      // Everything written before the end was read: the file is whole.
      if (ended) return;
      await moreOrEnd(file);
    }
  } finally {
    await handle?.close();
  }
}
