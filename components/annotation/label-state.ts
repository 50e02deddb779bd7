import { ERROR_TAGS_KEY, type ErrorTag } from "@/lib/presenters/study-rubric";

export interface SavedLabel {
  dimension: string;
  value: string;
  version: number;
}

export interface LabelValues {
  values: Record<string, string>;
  tags: ErrorTag[];
}

export function valuesFromSaved(saved: readonly SavedLabel[]): LabelValues {
  const values: Record<string, string> = {};
  let tags: ErrorTag[] = [];
  for (const label of saved) {
    if (label.dimension === ERROR_TAGS_KEY) {
      try {
        const parsed: unknown = JSON.parse(label.value);
        if (Array.isArray(parsed)) tags = parsed as ErrorTag[];
      } catch {
        tags = [];
      }
    } else values[label.dimension] = label.value;
  }
  return { values, tags };
}

/** The writes a save sends: only changed dimensions, each with the version it was loaded at. */
export function changedWrites(
  current: LabelValues,
  saved: readonly SavedLabel[],
): { dimension: string; value: string; expectedVersion: number }[] {
  const byDimension = new Map(saved.map((label) => [label.dimension, label]));
  const writes: { dimension: string; value: string; expectedVersion: number }[] = [];
  for (const [dimension, value] of Object.entries(current.values)) {
    const before = byDimension.get(dimension);
    if ((before?.value ?? "") !== value) writes.push({ dimension, value, expectedVersion: before?.version ?? 0 });
  }
  const tagValue = JSON.stringify(current.tags);
  const beforeTags = byDimension.get(ERROR_TAGS_KEY);
  if ((beforeTags?.value ?? "[]") !== tagValue)
    writes.push({ dimension: ERROR_TAGS_KEY, value: tagValue, expectedVersion: beforeTags?.version ?? 0 });
  return writes;
}

/** The saved labels a successful save answers with; anything malformed is dropped. */
export function readSavedLabels(value: unknown): SavedLabel[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) =>
    entry &&
    typeof entry === "object" &&
    "dimension" in entry &&
    "value" in entry &&
    "version" in entry &&
    typeof entry.dimension === "string" &&
    typeof entry.value === "string" &&
    typeof entry.version === "number"
      ? [{ dimension: entry.dimension, value: entry.value, version: entry.version }]
      : [],
  );
}
