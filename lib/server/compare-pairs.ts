import { loadPairingRun, loadRunsByPairingKey } from "@/lib/db/compare";

export interface PairedRunLink {
  runId: string;
  variant: string;
  sameSuite: boolean;
  /** /compare URL with the pair's base run first. */
  href: string;
}

function isBase(variant: string): boolean {
  return variant.trim().toLowerCase() === "base";
}

/**
 * Runs paired with this one: same pairing key, another variant. Runs of the
 * same suite come first (their tasks line up), newest first within each group.
 */
export async function findPairedRuns(runId: string): Promise<PairedRunLink[]> {
  const run = await loadPairingRun({ runId });
  if (!run || run.pairingKey === null) return [];
  const others = (await loadRunsByPairingKey({ pairingKey: run.pairingKey })).filter((other) => other.id !== run.id && other.variant !== run.variant);
  const ordered = [...others.filter((o) => o.suiteId === run.suiteId), ...others.filter((o) => o.suiteId !== run.suiteId)];
  return ordered.map((other) => {
    const thisFirst = isBase(run.variant) && !isBase(other.variant);
    const ids = thisFirst ? [run.id, other.id] : [other.id, run.id];
    return { runId: other.id, variant: other.variant, sameSuite: other.suiteId === run.suiteId, href: `/compare?runs=${ids.map(encodeURIComponent).join(",")}` };
  });
}
