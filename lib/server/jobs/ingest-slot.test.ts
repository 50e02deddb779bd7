import { describe, expect, it } from "vitest";
import { takeIngestSlot, tryTakeIngestSlot } from "./ingest-slot";

describe("the process's ingest slot", () => {
  it("is taken by one at a time: a try fails while it is held, a waiter gets it when it is given back", async () => {
    const release = await takeIngestSlot();
    expect(tryTakeIngestSlot()).toBeNull();
    let waiterGotIt = false;
    const waiter = takeIngestSlot().then((releaseWaiter) => {
      waiterGotIt = true;
      return releaseWaiter;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(waiterGotIt).toBe(false);
    release();
    release(); // a second release of the same hold changes nothing
    const releaseWaiter = await waiter;
    expect(tryTakeIngestSlot()).toBeNull();
    releaseWaiter();
    const again = tryTakeIngestSlot();
    expect(again).not.toBeNull();
    again?.();
  });

  it("has a lane for small uploads beside the main one: a small ingest need not wait for a big one", async () => {
    const big = await takeIngestSlot("ingest-upload");
    const small = await takeIngestSlot("ingest-small-upload");
    let secondSmall = false;
    const waiting = takeIngestSlot("ingest-small-upload").then((release) => {
      secondSmall = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // One small upload at a time in its lane, as in the main one.
    expect(secondSmall).toBe(false);
    small();
    (await waiting)();
    expect(tryTakeIngestSlot()).toBeNull();
    big();
    tryTakeIngestSlot()?.();
  });
});
