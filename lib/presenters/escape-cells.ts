/** Cell escaping shared by every table exporter (protocol table, comparison tables). */

// A plain number (`-1`, `-0.25`, `1e-3`) is a value, not a formula: quoting it would turn it into text.
const PLAIN_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;

/** Model and run names are untrusted: a leading = + - @ would run as a spreadsheet formula. */
export function neutralizeFormula(text: string): string {
  if (PLAIN_NUMBER.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A CSV field: formula-safe, quoted when it holds a quote, comma, line break or edge whitespace. */
export function csvText(text: string): string {
  const safe = neutralizeFormula(text);
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function escapeMarkdownCell(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/\s*[\r\n]+\s*/g, " ");
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
};

export function escapeLatex(text: string): string {
  return text
    .replace(/[\\&%$#_{}~^]/g, (char) => LATEX_SPECIALS[char] ?? char)
    .replace(/\u2212/g, "$-$")
    .replace(/\s*[\r\n]+\s*/g, " ");
}
