import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RecordSpill, SpilledItem } from "@/lib/bundles/record-spill";
import { splitLines } from "@/lib/bundles/split-lines";
import { parseJson, stringifyJson } from "@/lib/bundles/number-literals";

/**
 * Items that must wait for their header go to a temporary JSONL file, one per line, and are
 * read back in order: a 1 GB tau-bench file (read twice) costs disk, not memory.
 */
export function createTempFileSpill(): RecordSpill {
  let folder: string | undefined;
  let writer: ReturnType<typeof createWriteStream> | undefined;
  // A write error surfaces on the next append or replay, never as an unhandled 'error' event (which takes the whole
  // server down): a spill thrown away with a write still in flight fails that write, and nobody waits for it.
  let failed: Error | undefined;
  let count = 0;
  const path = () => join(folder ?? tmpdir(), "items.jsonl");
  return {
    async append(item: SpilledItem) {
      if (!writer) {
        folder = await mkdtemp(join(tmpdir(), "loopscope-spill-"));
        writer = createWriteStream(path());
        writer.on("error", (error) => (failed ??= error));
      }
      if (failed) throw failed;
      count += 1;
      const fields = [item.array, item.index, item.value, item.tooDeep === true, item.line ?? null];
      if (!writer.write(`${stringifyJson(fields)}\n`)) await once(writer, "drain");
    },
    async *replay() {
      if (!writer || count === 0) return;
      if (failed) throw failed;
      writer.end();
      await once(writer, "finish");
      for await (const { text } of splitLines(createReadStream(path()))) {
        const [array, index, value, tooDeep, line] = parseJson(text) as [
          string,
          number,
          unknown,
          boolean,
          number | null,
        ];
        yield { array, index, value, ...(tooDeep ? { tooDeep } : {}), ...(line === null ? {} : { line }) };
      }
    },
    async dispose() {
      const open = writer && !writer.closed ? writer : undefined;
      if (open) {
        // The file is removed only once the stream has let go of it.
        const closed = new Promise<void>((resolve) => open.once("close", () => resolve()));
        open.destroy();
        await closed;
      }
      writer = undefined;
      if (folder) await rm(folder, { recursive: true, force: true });
      folder = undefined;
    },
  };
}
