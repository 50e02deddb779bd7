/**
 * Warnings about source values that were stored other than as given (as unknown, or as text), one line per kind of
 * problem: the first place it was seen and how often in all. A file with a bad value in every record adds one line,
 * not one per record, so the warnings of an upload stay bounded whatever its size.
 */
export class FieldNotes {
  private readonly kinds = new Map<string, { first: string; count: number }>();

  /** `kind` groups like problems (a field name and rule); `warning` is the located text of this one. */
  note(kind: string, warning: string): void {
    const seen = this.kinds.get(kind);
    if (seen) seen.count += 1;
    else this.kinds.set(kind, { first: warning, count: 1 });
  }

  get size(): number {
    return this.kinds.size;
  }

  warnings(): string[] {
    return [...this.kinds.values()].map(({ first, count }) =>
      count === 1 ? first : `${first} (${count} values like it in all; the first is named)`,
    );
  }
}

/** Where a value sits in the source and the notes its problems go to. */
export interface ValuePlace {
  path: string;
  notes: FieldNotes;
}
