/**
 * Text PostgreSQL cannot store: U+0000 (refused in `text` and `jsonb`) and lone UTF-16 surrogates (refused in
 * `jsonb`, and not UTF-8 at all). tau2 and Inspect files may carry them (a tool's raw output, a truncated emoji).
 * They are stored spelled out as their JSON escape, as the six characters `\u0000` or `\ud800`, and the upload gets
 * a warning that says how many strings changed and where the first was, so the original can be told apart and
 * restored (docs/bundle-format.md, "Text PostgreSQL cannot store").
 */
// NUL is the very character to find.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\ud800-\udfff]/;
// eslint-disable-next-line no-control-regex
const UNSTORABLE_ALL = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const spelled = (character: string) => `\\u${(character.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`;

/** The string with NULs and lone surrogates spelled as their JSON escape (surrogate pairs are kept). */
export function storableString(text: string): string {
  if (!UNSTORABLE.test(text)) return text;
  return text.replace(UNSTORABLE_ALL, spelled);
}

/** Repairs the strings (and object keys) of parsed records in place, counting what it changed. */
export class TextRepair {
  changed = 0;
  firstPath: string | undefined;

  /** Returns `value` with every string storable; objects and arrays are changed in place. */
  repair<T>(value: T, path: string): T {
    return this.visit(value, path) as T;
  }

  private note(path: string): void {
    this.changed += 1;
    this.firstPath ??= path;
  }

  private visit(value: unknown, path: string): unknown {
    if (typeof value === "string") {
      const stored = storableString(value);
      if (stored !== value) this.note(path);
      return stored;
    }
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1)
        value[index] = this.visit(value[index], `${path}[${index}]`);
      return value;
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = `${path}.${key}`;
      const storedKey = storableString(key);
      const stored = this.visit(record[key], child);
      if (storedKey !== key) {
        this.note(child);
        delete record[key];
      }
      record[storedKey] = stored;
    }
    return record;
  }

  /** The upload's warning, or undefined when nothing changed. */
  warning(): string | undefined {
    if (this.changed === 0) return undefined;
    return `${this.changed} string${this.changed === 1 ? "" : "s"} held U+0000 or a lone surrogate, which PostgreSQL cannot store: stored with each such character spelled as its JSON escape (the text \\u0000, \\ud800), first at ${this.firstPath}`;
  }
}
