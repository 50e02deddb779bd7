export interface PairingRun {
  id: string;
  variant: string;
  suiteId: string;
}

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
 * Links from a run to the comparison with each paired run (same pairing key, another
 * variant): runs of the same suite first (their tasks line up), order otherwise kept.
 */
export function buildPairedCompareLinks(run: PairingRun, candidates: readonly PairingRun[]): PairedRunLink[] {
  const others = candidates.filter((other) => other.id !== run.id && other.variant !== run.variant);
  const ordered = [
    ...others.filter((o) => o.suiteId === run.suiteId),
    ...others.filter((o) => o.suiteId !== run.suiteId),
  ];
  return ordered.map((other) => {
    const thisFirst = isBase(run.variant) && !isBase(other.variant);
    const ids = thisFirst ? [run.id, other.id] : [other.id, run.id];
    return {
      runId: other.id,
      variant: other.variant,
      sameSuite: other.suiteId === run.suiteId,
      href: `/compare?runs=${ids.map(encodeURIComponent).join(",")}`,
    };
  });
}
