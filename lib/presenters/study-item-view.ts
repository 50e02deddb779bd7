import type { Rubric } from "./study-rubric";

interface LabelLike {
  annotatorName: string;
  dimension: string;
  value: string;
}

/**
 * What a non-blind annotator sees beside each dimension: the judge's frozen label and peers'
 * labels. Blind studies pass judge = null and no peers, so nothing is shown.
 */
export function buildReferenceLabels(
  rubric: Rubric,
  judge: Record<string, string | null> | null,
  peers: readonly LabelLike[],
): Record<string, string[]> {
  const reference: Record<string, string[]> = {};
  for (const dimension of rubric.dimensions) {
    const lines: string[] = [];
    const judged = judge?.[dimension.key];
    if (judged) lines.push(`judge: ${judged}`);
    for (const peer of peers) if (peer.dimension === dimension.key) lines.push(`${peer.annotatorName}: ${peer.value}`);
    if (lines.length > 0) reference[dimension.key] = lines;
  }
  return reference;
}

/** The queue neighbours of an item: save-and-next goes to the next one, or back to the study after the last. */
export function queueNeighbours(
  studyId: string,
  ids: readonly string[],
  index: number,
): { nextHref: string; previousHref: string | null } {
  const next = index >= 0 ? ids[index + 1] : undefined;
  const previous = index > 0 ? ids[index - 1] : undefined;
  return {
    nextHref: next ? `/studies/${studyId}/items/${next}` : `/studies/${studyId}`,
    previousHref: previous ? `/studies/${studyId}/items/${previous}` : null,
  };
}
