import { COMMON_PASSWORDS_TEXT } from "./common-passwords";

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split(" "));
  return common;
}

// Rows and columns of a US keyboard, zig-zags between two rows, and the alphabet and digits in order.
const WALKS = [
  "abcdefghijklmnopqrstuvwxyz",
  "01234567890",
  "`1234567890-=",
  "qwertyuiop[]\\",
  "asdfghjkl;'",
  "zxcvbnm,./",
  "!@#$%^&*()_+",
  "qwertzuiop",
  "azertyuiop",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/",
  "qazwsxedcrfvtgbyhnujmikolp",
  "zaqxswcdevfrbgtnhymjukilop",
  "q1w2e3r4t5y6u7i8o9p0",
  "1q2w3e4r5t6y7u8i9o0p",
  "a1s2d3f4g5h6j7k8l9",
  "qawsedrftgyhujikolp",
  "azsxdcfvgbhnjmk,l.",
];
const MIN_WALK_PIECE = 3;

let walkPieces: Set<string> | null = null;
/** Every piece of 3 or more characters of a walk, forwards and backwards. */
function pieces(): Set<string> {
  if (walkPieces) return walkPieces;
  walkPieces = new Set();
  for (const walk of WALKS.flatMap((walk) => [walk, [...walk].reverse().join("")]))
    for (let start = 0; start < walk.length; start += 1)
      for (let end = start + MIN_WALK_PIECE; end <= walk.length; end += 1) walkPieces.add(walk.slice(start, end));
  return walkPieces;
}

const LONGEST_WALK = Math.max(...WALKS.map((walk) => walk.length));

/** Whether the text is made of keyboard or alphabet walks only (`qwerty12345`, `123qweasdzxc`, `zyxwvutsrq`). */
function isWalk(text: string): boolean {
  if (text.length < MIN_WALK_PIECE) return false;
  const covered = [true];
  for (let end = 1; end <= text.length; end += 1) {
    covered[end] = false;
    for (let start = Math.max(0, end - LONGEST_WALK); start <= end - MIN_WALK_PIECE; start += 1)
      if (covered[start] && pieces().has(text.slice(start, end))) {
        covered[end] = true;
        break;
      }
  }
  return covered[text.length] === true;
}

/** Whether the text is a shorter unit repeated (`abcabcabca`, `passpasspass`), the last repeat possibly cut. */
function isRepeat(text: string): boolean {
  for (let unit = 1; unit <= text.length / 2; unit += 1) {
    const head = text.slice(0, unit);
    if (head.repeat(Math.ceil(text.length / unit)).startsWith(text)) return true;
  }
  return false;
}

const LEET: Record<string, string> = {
  "@": "a",
  "4": "a",
  "3": "e",
  "1": "i",
  "!": "i",
  "0": "o",
  $: "s",
  "5": "s",
  "7": "t",
};

function unLeet(text: string): string {
  return text.replace(/[@4310!$57]/g, (char) => LEET[char] ?? char);
}

/** The password without the digits and symbols people add in front or behind (`Password123!` -> `password`). */
function core(lower: string): string {
  return lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
}

/**
 * Why a new password is too easy to guess, or null when it is not: on the list of common passwords (also with
 * digits or symbols added in front or behind, or letters written as digits), too few different characters, a short
 * pattern repeated, or a keyboard or alphabet walk. Length is checked by the schema (MIN_PASSWORD_LENGTH).
 */
export function passwordWeakness(password: string): string | null {
  const lower = password.toLowerCase();
  const trimmed = core(lower);
  const variants = new Set([lower, trimmed, unLeet(lower), core(unLeet(lower))].filter((text) => text.length >= 4));
  if ([...variants].some((variant) => commonPasswords().has(variant)))
    return "is one of the most common passwords (or one with digits or symbols added); choose another";
  if (new Set(lower).size < 4) return "uses too few different characters; choose another";
  if (isRepeat(lower)) return "repeats a short pattern; choose another";
  if (isWalk(lower) || (trimmed.length >= 6 && isWalk(trimmed)))
    return "is a keyboard or alphabet sequence; choose another";
  return null;
}
