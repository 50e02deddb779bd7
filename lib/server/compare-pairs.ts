import { loadPairingRun, loadRunsByPairingKey } from "@/lib/db/compare";
import { buildPairedCompareLinks, type PairedRunLink } from "@/lib/presenters/paired-compare-links";

export type { PairedRunLink };

/** Runs paired with this one (same pairing key, another variant), as links to their comparison. */
export async function findPairedRuns(runId: string): Promise<PairedRunLink[]> {
  const run = await loadPairingRun({ runId });
  if (!run || run.pairingKey === null) return [];
  return buildPairedCompareLinks(run, await loadRunsByPairingKey({ pairingKey: run.pairingKey }));
}
