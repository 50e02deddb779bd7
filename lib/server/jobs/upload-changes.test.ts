import { afterEach, describe, expect, it, vi } from "vitest";
import { announceUploadChange, watchUpload } from "./upload-changes";

/** Whether the promise has settled, without waiting for it. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe("watchUpload", () => {
  afterEach(() => vi.useRealTimers());

  it("wakes at the upload's next change in this process, not at another upload's", async () => {
    vi.useFakeTimers();
    const watch = watchUpload("a", 10_000);
    announceUploadChange("b");
    expect(await settled(watch.next)).toBe(false);
    announceUploadChange("a");
    expect(await settled(watch.next)).toBe(true);
  });

  it("gives up after its time (a worker in another process is seen by looking again), or when the client goes", async () => {
    vi.useFakeTimers();
    const timed = watchUpload("a", 250);
    vi.advanceTimersByTime(249);
    expect(await settled(timed.next)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(timed.next)).toBe(true);

    const client = new AbortController();
    const left = watchUpload("a", 10_000, client.signal);
    client.abort();
    expect(await settled(left.next)).toBe(true);
    expect(await settled(watchUpload("a", 10_000, client.signal).next)).toBe(true);
  });

  it("leaves no listener behind once stopped or woken", async () => {
    const stopped = watchUpload("c", 10_000);
    stopped.stop();
    await stopped.next;
    const woken = watchUpload("c", 10_000);
    announceUploadChange("c");
    await woken.next;
    expect(globalThis.loopscopeUploadChanges?.listenerCount("c")).toBe(0);
  });
});
