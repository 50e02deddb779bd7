import { open, type FileHandle } from "node:fs/promises";

/**
 * A file the store is writing, for a reader that follows it while the upload arrives (followFile below):
 * `written()` bytes of it are on disk (page cache) and readable; `ended` settles when the body has been stored
 * whole (resolves) or refused (rejects, and the file is removed).
 */
export interface ReceivingFile {
  path: string;
  written(): number;
  ended: Promise<void>;
}

// As the stored file is read (createReadStream in readStoredUpload): larger pieces only add to the peak.
const PIECE_BYTES = 256 * 1024;
/** How long a reader that caught up with the writer waits before looking again (unless the upload ends first). */
const POLL_MS = 5;

async function openWhenWritten(file: ReceivingFile, ended: () => boolean): Promise<FileHandle | null> {
  // The store opens its file asynchronously: once a byte is written, the file is there.
  while (file.written() === 0) {
    if (ended()) return null;
    await Promise.race([new Promise((resolve) => setTimeout(resolve, POLL_MS)), file.ended.catch(() => undefined)]);
  }
  return open(file.path, "r");
}

/**
 * Reads a file while the upload store writes it: what is on disk now, then waits for more, and ends when the store
 * has stored the whole body. A refused body (too large, the client gone) fails the reader with the store's error.
 */
export async function* followFile(file: ReceivingFile): AsyncGenerator<Uint8Array> {
  let ended = false;
  let failure: { error: unknown } | null = null;
  file.ended.then(
    () => (ended = true),
    (error: unknown) => {
      failure = { error };
      ended = true;
    },
  );
  const handle = await openWhenWritten(file, () => ended);
  const failed = () => failure as { error: unknown } | null;
  try {
    let position = 0;
    for (;;) {
      const refused = failed();
      if (refused) throw refused.error;
      const wasEnded = ended;
      const available = file.written() - position;
      if (available > 0 && handle) {
        const piece = Buffer.allocUnsafe(Math.min(available, PIECE_BYTES));
        const { bytesRead } = await handle.read(piece, 0, piece.length, position);
        position += bytesRead;
        yield piece.subarray(0, bytesRead);
        continue;
      }
      // Everything written before the end was read: the file is whole.
      if (wasEnded) return;
      await Promise.race([new Promise((resolve) => setTimeout(resolve, POLL_MS)), file.ended.catch(() => undefined)]);
    }
  } finally {
    await handle?.close();
  }
}
