import { describe, expect, it } from "vitest";
import { HeapKeeper } from "./heap-keeper";

const MiB = 1024 * 1024;

describe("HeapKeeper", () => {
  it("collects only above the target, then waits for RSS to grow again before the next collection", () => {
    let rss = 150 * MiB;
    const collected: number[] = [];
    const keeper = new HeapKeeper({
      targetBytes: 200 * MiB,
      growthBytes: 32 * MiB,
      rss: () => rss,
      // A collection gives back all but 40 MB above the start.
      collect: () => {
        collected.push(rss / MiB);
        rss = 190 * MiB;
      },
    });
    keeper.check();
    expect(collected).toEqual([]);
    rss = 260 * MiB;
    keeper.check();
    expect(collected).toEqual([260]);
    // Back to 190 MB, so the next collection waits for 222 MB (190 + 32), above the 200 MB target.
    rss = 215 * MiB;
    keeper.check();
    expect(collected).toEqual([260]);
    rss = 230 * MiB;
    keeper.check();
    expect(collected).toEqual([260, 230]);
    expect(keeper.collections).toBe(2);
  });

  it("runs V8's real full collection when none is given", () => {
    const keeper = new HeapKeeper({ targetBytes: 1 });
    keeper.check();
    expect(keeper.collections).toBe(1);
  });
});
