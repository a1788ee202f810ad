/**
 * Reconciles a name read on the printed page with the MRZ's name. The MRZ is check-digit-free for names but
 * read by a dedicated recogniser; the print carries what the MRZ cannot (accents, Ü, hyphens, apostrophes).
 * An alignment of the OCR text against the MRZ keeps the print's characters wherever they transliterate to the
 * MRZ and takes the MRZ's letter where OCR misread one, so the result is the printed name, never a guess.
 */
import { transliterateChar, transliterateName } from './icaoTransliteration.ts';
import { nameLetters } from './nameOrthography.ts';

export interface NameReconciliation {
  /** The printed name, upper case. */
  readonly value: string;
  /** Alignment cost: 0 for a perfect transliteration match, about 1 per misread character. */
  readonly cost: number;
  /** Whether the reading agrees with the MRZ, allowing a little OCR noise. */
  readonly agrees: boolean;
  /** Characters read past a truncated MRZ's end (each in `cost` at a small price: nothing there to check them by). */
  readonly beyond: number;
  /** What of the value was read past a truncated MRZ's end, as kept: the print's alone, nothing checks it. */
  readonly beyondText: string;
  /** Letters of the MRZ's part OCR misread, added or missed (a mark lost or transliterated, a separator, is none). */
  readonly misread: number;
}

/** Letters OCR reads without their marks: a lone U against the MRZ's UE is a Ü, a lone A against AA an Å. */
const lostDiacritics: Readonly<Record<string, readonly { pair: string; printed: string }[]>> = {
  U: [{ pair: 'UE', printed: 'Ü' }],
  A: [{ pair: 'AE', printed: 'Ä' }, { pair: 'AA', printed: 'Å' }],
  O: [{ pair: 'OE', printed: 'Ö' }],
};

/** The MRZ's pairs for one marked letter, and that letter where no orthography or reading says otherwise. */
const misreadPairs: readonly { pair: string; printed: string }[] = [
  { pair: 'OE', printed: 'Ö' },
  { pair: 'AE', printed: 'Ä' },
  { pair: 'UE', printed: 'Ü' },
];

/**
 * What OCR's `eng` model, which has no class for Þ, reads it as: P mostly, and b where a photo's blur joins its bowl
 * low on the stem (`bOR` for ÞÓR). Neither ever stands for the MRZ's TH otherwise.
 */
export const thornReadAs = ['P', 'B'];

/** Capitals OCR reads for each other when a mark sits on them: Č and Ç come out as G. */
const markLookAlikes: Readonly<Record<string, string>> = { G: 'C', C: 'G' };
/** Marks a shape-classifier tells apart only by the letter under them: a cup is G's breve but C's caron. */
const cupMarks: Readonly<Record<string, string>> = { '\u0306': '\u030c', '\u030c': '\u0306' };

/**
 * `read`, a marked letter, as the MRZ's `letter` where OCR read the one for the other (look-alikes under a mark):
 * the letter with the mark seen, where that is a letter names are written with; else null.
 */
function markedLookAlike(read: string, letter: string): string | null {
  const [base, ...marks] = read.normalize('NFD');
  if (marks.length !== 1 || base === undefined || markLookAlikes[base] !== letter) return null;
  const mark = marks[0]!;
  for (const m of [mark, cupMarks[mark]]) {
    const composed = m === undefined ? '' : (letter + m).normalize('NFC');
    if (nameLetters.has(composed)) return composed;
  }
  return null;
}

/** What a lone letter for the MRZ's pair is in Danish and Norwegian, which write Ø and Æ and no Ö or Ä. */
const danoNorwegian: Readonly<Record<string, string>> = { OE: 'Ø', AE: 'Æ' };

/** What a character read past a truncated MRZ costs an alignment: a little, so noise there does not come free. */
export const beyondPrice = 0.02;

/**
 * Aligns `ocrText` (as read) with `mrzName` (MRZ form, `<` between words). `truncated` when the MRZ name ran
 * to the end of the line: printed characters beyond it are kept. `strokedOe` when the document is Danish or
 * Norwegian: a lone O or A for the MRZ's OE or AE is then Ø or Æ, elsewhere Ö or Ä. `thorn` when it is Icelandic:
 * a lone P for the MRZ's TH is then Þ, one glyph that OCR's `eng` model has no class for and reads as P.
 */
