declare global {
  // One per process (route modules may be loaded separately by Next.js): how many uploads this process ingests now.
  var loopscopeIngestSlot: { busy: boolean; waiters: (() => void)[] } | undefined;
}

function slot() {
  globalThis.loopscopeIngestSlot ??= { busy: false, waiters: [] };
  return globalThis.loopscopeIngestSlot;
}

/**
 * One upload ingested at a time per process, whether the queue's worker or an upload still arriving runs it: two at
 * once would double the server's peak memory. The worker waits for the slot; an arriving upload takes it only when it
 * is free (else it is queued as before).
 */
export async function takeIngestSlot(): Promise<() => void> {
  const current = slot();
  while (current.busy) await new Promise<void>((resolve) => current.waiters.push(resolve));
  current.busy = true;
  return releaser();
}

export function tryTakeIngestSlot(): (() => void) | null {
  const current = slot();
  if (current.busy) return null;
  current.busy = true;
  return releaser();
}

function releaser(): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = slot();
    current.busy = false;
    current.waiters.shift()?.();
  };
}
