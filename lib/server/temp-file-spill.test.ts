import { describe, expect, it } from "vitest";
import { overflowLiteral, parseJson } from "@/lib/bundles/number-literals";
import { createTempFileSpill } from "./temp-file-spill";

const item = (index: number) => ({ array: "results", index, value: { text: "x".repeat(4096), index } });

describe("createTempFileSpill", () => {
  it("replays what it was given, in order", async () => {
    const spill = createTempFileSpill();
    for (let index = 0; index < 3; index += 1) await spill.append(item(index));
    const replayed = [];
    for await (const entry of spill.replay()) replayed.push(entry.index);
    expect(replayed).toEqual([0, 1, 2]);
    await spill.dispose();
  });

  it("gives back a number that overflows with its literal (JSON.stringify would write null)", async () => {
    const spill = createTempFileSpill();
    await spill.append({ array: "results", index: 0, value: parseJson('{"args": {"n": 1e400}}') });
    const values: unknown[] = [];
    for await (const entry of spill.replay()) values.push(entry.value);
    const args = (values[0] as { args: { n: number } }).args;
    expect(args.n).toBe(Infinity);
    expect(overflowLiteral(args, "n")).toBe("1e400");
    await spill.dispose();
  });

  it("is thrown away mid-write (a rejected upload) without an error escaping from the write still in flight", async () => {
    const escaped: unknown[] = [];
    const onUncaught = (error: unknown) => escaped.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      for (let round = 0; round < 20; round += 1) {
        const spill = createTempFileSpill();
        // Each append returns once its line is handed to the file stream, before the bytes are on disk; the reader
        // then meets a bad record and the ingest throws the spill away at once.
        for (let index = 0; index < 50; index += 1) await spill.append(item(index));
        await spill.dispose();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off("uncaughtException", onUncaught);
    }
    expect(escaped).toEqual([]);
  });
});
