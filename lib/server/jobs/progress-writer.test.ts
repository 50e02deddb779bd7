import { describe, expect, it } from "vitest";
import type { UploadProgressPatch } from "@/lib/db/uploads";
import { createProgressWriter } from "./progress-writer";

const progress = (phase: string, events: number) => ({ phase, events }) as unknown as UploadProgressPatch;

describe("createProgressWriter", () => {
  it("never drops a forced report (a new phase) that arrives while a write is in flight, and skips the rest", async () => {
    const stored: unknown[] = [];
    let release = () => {};
    const writer = createProgressWriter("u1", async (patch) => {
      stored.push(patch);
      if (stored.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    writer.report(progress("reading", 0), true);
    writer.report(progress("reading", 10));
    writer.report(progress("writing", 20), true);
    writer.report(progress("writing", 30));
    expect(stored).toEqual([progress("reading", 0)]);
    release();
    await writer.settle();
    // The forced "writing" report is stored as soon as the first write ends, with the latest figures.
    expect(stored).toEqual([progress("reading", 0), progress("writing", 30)]);
  });

  it("throttles unforced reports and stores the last one on settle", async () => {
    const stored: unknown[] = [];
    const writer = createProgressWriter("u2", async (patch) => {
      stored.push(patch);
    });
    writer.report(progress("writing", 1), true);
    await writer.settle();
    writer.report(progress("writing", 2));
    writer.report(progress("writing", 3));
    await writer.settle();
    expect(stored).toEqual([progress("writing", 1), progress("writing", 3)]);
  });
});
