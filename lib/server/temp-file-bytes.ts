import { mkdtemp, open, rm, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ByteSpill, RandomAccessBytes } from "@/lib/bundles/byte-spill";

/**
 * Keeps an upload's bytes in a temporary file and reads them back by offset: an Inspect .eval zip is read
 * from its central directory one member at a time, so a log of thousands of samples never sits in memory.
 */
export function createTempFileByteSpill(): ByteSpill {
  let folder: string | undefined;
  let file: FileHandle | undefined;
  let size = 0;
  return {
    async append(chunk) {
      if (!file) {
        folder = await mkdtemp(join(tmpdir(), "loopscope-bytes-"));
        file = await open(join(folder, "upload.bin"), "w+");
      }
      let written = 0;
      while (written < chunk.length) {
        const { bytesWritten } = await file.write(chunk, written, chunk.length - written, size + written);
        written += bytesWritten;
      }
      size += chunk.length;
    },
    async finish(): Promise<RandomAccessBytes> {
      const handle = file;
      return {
        size,
        async read(offset, length) {
          const wanted = Math.max(0, Math.min(length, size - offset));
          if (!handle || wanted === 0) return new Uint8Array(0);
          const buffer = Buffer.alloc(wanted);
          let got = 0;
          while (got < wanted) {
            const { bytesRead } = await handle.read(buffer, got, wanted - got, offset + got);
            if (bytesRead === 0) break;
            got += bytesRead;
          }
          return buffer.subarray(0, got);
        },
      };
    },
    async dispose() {
      await file?.close().catch(() => {});
      file = undefined;
      if (folder) await rm(folder, { recursive: true, force: true });
      folder = undefined;
    },
  };
}
