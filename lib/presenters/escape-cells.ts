/** Cell escaping shared by every table exporter (protocol table, comparison tables). */

// A plain number (`-1`, `-0.25`, `1e-3`) is a value, not a formula: quoting it would turn it into text.
const PLAIN_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;

// Spreadsheets skip leading blanks before reading a formula (` =1+1` runs), so the test looks past them.
const LEADING_BLANKS = /^[\s\u00a0\u2000-\u200b\u3000\ufeff]+/;
// `=`, `+`, `-`, `@` and their full-width forms, which some spreadsheets read as the same operators.
const FORMULA_START = /^[=+\-@\uff1d\uff0b\uff0d\uff20]/;
// A tab, CR or LF in front starts a formula in some importers even before a plain value.
const CONTROL_LEAD_IN = /^[\t\r\n]/;

/**
 * Model and run names are untrusted: text a spreadsheet would run as a formula (after any leading blanks, tabs or
 * line breaks) gets a leading apostrophe. Plain numbers, negative ones included, stay numbers.
 */
export function neutralizeFormula(text: string): string {
  const body = text.replace(LEADING_BLANKS, "");
  if (PLAIN_NUMBER.test(body) && !CONTROL_LEAD_IN.test(text)) return text;
  return FORMULA_START.test(body) || CONTROL_LEAD_IN.test(text) ? `'${text}` : text;
}

/** A CSV field: formula-safe, quoted when it holds a quote, comma, line break or edge whitespace. */
export function csvText(text: string): string {
  const safe = neutralizeFormula(text);
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

// HTML is written as entities, so a renderer that passes raw HTML through shows `<script>` as text.
const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/**
 * A Markdown table cell that renders as the text it holds: HTML as entities, and a backslash before every character
 * Markdown (or GitHub's math) reads as markup there, so names cannot become links, emphasis, code, math or new columns.
 */
export function escapeMarkdownCell(text: string): string {
  return (
    text
      .replace(/[\\`*[\]|~$!]/g, (char) => `\\${char}`)
      // `_` inside a word never starts emphasis: `gemma_3` stays readable.
      .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, "\\_")
      .replace(/[&<>]/g, (char) => HTML_ENTITIES[char] ?? char)
      .replace(/\s*[\r\n]+\s*/g, " ")
  );
}

const LATEX_SPECIALS: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "&": "\\&",
  "%": "\\%",
  $: "\\$",
  "#": "\\#",
  _: "\\_",
  "{": "\\{",
  "}": "\\}",
  "~": "\\textasciitilde{}",
  "^": "\\textasciicircum{}",
  // Outside math mode the default font encoding prints < and > as ¡ and ¿; HTML tags stay readable text.
  "<": "\\textless{}",
  ">": "\\textgreater{}",
  "|": "\\textbar{}",
};

export function escapeLatex(text: string): string {
  return text
    .replace(/[\\&%$#_{}~^<>|]/g, (char) => LATEX_SPECIALS[char] ?? char)
    .replace(/\u2212/g, "$-$")
    .replace(/\s*[\r\n]+\s*/g, " ");
}