export function reconcileName(ocrText: string, mrzName: string, truncated = false, strokedOe = false, thorn = false): NameReconciliation {
  return reconciled(ocrText, mrzName, truncated, strokedOe, thorn, false)!;
}

/**
 * reconcileName's reconciliation where the reading agrees with the MRZ; else null, found out as soon as the cheapest
 * alignment of its first characters costs more than agreeing allows (most phrases on a page are not the name).
 */
export function reconcileNameIfAgrees(ocrText: string, mrzName: string, truncated = false, strokedOe = false, thorn = false): NameReconciliation | null {
  return reconciled(ocrText, mrzName, truncated, strokedOe, thorn, true);
}

/** Not the Dutch elided articles 't and 's, the only words a name starts with an apostrophe (VAN 'T HOF, 'S-GRAVESANDE). */
const notElidedArticle = String.raw`(?![TtSs](?:[\s-]|$))`;
/** An apostrophe that starts a word other than an elided article, or ends a word (reconciled's). */
const strayApostrophe = new RegExp(String.raw`(?<=[\s-])['’]${notElidedArticle}|['’](?=[\s-]|$)`, 'gu');
/** Apostrophes starting a word that is no elided article, with what precedes them (nameCharacters). */
const apostrophesStartingWords = new RegExp(String.raw`(^|[\s-])['’]+${notElidedArticle}`, 'gu');

/** The most an alignment of an MRZ name part `m` characters long may cost for the reading to agree with it. */
const agreeingCost = (m: number): number => Math.max(1, m * 0.2);

