import v8 from "node:v8";
import vm from "node:vm";

const MiB = 1024 * 1024;

let collector: (() => void) | null | undefined;

/**
 * V8's full collection. `--expose-gc` given at run time exposes `gc` to contexts created afterwards, so the server
 * needs no command-line flag; where that is refused, there is nothing to call and the keeper does nothing.
 */
function fullCollection(): (() => void) | null {
  if (collector !== undefined) return collector;
  try {
    v8.setFlagsFromString("--expose-gc");
    const gc: unknown = vm.runInNewContext("gc");
    collector = typeof gc === "function" ? (gc as () => void) : null;
  } catch {
    collector = null;
  }
  return collector;
}

export interface HeapKeeperOptions {
  /** RSS above which a full collection is asked for. */
  targetBytes: number;
  /** After a collection, the next waits until RSS has grown this much again (live data above the target). */
  growthBytes?: number;
  /** Reads the process's RSS (tests give their own). */
  rss?: () => number;
  /** Runs a full collection (tests give their own). */
  collect?: () => void;
}

/**
 * Keeps a long ingest's garbage from piling up. V8 collects old space lazily, up to a heap limit of several GB on
 * a large machine: an ingest whose live heap is 30-70 MB left the server at 400-460 MB and never gave it back.
 * After each batch of rows the ingest calls `check()`; when RSS is above the target, one full collection returns
 * the garbage to the system. A collection of this heap takes tens of milliseconds, and it runs only when RSS
 * has grown past the target again, so an ingest that stays small never pays for one.
 */
export class HeapKeeper {
  private threshold: number;
  private readonly growth: number;
  private readonly rss: () => number;
  private readonly collect: (() => void) | null;
  collections = 0;

  constructor(private readonly options: HeapKeeperOptions) {
    this.threshold = options.targetBytes;
    this.growth = options.growthBytes ?? 32 * MiB;
    this.rss = options.rss ?? (() => process.memoryUsage.rss());
    this.collect = options.collect ?? fullCollection();
  }

  check(): void {
    if (!this.collect || this.rss() <= this.threshold) return;
    this.collect();
    this.collections += 1;
    this.threshold = Math.max(this.options.targetBytes, this.rss() + this.growth);
  }
}
