import type { IngestQueue } from "./queue";

declare global {
  // One set per process (route modules may be loaded separately by Next.js): the uploads this process ingests now,
  // one per lane.
  var loopscopeIngestSlots: Map<IngestQueue, { busy: boolean; waiters: (() => void)[] }> | undefined;
}

function slot(lane: IngestQueue) {
  globalThis.loopscopeIngestSlots ??= new Map();
  let current = globalThis.loopscopeIngestSlots.get(lane);
  if (!current) {
    current = { busy: false, waiters: [] };
    globalThis.loopscopeIngestSlots.set(lane, current);
  }
  return current;
}

/**
 * One upload ingested at a time per lane and process, whether the queue's worker or an upload still arriving runs it:
 * two big ones at once would double the server's peak memory. The small lane (uploads up to
 * LOOPSCOPE_SMALL_UPLOAD_BYTES) has a slot of its own, so a small upload is ingested beside a big one; its memory is
 * bounded by its size. The worker waits for the slot; an arriving upload takes the main one only when it is free (else
 * it is queued as before).
 */
export async function takeIngestSlot(lane: IngestQueue = "ingest-upload"): Promise<() => void> {
  const current = slot(lane);
  while (current.busy) await new Promise<void>((resolve) => current.waiters.push(resolve));
  current.busy = true;
  return releaser(lane);
}

export function tryTakeIngestSlot(): (() => void) | null {
  const current = slot("ingest-upload");
  if (current.busy) return null;
  current.busy = true;
  return releaser("ingest-upload");
}

function releaser(lane: IngestQueue): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = slot(lane);
    current.busy = false;
    current.waiters.shift()?.();
  };
}
