/**
 * Repairs of a name as read that the card's structure proves, each recorded:
 * - glyphs: a symbol inside a word of capitals is the letter it was misread from (`BAJA)` is BAJAJ);
 * - known words: the words an entity's kind puts in its name (HUF at the end of a HUF's, LLP, LIMITED, TRUST, and
 *   FAMILY, PRIVATE before them) are taken for a word one look-alike letter away from them, at their place only.
 */
import type { HolderTypeCode } from './holderTypes.ts';

export interface NameRepair {
  /** 1-based character position in the repaired name. */
  readonly position: number | null;
  readonly from: string;
  readonly to: string;
  readonly reason: 'letter_expected' | 'known_word';
}

/** Symbols OCR gives for a capital letter's glyph, and the letter. */
const LETTER_OF_SYMBOL: Readonly<Record<string, string>> = { ')': 'J', ']': 'J', '|': 'I', '!': 'I', '(': 'C', $: 'S', '€': 'E', '0': 'O', '1': 'I', '5': 'S', '8': 'B' };

/**
 * A word of capitals with symbols or digits in it, read as letters. Only inside or at the end of a word that is
 * mostly capitals, never a lone symbol; digits only in a person's name (entity names may hold numbers).
 */
export function lettersForSymbols(word: string, person: boolean): { text: string; repairs: { index: number; from: string; to: string }[] } {
  const upper = word.replace(/[^A-Z]/g, '').length;
  if (upper < 2 || upper < word.length / 2) return { text: word, repairs: [] };
  const repairs: { index: number; from: string; to: string }[] = [];
  const out = [...word].map((c, index) => {
    const to = LETTER_OF_SYMBOL[c];
    if (to === undefined || (!person && /[0-9]/.test(c))) return c;
    // An opening bracket or bar before the word is punctuation OCR added, not a glyph of it; a bracketed word
    // (`(HUF)`) keeps its brackets.
    if (index === 0 && (c === '(' || c === '|' || c === '!')) return c;
    if (c === ')' && word.startsWith('(')) return c;
    repairs.push({ index, from: c, to });
    return to;
  });
  return { text: out.join(''), repairs };
}

/** Letters OCR takes for one another in capitals. */
const LOOK_ALIKES: readonly string[] = ['OQDCG0', 'IL1JT', 'B8ER', 'S5', 'Z2', 'A4', 'G6C', 'MNH', 'KX', 'UVY', 'PFR', 'EF', 'HN', 'GC'];

export function lookAlike(a: string, b: string): boolean {
  return a === b || LOOK_ALIKES.some((group) => group.includes(a) && group.includes(b));
}

/** The words each entity kind puts in its name, and where: last word, or the word before the last. */
const KNOWN_WORDS: Partial<Record<HolderTypeCode, { last: readonly string[]; beforeLast: readonly string[] }>> = {
  H: { last: ['HUF'], beforeLast: ['FAMILY'] },
  C: { last: ['LIMITED', 'LTD'], beforeLast: ['PRIVATE', 'PVT'] },
  E: { last: ['LLP'], beforeLast: [] },
  F: { last: ['LLP'], beforeLast: [] },
  T: { last: ['TRUST'], beforeLast: ['FAMILY', 'CHARITABLE', 'EDUCATIONAL', 'PUBLIC'] },
};

/**
 * `read` is `known` with one letter misread. The word's place in a name of the holder's kind is the proof, so any
 * one letter may differ (HUG at the end of a HUF's name is HUF; FAMALY before it FAMILY).
 */
function oneLookAlikeFrom(read: string, known: string): { index: number } | null {
  if (read.length !== known.length || read === known) return null;
  let at = -1;
  for (let i = 0; i < read.length; i++) {
    if (read[i] === known[i]) continue;
    if (at >= 0) return null;
    at = i;
  }
  if (at < 0 || known.length < 3) return null;
  return { index: at };
}

/** The entity name with its kind's known words put right where one letter was misread; repairs listed. */
export function repairKnownWords(name: string, code: HolderTypeCode): { text: string; repairs: NameRepair[] } {
  const known = KNOWN_WORDS[code];
  if (known === undefined) return { text: name, repairs: [] };
  const words = name.split(' ');
  const repairs: NameRepair[] = [];
  const place = (wordIndex: number, candidates: readonly string[]): void => {
    const word = words[wordIndex];
    if (word === undefined || candidates.includes(word)) return;
    for (const k of candidates) {
      const hit = oneLookAlikeFrom(word, k);
      if (hit === null) continue;
      const offset = words.slice(0, wordIndex).reduce((n, w) => n + w.length + 1, 0);
      repairs.push({ position: offset + hit.index + 1, from: word[hit.index] ?? '', to: k[hit.index] ?? '', reason: 'known_word' });
      words[wordIndex] = k;
      return;
    }
  };
  if (words.length >= 2) {
    place(words.length - 1, known.last);
    if (words.length >= 3 && known.last.includes(words[words.length - 1] ?? '')) place(words.length - 2, known.beforeLast);
  }
  return { text: words.join(' '), repairs };
}
