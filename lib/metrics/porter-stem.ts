/**
 * The Porter (1980) stemming algorithm as published ("An algorithm for suffix
 * stripping"). rouge-score's `use_stemmer=True` calls NLTK's PorterStemmer,
 * whose default mode adds a few extensions (irregular forms, "logi", "bli");
 * those are not reproduced here, so a handful of words stem differently.
 */

function isConsonant(word: string, index: number): boolean {
  const char = word[index];
  if (char === "a" || char === "e" || char === "i" || char === "o" || char === "u") return false;
  if (char === "y") return index === 0 ? true : !isConsonant(word, index - 1);
  return true;
}

/** m in [C](VC)^m[V]: the number of vowel-consonant sequences. */
export function measure(stem: string): number {
  let m = 0;
  let index = 0;
  while (index < stem.length && isConsonant(stem, index)) index += 1;
  while (index < stem.length) {
    while (index < stem.length && !isConsonant(stem, index)) index += 1;
    if (index >= stem.length) break;
    while (index < stem.length && isConsonant(stem, index)) index += 1;
    m += 1;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index += 1) if (!isConsonant(stem, index)) return true;
  return false;
}

function endsDoubleConsonant(stem: string): boolean {
  const n = stem.length;
  return n >= 2 && stem[n - 1] === stem[n - 2] && isConsonant(stem, n - 1);
}

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(stem: string): boolean {
  const n = stem.length;
  if (n < 3) return false;
  const last = stem[n - 1];
  return (
    isConsonant(stem, n - 3) &&
    !isConsonant(stem, n - 2) &&
    isConsonant(stem, n - 1) &&
    last !== "w" &&
    last !== "x" &&
    last !== "y"
  );
}

type Rule = [suffix: string, replacement: string];

/** Applies the rule with the longest matching suffix, if its stem satisfies `condition`. */
function applyLongest(
  word: string,
  rules: readonly Rule[],
  condition: (stem: string, suffix: string) => boolean,
): string {
  let best: Rule | null = null;
  for (const rule of rules)
    if (word.endsWith(rule[0]) && (best === null || rule[0].length > best[0].length)) best = rule;
  if (!best) return word;
  const stem = word.slice(0, word.length - best[0].length);
  return condition(stem, best[0]) ? stem + best[1] : word;
}

const STEP2: Rule[] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["abli", "able"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
];
const STEP3: Rule[] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];
const STEP4: Rule[] = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
].map((suffix) => [suffix, ""]);

function step1ab(word: string): string {
  let w = applyLongest(
    word,
    [
      ["sses", "ss"],
      ["ies", "i"],
      ["ss", "ss"],
      ["s", ""],
    ],
    () => true,
  );
  if (w.endsWith("eed")) return measure(w.slice(0, -3)) > 0 ? w.slice(0, -1) : w;
  const suffix = w.endsWith("ed") ? "ed" : w.endsWith("ing") ? "ing" : null;
  if (!suffix || !hasVowel(w.slice(0, -suffix.length))) return w;
  w = w.slice(0, -suffix.length);
  if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) return `${w}e`;
  if (endsDoubleConsonant(w) && !/[lsz]$/.test(w)) return w.slice(0, -1);
  if (measure(w) === 1 && endsCvc(w)) return `${w}e`;
  return w;
}

export function porterStem(word: string): string {
  if (word.length <= 2) return word;
  let w = step1ab(word);
  if (w.endsWith("y") && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;
  w = applyLongest(w, STEP2, (stem) => measure(stem) > 0);
  w = applyLongest(w, STEP3, (stem) => measure(stem) > 0);
  w = applyLongest(w, STEP4, (stem, suffix) => measure(stem) > 1 && (suffix !== "ion" || /[st]$/.test(stem)));
  if (w.endsWith("e")) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  if (measure(w) > 1 && endsDoubleConsonant(w) && w.endsWith("l")) w = w.slice(0, -1);
  return w;
}
