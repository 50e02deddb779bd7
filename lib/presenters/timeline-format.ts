/** Display text of a JSON value: strings verbatim (tool outputs are often plain text), everything else pretty-printed. */
export function formatJson(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value, null, 2) ?? String(value);
}

export interface CollapsedText {
  preview: string;
  collapsed: boolean;
  lines: number;
  chars: number;
}

const MAX_CHARS = 800;
const MAX_LINES = 14;
const PREVIEW_LINES = 6;

/** Long outputs show a short preview until opened, so one huge tool result cannot blow up the page. */
export function collapseText(text: string): CollapsedText {
  const lines = text.split("\n");
  const collapsed = text.length > MAX_CHARS || lines.length > MAX_LINES;
  if (!collapsed) return { preview: text, collapsed, lines: lines.length, chars: text.length };
  const preview = lines.slice(0, PREVIEW_LINES).join("\n").slice(0, 400);
  return { preview, collapsed, lines: lines.length, chars: text.length };
}