function reconciled(ocrText: string, mrzName: string, truncated: boolean, strokedOe: boolean, thorn: boolean, onlyIfAgrees: boolean): NameReconciliation | null {
  const o = [...ocrText.toUpperCase().replace(/\s+/g, ' ').trim()];
  // A cut name ending in a filler: its last word is whole, so print past it starts a word of its own.
  const wordEnds = truncated && mrzName.endsWith('<');
  const t = wordEnds ? mrzName.replace(/<+$/, '') : mrzName;
  const n = o.length;
  const m = t.length;
  // A name writes the MRZ's OE (and AE) one way: where the reading shows one letter for it (Ö, not Ø), a lone O for
  // another is that letter, whatever the state's orthography (`NYSTRÖM-ANGSTROM` on a Danish page is no ÅNGSTRØM).
  const seen = (letters: string): string | null => {
    const found = [...letters].filter((l) => o.includes(l));
    return found.length === 1 ? found[0]! : null;
  };
  const loneLetter: Readonly<Record<string, string | null>> = { OE: seen('ÖØ'), AE: seen('ÄÆ') };
  // Å is the MRZ's AA printed as one marked letter, as Ö is its OE (ÅNGSTRÖM read `ÅNGSTRGM`).
  const pairsPrintedMarked = o.some((c) => 'ÄÖÜÆØÅ'.includes(c));
  const lone = (lost: { pair: string; printed: string }): string =>
    loneLetter[lost.pair] ?? (strokedOe ? (danoNorwegian[lost.pair] ?? lost.printed) : lost.printed);
  // Per OCR character, what it transliterates to, its letter without marks, the pairs a lone letter or a mark taken
  // for another may stand for, and the MRZ letter whose marked look-alike it is: the same for every MRZ position, so
  // worked out once (the alignment below visits each character once per MRZ position).
  const translits = o.map(transliterateChar);
  const bases = o.map((c) => c.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
  const lostAsRead = o.map((c) => lostDiacritics[c] ?? []);
  const lostOfBase = o.map((c, i) => (bases[i] !== c ? (lostDiacritics[bases[i]!] ?? []) : []));
  const lookAlikeOf = o.map((c) => {
    const [base] = c.normalize('NFD');
    const letter = base === undefined ? undefined : markLookAlikes[base];
    const marked = letter === undefined ? null : markedLookAlike(c, letter);
    return marked === null ? null : { letter: letter!, marked };
  });
  // The MRZ word each of its positions is in (fillers count to the word before).
  const wordAt = [...t].map((_, j) => [...t.slice(0, j)].filter((c) => c === '<').length);
  /**
   * cost[i][j]: best cost aligning o[0..i) with t[0..j); back-pointers rebuild the printed string. A lone letter for
   * the MRZ's pair is tried only in the words `loneIn` allows.
   */
  const align = (loneIn: (word: number) => boolean) => {
    const cost: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Number.POSITIVE_INFINITY));
    const back: { pi: number; pj: number; emit: string; beyond?: boolean; lone?: boolean; c: number }[][] = Array.from({ length: n + 1 }, () =>
      new Array(m + 1).fill(null),
    );
    cost[0]![0] = 0;
    const relax = (i: number, j: number, pi: number, pj: number, c: number, emit: string, beyond = false, lone = false): void => {
      const total = cost[pi]![pj]! + c;
      if (total < cost[i]![j]!) {
        cost[i]![j] = total;
        back[i]![j] = { pi, pj, emit, beyond, lone, c };
      }
    };
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= m; j++) {
        if (i === 0 && j === 0) continue;
        const c = o[i - 1];
        if (c !== undefined) {
          const tr = translits[i - 1]!;
          // The OCR character transliterates exactly to what the MRZ has here.
          if (tr.length <= j && t.startsWith(tr, j - tr.length)) relax(i, j, i - 1, j - tr.length, 0, c);
          // A lone O for the MRZ's OE lost its marks or its stroke in OCR (an A for AE, its dots or the ligature's E):
          // no mark seen is no evidence against dots too small or blurred to see, so the name's other such letters, or
          // else the orthography, decide.
          for (const lost of lostAsRead[i - 1]!) {
            if (j >= 2 && t.startsWith(lost.pair, j - 2) && loneIn(wordAt[j - 2]!)) relax(i, j, i - 1, j - 2, 0.4, lone(lost), false, true);
          }
          if (thorn && thornReadAs.includes(c) && j >= 2 && t.startsWith('TH', j - 2)) relax(i, j, i - 1, j - 2, 0.4, 'Þ');
          // The MRZ cut a letter's transliteration after its first letters (Ö's OE to O, Þ's TH to T): the printed
          // letter is that one; the print goes on past the cut.
          if (truncated && !wordEnds && j === m) {
            for (let k = 1; k < tr.length && k <= j; k++) if (t.slice(j - k, j) === tr.slice(0, k)) relax(i, j, i - 1, j - k, 0, c);
            // Not where the print's H follows: that P is a T misread (PHOMAS).
            if (thorn && thornReadAs.includes(c) && t[j - 1] === 'T' && o[i] !== 'H') relax(i, j, i - 1, j - 1, 0.4, 'Þ');
          }
          // A mark was seen but taken for another (Ú for Ü, two dots read as one stroke): the MRZ's UE says which.
          for (const lost of lostOfBase[i - 1]!) {
            if (j >= 2 && t.startsWith(lost.pair, j - 2)) relax(i, j, i - 1, j - 2, 0.4, lost.printed);
          }
          // A letter misread where the MRZ writes a pair, in a reading that shows such pairs printed as one marked
          // letter (VÄINÖ read `VÄING`): one glyph stands for the pair, so it is that letter, not the pair spelt out.
          if (pairsPrintedMarked && j >= 2) {
            for (const pair of misreadPairs) if (t.startsWith(pair.pair, j - 2)) relax(i, j, i - 1, j - 2, 1, lone(pair));
          }
          // OCR misread a letter: the MRZ's letter is what was printed. Where OCR read a marked letter as its look-alike
          // (Č as Ğ, its caron taken for G's breve), the mark seen goes onto the MRZ's letter.
          if (j >= 1) {
            const letter = t[j - 1]!;
            const lookAlike = lookAlikeOf[i - 1];
            relax(i, j, i - 1, j - 1, 1, letter === '<' ? ' ' : lookAlike != null && lookAlike.letter === letter ? lookAlike.marked : letter);
          }
          // OCR saw something that is not there (noise, a stray mark); beyond a truncated MRZ, print is kept.
          relax(i, j, i - 1, j, truncated && j === m ? beyondPrice : 1, truncated && j === m ? c : '', truncated && j === m);
        }
        // OCR missed a character the MRZ has.
        if (j >= 1) relax(i, j, i, j - 1, 1, t[j - 1] === '<' ? ' ' : t[j - 1]!);
      }
      // Every price is positive, so the whole alignment costs at least its cheapest way through this row.
      if (onlyIfAgrees && Math.min(...cost[i]!) > agreeingCost(m)) return null;
    }
    return { cost, back };
  };
  /** The path's steps from its end, each with whether it misread (added, missed or took another letter for one). */
  const stepsOf = ({ back }: NonNullable<ReturnType<typeof align>>) => {
    const steps: { pj: number; emit: string; beyond: boolean; lone: boolean; misread: boolean }[] = [];
    for (let i = n, j = m; i > 0 || j > 0; ) {
      const step = back[i]![j]!;
      // A separator OCR added or missed (`KON STANTINOPOLSKA`) splits or joins words; it misreads no letter.
      const separatorOnly = (step.pj === j && /[\s'’-]/u.test(o[i - 1] ?? '')) || (step.pi === i && t[j - 1] === '<');
      // The step's own price, not a difference of sums: 1.4 - 0.4 falls short of 1 in floating point.
      const misread = !step.beyond && step.c >= 1 && !separatorOnly;
      steps.push({ pj: step.pj, emit: step.emit, beyond: step.beyond === true, lone: step.lone === true, misread });
      i = step.pi;
      j = step.pj;
    }
    return steps;
  };
  // A lone letter for the pair is a mark not seen: where the same word also needs a letter misread, added or missed
  // (`MARQUI` for MARQUEZ as MARQÜZ, its E taken for a Ü and the I for the Z), the reading is no evidence of it.
  const first = align(() => true);
  if (first === null) return null;
  const firstSteps = stepsOf(first);
  const wordOf = (step: { pj: number }): number => wordAt[Math.min(step.pj, m - 1)] ?? 0;
  const doubtful = new Set(firstSteps.filter((s) => s.lone).map(wordOf).filter((w) => firstSteps.some((s) => s.misread && wordOf(s) === w)));
  const chosen = doubtful.size === 0 ? first : align((word) => !doubtful.has(word));
  if (chosen === null) return null;
  const { cost } = chosen;
  let matched = '';
  let beyond = '';
  let beyondSteps = 0;
  let misread = 0;
  for (const step of chosen === first ? firstSteps : stepsOf(chosen)) {
    if (step.beyond) {
      beyondSteps += 1;
      beyond = step.emit + beyond;
    } else {
      matched = step.emit + matched;
      if (step.misread) misread += 1;
    }
  }
  const total = cost[n]![m]!;
  const kept = keptBeyond(beyond);
  const value = `${matched}${wordEnds && /^\p{L}/u.test(kept) ? ' ' : ''}${kept}`
    .replace(/\s+/g, ' ')
    // After a word's one letter, an apostrophe marks an elided article or prefix (D'ARC, L'HEUREUX, O'BRIEN, M'KAY,
    // N'DIAYE, A'COURT); after any other letter it is what OCR made of a letter's top (a J read `I'`).
    .replace(/(^|[\s-])([^ADLMNO\s'’-])['’](?=\p{L})/gu, '$1$2')
    // An apostrophe stands between letters (O'BRIEN), or starts a Dutch elided article (VAN 'T HOF, 'S-GRAVESANDE);
    // beside a space or hyphen the MRZ's filler has, it is otherwise the separator OCR misread (`JI'WOO` for JI-WOO).
    .replace(strayApostrophe, '')
    .trim();
  const agrees = total <= agreeingCost(m);
  if (onlyIfAgrees && !agrees) return null;
  return { value, cost: total, agrees, beyond: beyondSteps, beyondText: kept, misread };
}

/**
 * A small t between an L and capitals, or before an L and capitals: the stroke across Ł's stem, read as a letter of
 * its own (`LtUKASZ`, and `tLUKASZ` where OCR took the stroke's left arm for it). A capital T so dropped (`AtLAS`)
 * is put back from the MRZ.
 */
export const strokeReadAsT = /(?<=L)t(?=\p{Lu})|(?<!\p{Ll})t(?=L\p{Lu})/gu;

/** OCR's `|` joined to a word's letters: an I, its stem alone (`JIR|` for JIŘÍ, the acute missed). */
const barsJoinedToLetters = /(?<=\p{L})\|+|\|+(?=\p{L})/gu;

/** `text` with each `|` joined to letters read as the I it is. */
export const barsAsI = (text: string): string => text.replace(barsJoinedToLetters, (bars) => 'I'.repeat(bars.length));

/** A double quote after a word's first letter, glued to the next: its apostrophe read twice (`THOMPSON-0"BRIEN`). */
export const quoteForApostrophe = /(?<=(?:^|[\s-])[\p{L}0])["“”„](?=\p{L})/gu;

/** The dashes typesetting and OCR give a printed hyphen. */
const typographicDashes = /[‐‑‒–—―]/g;

/**
 * A name as OCR read it, reduced to what names are printed with: letters, spaces, hyphens and apostrophes. OCR
 * gives a hyphen as an en or em dash at times; spaces around a hyphen are OCR's, not the print's; and one
 * apostrophe as two at times (`D'’ANGELO`), which no name prints.
 */
export function nameCharacters(text: string): string {
  return barsAsI(text)
    .replace(/['’]{2,}/g, (run) => run[0]!)
    // A double quote glued after a word's first letter is its apostrophe; elsewhere in a word it is texture.
    .replace(quoteForApostrophe, "'")
    // Names hold no digits: zeros joined to a word's letters (`0GUZ`, `J0HN`, `W00`, `0'BRIEN`) are Os OCR read round
    // (the MRZ settles which letter); dropped, they would cut the name. Zeros among other digits or alone stay out.
    .replace(/(?<!\d)0+(?=['’]?\p{L})|(?<=\p{L})0+(?!\d)/gu, (zeros) => 'O'.repeat(zeros.length))
    // So is an `@` joined to letters: OCR's reading of a round O, or of Ø's struck one (`@DEGARD`).
    .replace(/@(?=\p{L})|(?<=\p{L})@/gu, 'O')
    // A word of more digits than letters, three of them running, is a number (`AB6603566`, the passport number's): its
    // letters are no name's, and a name cut to `A` in the MRZ would agree with them. OCR does not misread three of a
    // name's letters running as digits, round Os aside (made letters above); a name glued to a number keeps its letters.
    .replace(/\S*\d{3}\S*/gu, (word) => ((word.match(/\d/g) ?? []).length > (word.match(/\p{L}/gu) ?? []).length ? ' ' : word))
    .replace(strokeReadAsT, '')
    .replace(typographicDashes, '-')
    // Between letters, `=` is a hyphen a line of texture doubled (`ZHANG=CHEN`), `~` one blur bent: no mark sits
    // on the baseline between two letters.
    .replace(/(?<=\p{L})[=~](?=\p{L})/gu, '-')
    // A slash glued between two letters is a hyphen seen slanted (a tilted page's `JI\WOO`): no name writes one.
    .replace(/(?<=\p{L})[\\/](?=\p{L})/gu, '-')
    .replace(/[^\p{L}\s'’\-]/gu, ' ')
    .replace(/\s*-\s*/g, '-')
    .replace(/\s+/g, ' ')
    // An apostrophe follows a name's first letters (O'BRIEN, D'ANGELO); it starts only Dutch elided articles, 't and
    // 's (VAN 'T HOF, 'S-GRAVESANDE). One starting another word, one-letter words too (Spanish Y), is texture.
    .replace(apostrophesStartingWords, '$1')
    .replace(/^[\s'’\-]+|[\s'’\-]+$/g, '');
}

/**
 * What the print has past a cut MRZ name, without what OCR adds at a line's end: words of fewer than three
 * letters there (`ÉTIENNE SN`) are texture, not names.
 */
function keptBeyond(beyond: string): string {
  const words = beyond.split(/(?=[\s-])/);
  // The first piece may finish the MRZ's last word (WÖHRL|E): only whole words after it are judged.
  const isShortWord = (w: string): boolean => /^[\s-]/.test(w) && w.replace(/[^\p{L}]/gu, '').length < 3;
  while (words.length > 0 && isShortWord(words[words.length - 1]!)) words.pop();
  return words.join('');
}

/** A printed name (as OCR read it) written as the MRZ writes it: transliterated, `<` between words. */
export function printedAsMrz(text: string): string {
  return transliterateName(nameCharacters(text));
}

/**
 * Whether a name part read past a cut MRZ spells, beyond the MRZ's letters, a letter OCR reads Þ as (thornReadAs): on
 * an Icelandic document nothing past the cut tells that P or B from a Þ, which OCR has no class for.
 */
export function thornInDoubtPastCut(read: string, mrzPart: string): boolean {
  const beyond = printedAsMrz(read).replace(/[^A-Z]/g, '').slice(mrzPart.replace(/[^A-Z]/g, '').length);
  return thornReadAs.some((letter) => beyond.includes(letter));
}

/** The MRZ's whole name field from printed names, `SURNAME<<GIVEN<NAMES` (the surname alone without given names). */
export function printedMrzName(surname: string | null, givenNames: string | null): string | null {
  if (surname === null) return null;
  return `${printedAsMrz(surname)}${givenNames === null ? '' : `<<${printedAsMrz(givenNames)}`}`;
}

/** An MRZ name part's words, split at its fillers (or at spaces, as the parse writes them). */
function mrzWords(mrzName: string): string[] {
  return mrzName.split(/[<\s]+/).filter((w) => w !== '');
}

/**
 * The MRZ name part as a printable string: `<` -> space, or a hyphen at the separators `hyphens` names (0: between
 * its first two words), those a reading of the print showed (hyphensSeen).
 */
export function mrzNameToText(mrzName: string, hyphens: readonly number[] = []): string {
  const words = mrzWords(mrzName);
  return words.reduce((text, word, k) => (k === 0 ? word : `${text}${hyphens.includes(k - 1) ? '-' : ' '}${word}`), '');
}

/**
 * The separators of an MRZ name part (`MIN<JUN`: 0, between its first two words) that a reading of the print shows
 * as hyphens, where no reading of it was taken whole (glare over part of it): a hyphen read between the two words'
 * letters, or beside one of them read whole where glare took the other (`-JUN`, `MIN-`, `(AYA-POLAT`). Not where a
 * reading shows the two words whole with a space between, nor where the letters read could stand at more than one.
 */
export function hyphensSeen(mrzName: string, readings: readonly string[]): number[] {
  const words = mrzWords(mrzName);
  const letters = (piece: string): string => transliterateName(piece.toUpperCase()).replace(/[^A-Z]/g, '');
  const separators = (left: string, right: string, whole: boolean): number[] =>
    words.slice(1).flatMap((next, i) => {
      const word = words[i]!;
      if (whole) return left === word && right === next ? [i] : [];
      const leftWhole = left.length >= 2 && left === word && (right === '' || next.startsWith(right));
      const rightWhole = right.length >= 2 && right === next && (left === '' || word.endsWith(left));
      return leftWhole || rightWhole ? [i] : [];
    });
  const hyphened = new Set<number>();
  const spaced = new Set<number>();
  for (const reading of readings) {
    const chunks = reading
      .replace(typographicDashes, '-')
      .split(/\s+/)
      .filter((c) => c !== '')
      .map((c) => c.split('-').map(letters));
    for (const [i, pieces] of chunks.entries()) {
      for (let j = 0; j + 1 < pieces.length; j++) {
        const at = separators(pieces[j]!, pieces[j + 1]!, false);
        if (at.length === 1) hyphened.add(at[0]!);
      }
      const next = chunks[i + 1];
      if (next !== undefined) for (const k of separators(pieces.at(-1)!, next[0]!, true)) spaced.add(k);
    }
  }
  return [...hyphened].filter((k) => !spaced.has(k)).sort((a, b) => a - b);
}

/** Whether a printed name transliterates exactly to the MRZ's (a prefix of it when the MRZ is truncated). */
export function printedNameMatchesMrz(printed: string, mrzName: string, truncated = false): boolean {
  const tr = transliterateName(printed);
  return truncated ? tr.startsWith(mrzName) || mrzName.startsWith(tr) : tr === mrzName;
}

/**
 * A printed name cut short (glare, the edge of the photo) whose transliteration is exactly the start of the MRZ's
 * name: the printed start is kept (hyphens, accents) and the MRZ gives the rest. Null unless at least four letters
 * and half of the name were printed, so a stray word never passes for the name. `hyphenAfter`: the reading ended in
 * a hyphen (a name wrapped to a second row OCR lost): where the MRZ's next cell is a filler, the print's is that hyphen.
 */
export function completePrintedPrefix(printed: string, mrzName: string, hyphenAfter = false): string | null {
  const head = printed.toUpperCase().replace(/\s+/g, ' ').trim().replace(/[\s\-‐‑–,']+$/, '');
  const tr = transliterateName(head);
  if (tr.replace(/</g, '').length < 4 || tr.length * 2 < mrzName.length || !mrzName.startsWith(tr) || tr === mrzName) return null;
  const rest = mrzName.slice(tr.length);
  const joined = hyphenAfter && rest.startsWith('<') ? `-${rest.slice(1)}` : rest;
  // Past a reading that stops inside a word (glare, a crop's edge) the MRZ's fillers say nothing of the print's
  // separators: a name whose words read so far are joined by hyphens alone, two or more, goes on joined so.
  const separators = head.match(/[ -]/g) ?? [];
  const chained = !rest.startsWith('<') && separators.length >= 2 && separators.every((c) => c === '-');
  return `${head}${joined.replace(/</g, chained ? '-' : ' ')}`.replace(/\s+/g, ' ').trim();
}

/**
 * A reading ending in a hyphen right after a letter (`OKONKWO-`, a rule's bar read after it at times): the name
 * carries on, on the next row.
 */
export const endsInHyphen = (text: string): boolean => /\p{L}[-‐‑–][^\p{L}\p{N}\-‐‑–]*$/u.test(text.trim());

/**
 * A printed name whose start glare or a portrait's edge took (`STIAO LUIS` for SEBASTIÃO LUÍS): from its first letter
 * on, it transliterates to the end of the MRZ's name (to its cut end, and on past it, where the MRZ cut the name). The
 * MRZ gives the start, the print its marks and what lies past a cut MRZ (`beyond`, as read, nothing checks it). At
 * least four letters must overlap the MRZ's name, so a stray word never passes for its end; and the reading's first
 * letter must be the overlap's, never one skipped: a first letter OCR misread (a Þ read as P) is no washed start, and
 * the marks read after it are in doubt. `within` is the value without what lies past the MRZ.
 */
export function completePrintedSuffix(
  printed: string,
  mrzName: string,
  truncated: boolean,
): { readonly value: string; readonly within: string; readonly beyond: string } | null {
  const text = printed.toUpperCase().replace(/\s+/g, ' ').trim().replace(/[\s\-‐‑–,']+$/, '');
  // A cut name ending in a filler: its last word is whole, so print past it starts a word of its own.
  const wordEnds = truncated && mrzName.endsWith('<');
  const name = mrzName.replace(/<+$/, '');
  // Per character of the reading, its MRZ form: the overlap ends inside it at a character boundary.
  const tail = [...text];
  if (transliterateChar(tail[0] ?? '').replace(/</g, '') === '') return null;
  const forms = tail.map(transliterateChar);
  const tr = transliterateName(text);
  // The longest end of the MRZ's name the reading starts with (its whole, where the MRZ did not cut the name).
  let overlap = -1;
  for (let k = 1; k < name.length; k++) {
    const end = name.slice(k);
    if (truncated ? tr.startsWith(end) && (!wordEnds || tr.length === end.length || tr[end.length] === '<') : tr === end) {
      overlap = end.length;
      break;
    }
  }
  if (overlap === -1 || name.slice(name.length - overlap).replace(/</g, '').length < 4) return null;
  let used = 0;
  let cut = 0;
  while (cut < tail.length && used < overlap) used += forms[cut++]!.length;
  if (used !== overlap) return null;
  const head = name.slice(0, name.length - overlap).replace(/</g, ' ');
  const within = `${head}${tail.slice(0, cut).join('')}`.replace(/\s+/g, ' ').trim();
  const beyond = tail.slice(cut).join('').trim();
  return { value: `${within}${tail.slice(cut).join('')}`.replace(/\s+/g, ' ').trim(), within, beyond: beyond.replace(/^[\s\-‐‑–]+/, '') };
}

/**
 * A name line as OCR read it, and the same without words at its ends: texture beside a name is read as a stray word
 * (`A O'SULLIVAN`, `PR LAUREN`). Longest first; each run as printed, with how many words it leaves out and the index
 * of its first word.
 */
export function nameWordRuns(text: string): { readonly text: string; readonly dropped: number; readonly start: number }[] {
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  const runs: { text: string; dropped: number; start: number }[] = [];
  for (let length = words.length; length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) runs.push({ text: words.slice(start, start + length).join(' '), dropped: words.length - length, start });
  }
  return runs.length === 0 ? [{ text, dropped: 0, start: 0 }] : runs;
}

