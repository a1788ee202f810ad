/**
 * Diacritics the `eng` OCR model cannot output (É, Í, Ñ, È, Ü ...), seen directly in the pixels of a printed name
 * line: small ink marks above the capitals' top line are attached to the letter under them and classified by
 * shape (two dots, a rising or falling stroke, a wave, a ring). Pure: a grey crop and the OCR's words in, the
 * text with the marks composed onto its letters out.
 */
import type { RawImage } from '../../../core/imaging/types.ts';
import type { BoundingBox, OcrResult, OcrWord } from '../../../core/ocr/types.ts';
import type { Blob } from '../../../core/imaging/connectedComponents.ts';
import type { BlobMeasures } from './nameLineBand.ts';
import { nameLetters, type NameOrthography } from './nameOrthography.ts';
import { barsAsI, strokeReadAsT } from './printedName.ts';

export type MarkKind = 'acute' | 'grave' | 'circumflex' | 'caron' | 'diaeresis' | 'tilde' | 'ring' | 'breve' | 'dot' | 'doubleAcute' | 'macron';

const combining: Record<MarkKind, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circumflex: '\u0302',
  diaeresis: '\u0308',
  tilde: '\u0303',
  ring: '\u030a',
  caron: '\u030c',
  breve: '\u0306',
  dot: '\u0307',
  doubleAcute: '\u030b',
  macron: '\u0304',
};

/** Relative advance widths of upper-case sans-serif letters, to find which letter a mark sits over. */
const advance = (c: string): number => ('IJ1 .\'-'.includes(c) ? 0.35 : 'MW'.includes(c) ? 0.95 : 0.72);

/**
 * The kind of the mark(s) over `letter`. Marks are a few pixels big, so shape decides only what it can: two blobs
 * are dots, a clear ring over A is Å, a clearly falling stroke is grave, a wide symmetric mark peaked in its middle
 * is a circumflex and one dipping there a caron (R takes only a caron); N a tilde (any mark, where names write Ñ;
 * elsewhere a wave); otherwise the acute, by far the commonest single mark on capitals in passport names.
 */
function classify(marks: readonly Blob[], letter: string, mask: Uint8Array, maskWidth: number, spanishN = false, vowelTilde: boolean | null = true): MarkKind | null {
  if (letter === 'A' && marks.some((m) => closedRings.has(m))) return 'ring';
  if (marks.length >= 2) {
    if (letter === 'R') return null;
    // Two strokes rising to the right are Hungarian's double acute (Ő, Ű); two dots are a diaeresis.
    return 'OU'.includes(letter) && marks.slice(0, 2).every((m) => leaning(m) < -0.35) ? 'doubleAcute' : 'diaeresis';
  }
  const m = marks[0];
  if (m === undefined) return null;
  const w = m.maxX - m.minX + 1;
  const h = m.maxY - m.minY + 1;
  const corr = m.vxy / Math.sqrt(Math.max(1e-6, m.vxx * m.vyy));
  const fill = m.n / (w * h);
  const peak = Math.abs(corr) < 0.45 && w >= h * 1.2 && m.n >= 10 ? middleLift(m, mask, maskWidth) : 0;
  // A caron and a circumflex are mirror-symmetric; a tilde is a wave, its two halves opposite (dev: carons and
  // circumflexes 0.73 to 1.0, tildes over N -0.96 to -0.5, some of them dipping or peaking in the middle).
  const symmetry = w >= h * 1.2 && m.n >= 8 ? mirrorSymmetry(m, mask, maskWidth) : 0;
  // A chevron is a bent stroke with paper under or over its bend: a solid speck hardly wider than tall is a dot, its
  // top or bottom rounded by blur (LTU's Ė as Ê at 5 px/mm), whatever its middle's lift.
  const solidSpeck = w <= h * 1.5 && fill >= 0.75;
  const symmetric = peak !== 0 && symmetry > 0.3 && !solidSpeck;
  // A cup over A or G is a breve (Ă, Ğ): a caron never sits on either in a name. Where names write Ñ, a small tilde
  // dipping in its middle is the N's tilde: those orthographies write no Ň.
  if (peak < -0.1 && symmetric) return 'AG'.includes(letter) ? 'breve' : letter === 'N' && spanishN ? 'tilde' : 'caron';
  if (letter === 'R') return null;
  // A wide flat bar of solid ink is a macron (Ā, Ē, Ī, Ū); a wave is a tilde. No name writes N̄: where names write Ñ,
  // over N a small tilde that prints (or blurs) flat is a bar, and N's own rule below reads it; elsewhere N stays plain.
  if (!(letter === 'N' && spanishN) && w > h * 2 && fill >= 0.72 && Math.abs(peak) <= 0.1 && symmetry > -0.2) return 'macron';
  const wave = symmetry < -0.2 && w >= h * 1.3 && !straightProfile(m, mask, maskWidth);
  // Over N a stroke rising to the right is an acute (Ń); else, where names write Ñ, any mark is its tilde, and elsewhere
  // only a wave is (a blob of glare over an Icelandic N is none).
  if (letter === 'N') return corr < -0.3 && !wave ? 'acute' : spanishN || wave ? 'tilde' : null;
  if (peak > 0.1 && symmetric) return 'circumflex';
  // A wave needs columns to show its bend: a mark a few pixels wide bends as a wedge-shaped acute cut at a threshold
  // does (NOWÁK's 5×3 px acute read as one). A tilde's ends stand level (its whole lean within ±0.46 on the mark
  // probe's faces and the pinned crops): one rising as clearly as an acute is one, over A and O where no Ã or Õ is
  // written.
  // Where the document's states are known to write neither, any other wave there is no tilde the name can hold:
  // which mark it is, is not known (a blurred 4×3 px acute reads as a wave), and the plain letter is not invented.
  if (wave && (letter === 'A' || letter === 'O') && vowelTilde !== true) {
    if (w < 8 && corr < -0.5) return 'acute';
    if (vowelTilde === false) return null;
  }
  // Four columns show no wave's two bends: a blurred acute's core, cut at the threshold, bends as much (TOMÁS's 4×3 px
  // on a page whose names write Ã). Which mark it is, is not known.
  if (wave && w < 5) return null;
  // A ring encloses paper; a fat acute does not. A small print's ring is a few pixels across, its eye one or two of
  // them (Roboto's or Lato's Å at 20 px: 4×4 px, 6 to 12 of ink), so the paper it encloses, not its size, tells it.
  if (letter === 'A' && m.n >= 6 && w < h * 1.6 && h < w * 1.6 && fill < 0.8 && ringLike(m) && holesIn(mask, maskWidth, { x0: m.minX, x1: m.maxX, y0: m.minY, y1: m.maxY }) >= 1) return 'ring';
  // Image y grows downwards: a stroke falling to the right (grave) has a positive x-y correlation.
  // Small marks (~14 px at 11 px/mm) need a clearer slope to be told from noise; down to 6 px of ink, as a light
  // face's grave is (AGNÈS: 7 px at 0.73), a slope that clear is a stroke's, as a far fainter one is an acute's.
  // A small grave's ends tell it too: its top row lies well left of its bottom row (dev: 13 px, corr 0.61).
  // A grave is one straight stroke: a wave that leans as a whole (a small tilde blurred, 6×3 px) is no grave.
  if (!wave && ((m.n >= 15 && corr > 0.5) || (m.n >= 6 && corr > 0.65) || (m.n >= 8 && corr > 0.45 && endsShift(m, mask, maskWidth) >= Math.max(1.5, w * 0.3)))) return 'grave';
  if (wave || (w > h * 2.2 && m.n >= 15)) return 'tilde';
  // A round, solid speck with no slope is a dot (Ż, Ė, İ); an acute leans.
  if (w <= h * 1.5 && h <= w * 1.5 && Math.abs(corr) < 0.3 && fill >= 0.6) return 'dot';
  // An acute rises to the right; a mark with no clear lean may be a grave or an acute, and a wrong mark is worse
  // than none. A wide mark whose two ends stand at one height and whose profile is no slope (a stroke's halves mirror
  // each other, symmetry near -1) is a caron or circumflex blurred solid, however its middle's ink leans it (ČERNÝ's
  // caron read as Ć at 4 px/mm: symmetry 0.06); a blurred acute's parallelogram stays one (JESÚS's, -0.88).
  if (corr < -0.2 && w >= 6 && w >= h * 1.5 && symmetry > -0.5 && outerThirdsRise(m, mask, maskWidth) < 0.3) return null;
  return corr < -0.2 ? 'acute' : null;
}

/** How much higher the ink of a mark's right third stands than its left third's, in mark heights: an acute's rises. */
function outerThirdsRise(m: Blob, mask: Uint8Array, maskWidth: number): number {
  const profile = columnProfile(m, mask, maskWidth);
  const third = Math.max(1, Math.floor(profile.length / 3));
  // A blob's first and last columns hold ink, so each third has an inked column.
  const inked = (values: readonly number[]): number => mean(values.filter((v) => !Number.isNaN(v)));
  return (inked(profile.slice(0, third)) - inked(profile.slice(-third))) / (m.maxY - m.minY + 1);
}

/**
 * Whether the mark's column profile (mean ink row per column) is a straight line: an acute or grave stroke, whose
 * halves mirror each other as a wave's do. A tilde's profile bends (R² of the straight fit well under 0.75).
 */
function straightProfile(m: Blob, mask: Uint8Array, maskWidth: number): boolean {
  const points = columnProfile(m, mask, maskWidth).flatMap((y, i): [number, number][] => (Number.isNaN(y) ? [] : [[m.minX + i, y]]));
  if (points.length < 4) return true;
  const mx = points.reduce((s, [x]) => s + x, 0) / points.length;
  const my = points.reduce((s, [, y]) => s + y, 0) / points.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) * (x - mx);
    syy += (y - my) * (y - my);
  }
  return syy === 0 || (sxy * sxy) / (sxx * syy) >= 0.75;
}

/**
 * Whether a mark is a level bar: wider than tall, no lean, and its column profile (mean ink row per column) within a
 * quarter of its height or a pixel, so that neither a wave's bend nor a chevron's shows.
 */
function levelBar(m: Blob, mask: Uint8Array, maskWidth: number): boolean {
  const profile = columnProfile(m, mask, maskWidth).filter((y) => !Number.isNaN(y));
  const h = m.maxY - m.minY + 1;
  return m.maxX - m.minX + 1 >= h * 1.5 && Math.abs(leaning(m)) < 0.3 && profile.length >= 4 && Math.max(...profile) - Math.min(...profile) <= Math.max(1, h * 0.25);
}

/** The x-y correlation of a mark's ink: negative for a stroke rising to the right (image y grows downwards). */
const leaning = (m: Blob): number => m.vxy / Math.sqrt(Math.max(1e-6, m.vxx * m.vyy));

/**
 * How much higher the ink stands in the middle third of a mark's columns than in its outer thirds, in mark
 * heights: positive for a peak (^), negative for a dip (ˇ), near zero for a wave or a stroke.
 */
function middleLift(m: Blob, mask: Uint8Array, maskWidth: number): number {
  const w = m.maxX - m.minX + 1;
  const sums = { middle: 0, middleN: 0, outer: 0, outerN: 0 };
  for (let y = m.minY; y <= m.maxY; y++) {
    for (let x = m.minX; x <= m.maxX; x++) {
      if (!mask[y * maskWidth + x]) continue;
      const third = Math.floor(((x - m.minX) * 3) / w);
      if (third === 1) {
        sums.middle += y;
        sums.middleN += 1;
      } else {
        sums.outer += y;
        sums.outerN += 1;
      }
    }
  }
  if (sums.middleN === 0 || sums.outerN === 0) return 0;
  return (sums.outer / sums.outerN - sums.middle / sums.middleN) / (m.maxY - m.minY + 1);
}

/** Correlation of the mark's column profile (mean ink row per column) with its mirror image: V and ^ near 1, a wave below 0. */
function mirrorSymmetry(m: Blob, mask: Uint8Array, maskWidth: number): number {
  const w = m.maxX - m.minX + 1;
  const profile = columnProfile(m, mask, maskWidth);
  const pairs: [number, number][] = [];
  for (let i = 0; i < w; i++) {
    const a = profile[i]!;
    const b = profile[w - 1 - i]!;
    if (!Number.isNaN(a) && !Number.isNaN(b)) pairs.push([a, b]);
  }
  if (pairs.length < 4) return 0;
  const mean = pairs.reduce((s, [a]) => s + a, 0) / pairs.length;
  let num = 0;
  let den = 0;
  for (const [a, b] of pairs) {
    num += (a - mean) * (b - mean);
    den += (a - mean) * (a - mean);
  }
  return den === 0 ? 0 : num / den;
}

/** How far right the mark's bottom row lies of its top row (mean ink column of each). */
function endsShift(m: Blob, mask: Uint8Array, maskWidth: number): number {
  const shift = meanInk(m, mask, maskWidth, { row: m.maxY }) - meanInk(m, mask, maskWidth, { row: m.minY });
  return Number.isNaN(shift) ? 0 : shift;
}

/** The mark's column profile: the mean ink row of each column of its box, left to right (NaN where no ink). */
function columnProfile(m: Blob, mask: Uint8Array, maskWidth: number): number[] {
  const profile: number[] = [];
  for (let x = m.minX; x <= m.maxX; x++) profile.push(meanInk(m, mask, maskWidth, { column: x }));
  return profile;
}

/** Within the mark's box: the mean ink row of one column, or the mean ink column of one row; NaN where no ink. */
function meanInk(m: Blob, mask: Uint8Array, maskWidth: number, along: { column: number } | { row: number }): number {
  let sum = 0;
  let count = 0;
  const [from, to] = 'column' in along ? [m.minY, m.maxY] : [m.minX, m.maxX];
  for (let i = from; i <= to; i++) {
    const [x, y] = 'column' in along ? [along.column, i] : [i, along.row];
    if (mask[y * maskWidth + x]) {
      sum += i;
      count += 1;
    }
  }
  return count === 0 ? Number.NaN : sum / count;
}

/** Within the blob's box: the first and last ink row of one column, or ink column of one row; null where no ink. */
function inkEnds(b: Blob, mask: Uint8Array, maskWidth: number, along: { column: number } | { row: number }): { first: number; last: number } | null {
  let first = -1;
  let last = -1;
  const [from, to] = 'column' in along ? [b.minY, b.maxY] : [b.minX, b.maxX];
  for (let i = from; i <= to; i++) {
    const [x, y] = 'column' in along ? [along.column, i] : [i, along.row];
    if (mask[y * maskWidth + x] !== 1) continue;
    if (first < 0) first = i;
    last = i;
  }
  return first < 0 ? null : { first, last };
}

const ringLike = (m: Blob): boolean => m.vxx > 0 && m.vyy > 0 && Math.abs(m.vxx - m.vyy) / (m.vxx + m.vyy) < 0.4;

/** What a state's names are written with, as far as the marks reader needs it. */
export type MarksOrthography = Partial<Pick<NameOrthography, 'vowelTilde' | 'commaBelow' | 'dotAbove' | 'nTilde' | 'caronCsz'>>;

/**
 * The OCR's text of `crop` (one printed name line) with the diacritics seen above its letters composed on.
 * Letters the mark cannot belong to (consonants other than N, C, S, Z) keep their plain form.
 */
export function withAccentMarks(crop: RawImage, ocr: OcrResult, imaging: BlobMeasures, orthography: MarksOrthography = {}): string {
  return readAccentMarks(crop, ocr, imaging, orthography).text;
}

/** withAccentMarks' text, and whether every word's letters stood on their own ink (MarkedWord's onInk). */
export function readAccentMarks(
  crop: RawImage,
  ocr: OcrResult,
  imaging: BlobMeasures,
  orthography: MarksOrthography = {},
): { text: string; onInk: boolean } {
  // Romanian and Moldovan print Ț: there a comma of its own under a T is a mark, elsewhere texture.
  const hangsHere = orthography.commaBelow === true ? /^[CSAEGT]$/ : hangsUnder;
  const ownMarkUnder = orthography.commaBelow === true ? /^[CSGT]$/ : /^[CSG]$/;
  const { otsu, connectedComponents, letterHeightOf } = imaging;
  if (crop.channels !== 1) throw new Error('withAccentMarks needs a grey image');
  const threshold = otsu(crop.data);
  const { mask, blobs } = inkDarkerThan(crop, threshold, connectedComponents);
  const paper = percentile(crop.data, 0.9);
  // A word's text may carry spaces (` mariajose`): letters are placed along the box by their widths, so only letters count.
  // OCR's `$` is an S (`$ZCZEPANSKA`), its `@` a round O or Ø (`S@RENSEN`), its `£` an L struck or not (`£UKASZ`)
  // and a `|` joined to letters an I whose mark it missed (`JIR|` for JIŘÍ): letters with their own places, or the
  // marks after them land a letter early. The pixels then tell Ø from O and Ł from L.
  const asWords = ocr.lines
    .flatMap((l) => l.words)
    .flatMap((w) => (w.text.trim() === '' ? [] : [roundLetterReadTwice({ ...w, text: w.text.trim() }, blobs, letterHeightOf)]))
    .map((w) => ({ ...w, text: barsAsI(w.text.replace(/\$/g, 'S').replace(/@/g, 'O').replace(/£/g, 'L')) }))
    .map((w) => markedIReadTwice(w, blobs, letterHeightOf));
  const words = wordsOverTheirLetters(
    wordsByTheirInk(
      wordsWithinTheirOwnInk(
        withoutTextureAtEnds(asWords, (w) => inkRowsOf(w, blobs)),
      ),
      blobs,
      letterHeightOf,
    ),
    blobs,
    letterHeightOf,
  );
  /**
   * One word's letters with the marks seen on them in `ink`; `joined` where three or more letters make one blob.
   * Without `marksAbove`, only the marks hanging below the letters count.
   */
  const markedWord = (word: OcrWord, { mask, blobs }: Ink, marksAbove: boolean, placedApart: PlacedMarks | null = null): MarkedWord => {
    const { x0, x1, y1 } = word.bbox;
    const boxHeight = y1 - word.bbox.y0;
    // A letter whose mark hangs below the baseline (Ç, Ş, Ą) reaches under OCR's box but starts at the capitals' top.
    const hangsFromTop = (b: Blob): boolean => b.minY <= word.bbox.y0 + boxHeight * 0.3 && b.maxY <= y1 + boxHeight * 0.6;
    const inside = blobs.filter(
      (b) => b.cx >= x0 - 2 && b.cx <= x1 + 2 && (b.maxY <= y1 + 3 || hangsFromTop(b)) && b.minY >= word.bbox.y0 - Math.max(6, boxHeight * 0.45),
    );
    // Letters stand about as tall as the word's box; where OCR gave the box the crop's whole height, as tall as
    // the word's larger blobs: only those with a good share of the largest one's ink count, as the label's small
    // print and specks can outnumber the letters in a crop.
    const letterHeight = letterHeightOf(inside).height;
    // Not taller than letters: the page's edge or a rule the box ran into is no letter.
    const sized = inside.filter(
      (b) => b.maxY - b.minY + 1 >= Math.min((y1 - word.bbox.y0) * 0.45, letterHeight * 0.7) && b.maxY - b.minY + 1 <= letterHeight * 1.6,
    );
    // Letters stand on one line: each shares the others' top (a mark may raise it, a cedilla lower the foot) or their
    // baseline. Ink of letter size on neither is a portrait's edge or the print of the row above or below.
    const sizedTop = median(sized.map((b) => b.minY));
    const sizedBase = median(sized.map((b) => b.maxY));
    const onLine = (b: Blob): boolean => {
      const reach = (sizedBase - sizedTop + 1) * 0.3;
      return Math.abs(b.minY - sizedTop) <= reach || Math.abs(b.maxY - sizedBase) <= reach;
    };
    const tall = sized.filter(onLine);
    if (tall.length === 0) return { text: word.text.toUpperCase(), joined: false, lettersInk: [], perLetter: null, onInk: false, placed: [] };
    const inkOf = new Map(tall.map((b) => [b, darkest(crop, mask, b)]));
    const lettersInk = [...inkOf.values()];
    const capTop = median(tall.map((b) => b.minY));
    const capHeight = median(tall.map((b) => b.maxY)) - capTop + 1;
    const markSize = Math.max(4, capHeight * capHeight * 0.008);
    // Ink reaching down to the capitals' top that rises above it by less than a mark stands is a letter's own top the
    // threshold cut from it (a bold serif N's hairline stem, read as Ñ's tilde), not a mark: the top is the nearest
    // letters', as a tilted line's rises or sinks along it.
    const letterTopCut = (b: Blob): boolean => {
      const top = median(tall.filter((t) => t !== b).sort((p, q) => Math.abs(p.cx - b.cx) - Math.abs(q.cx - b.cx)).slice(0, 3).map((t) => t.minY));
      return b.maxY >= top && b.minY >= top - capHeight * 0.15;
    };
    const inMarkZone = inside.filter(
      // Marks sit just above the capitals, their foot within 0.4 of a capital of the letters' top (0.24 at most on
      // the tuning crops); ink higher up is the print of the row above, in a crop OCR boxed tall.
      // Ink the crop's top edge cuts is that row's print too (a label's feet), never a whole mark.
      (b) =>
        b.maxY < capTop + capHeight * 0.08 &&
        b.maxY >= capTop - capHeight * 0.4 &&
        b.minY >= capTop - capHeight * 0.7 &&
        b.minY > 0 &&
        b.maxY - b.minY + 1 < capHeight * 0.5 &&
        b.n >= markSize &&
        !letterTopCut(b),
    );
    // A mark is printed in the letters' ink: a blob whose darkest pixel stays far lighter than theirs is a security
    // print line or a guilloche crossing the name, however it is shaped. Its ink is measured against the letters
    // beside it: a glare's gradient lightens one end of a line, its marks and letters alike.
    const letterInk = median([...inkOf.values()]);
    const inkRatio = (b: Blob): number => {
      const near = [...tall].sort((p, q) => Math.abs(p.cx - b.cx) - Math.abs(q.cx - b.cx)).slice(0, 3);
      const ink = Math.max(letterInk, median(near.map((t) => inkOf.get(t)!)));
      return (paper - darkest(crop, mask, b)) / Math.max(1, paper - ink);
    };
    // A diaeresis's dots are a few pixels each and peak lighter than the letters once blurred; a pair of them,
    // level and alike, side by side as far apart as a letter's stems, is a mark at a lower ink.
    const twinDots = inMarkZone.filter((b) => inkRatio(b) >= 0.45 && b.maxX - b.minX + 1 <= capHeight * 0.3);
    const twinned = (b: Blob): boolean =>
      twinDots.includes(b) &&
      twinDots.some(
        (o) =>
          o !== b && Math.abs(o.minY - b.minY) <= Math.max(1, capHeight * 0.08) && Math.abs(o.maxY - b.maxY) <= Math.max(1, capHeight * 0.08) &&
          Math.max(o.n, b.n) <= 2 * Math.min(o.n, b.n) && Math.abs(o.cx - b.cx) >= capHeight * 0.15 && Math.abs(o.cx - b.cx) <= capHeight * 0.6,
      );
    const inked = (b: Blob): boolean => inkRatio(b) >= 0.7 || twinned(b);
    const merged = tall.flatMap((b) => marksMergedInto(b, tall, capHeight, markSize, mask, crop.width, imaging));
    const marks = [...inMarkZone, ...merged].filter(inked);
    // An O's dots OCR read as a 0 beside it (`O0ZTURK` for ÖZTÜRK): where the word's ink stands one letter fewer
    // than it has letters and digits, that 0 is no letter, and the dots are placed over the O.
    const zero = /(?<=[Oo])0|0(?=[Oo])/.exec(word.text);
    const glyphs = (word.text.match(/[\p{L}\d]/gu) ?? []).length;
    const text = (zero !== null && glyphs === tall.length + 1 ? word.text.slice(0, zero.index) + word.text.slice(zero.index + 1) : word.text)
      // Nor is a t that is Ł's stroke (`LtUKASZ`).
      .replace(strokeReadAsT, '');
    // Names are printed in capitals: an `i` is an I whose accent OCR took for a dot (ÍÑIGO read `iÑIGo`).
    const letters = [...text.toUpperCase()];
    // A page that prints its names in mixed case (`Specimen`): a lower-case i or j carries its own dot.
    const asRead = [...text];
    const ownDot = (i: number): boolean => asRead.length === letters.length && /^[ij]$/.test(asRead[i]!);
    // OCR gives Ç for a C with any mark at times: the pixels decide between its cedilla and a mark above (Č).
    const bases = letters.map((c) => cedillaBase[c] ?? c);
    const { centres, onBlobs } = letterCentres(letters, tall, x0, x1);
    const letterWidth = (x1 - x0) / Math.max(1, letters.length);
    // OCR reads an I under its acute as T (JIŘÍ read `JIRT`) or f (`JIRf`), the mark taken for the bar or the hook. A
    // T's bar spans its top, an F's bars run out right of its stem: a letter read T or F whose ink is a bare stem,
    // narrow as a sans-serif I's, or a stem with serifs no wider than a slab face's I's (0.45 of the capitals' height,
    // its middle rows the stem alone, where F's middle bar runs out), with a mark standing over that stem, is the I.
    const bareStem = (b: Blob): boolean => {
      const width = b.maxX - b.minX + 1;
      if (width <= capHeight * 0.35) return true;
      if (width > capHeight * 0.45) return false;
      const h = b.maxY - b.minY + 1;
      const spans: number[] = [];
      for (let y = b.minY + Math.round(h * 0.3); y <= b.minY + Math.round(h * 0.7); y++) {
        const ink = inkEnds(b, mask, crop.width, { row: y });
        spans.push(ink === null ? 0 : ink.last - ink.first + 1);
      }
      return spans.length > 0 && Math.max(...spans) <= width * 0.55;
    };
    for (const [i, c] of letters.entries()) {
      const stem = c === 'T' || c === 'F' ? letterBlob(centres[i]!, tall, letterWidth) : null;
      if (stem === null || !bareStem(stem)) continue;
      const over = (m: Blob): boolean => m.maxY < stem.minY && m.cx >= stem.minX - capHeight * 0.15 && m.cx <= stem.maxX + capHeight * 0.15;
      if (!marks.some(over)) continue;
      letters[i] = 'I';
      bases[i] = 'I';
    }
    // A name printed in mixed case (`Vzor`): capitals and ascenders stand above the small letters as marks would, and
    // descenders hang below them. Where the letters OCR read as capitals stand clearly taller than the word's letters
    // do, or those it read as small ones are clearly shorter than the rest (smallLettersShorter; not so for capitals
    // OCR read partly in lower case, `iÑIGo`), no mark is read on the word.
    const height = (b: Blob | null): number | null => (b === null ? null : b.maxY - b.minY + 1);
    const blobsReadAs = (pattern: RegExp): Blob[] =>
      asRead.length !== letters.length
        ? []
        : letters.flatMap((_, i) => (pattern.test(asRead[i]!) ? [letterBlob(centres[i]!, tall, letterWidth)] : [])).filter((b): b is Blob => b !== null);
    const capitals = blobsReadAs(/^[A-Z]$/);
    const capitalHeights = capitals.map((b) => height(b)!);
    const mixedCase =
      (capitals.length > 0 && median(tall.map((b) => height(b)!)) < median(capitalHeights) * 0.82) ||
      smallLettersShorter(blobsReadAs(/^[A-Zbdfhkl]$/), blobsReadAs(/^[acemnorsuvwxz]$/));
    if (/[a-hk-z]/.test(word.text) && mixedCase) {
      return { text: word.text.toUpperCase(), joined: false, lettersInk, perLetter: null, onInk: onBlobs, placed: [] };
    }
    // Texture as dark as the page's threshold can join the letters into one blob (Romania's guilloche made `STE` one).
    const joined = tall.some((b) => b.maxX - b.minX + 1 >= letterWidth * 2.8);
    // Where centres are only estimated (OCR read a letter more or fewer than the ink shows), which letter a mark sits
    // over is known only where the ink says so too: the letter blob under the mark is the one nearest the letter's
    // centre, and no other letter that takes marks has that blob nearest (a tie counts) as well (`0OGUZ` put Ğ's
    // breve on the O, `Joo` for JOÃO the tilde on the last O). Elsewhere a mark would be placed on a guess.
    const claims = (c: number, b: Blob): boolean => Math.abs(b.cx - c) <= Math.min(...tall.map((t) => Math.abs(t.cx - c))) + 1;
    // Where this measure's letters ran together, a measure that stood them apart (onBlobs) may have placed the mark.
    const placedByInk = (m: Blob, at: number): boolean => placedHere(m, at) || placedApart?.(m) === at;
    const placedHere = (m: Blob, at: number): boolean => {
      if (onBlobs) return true;
      const overlap = (b: Blob): number => Math.min(b.maxX, m.maxX) - Math.max(b.minX, m.minX);
      const under = tall.reduce<Blob | null>((best, b) => (overlap(b) >= 0 && (best === null || overlap(b) > overlap(best)) ? b : best), null);
      if (under === null || !claims(centres[at]!, under)) return false;
      const rivals = centres.flatMap((c, i) => (i !== at && markable.test(bases[i]!) && claims(c, under) ? [i] : []));
      if (rivals.length === 0) return true;
      // Two neighbouring letters joined in one blob (a bold AN kerned together in a photo: SÁNCHEZ, SEBASTIÁN): the
      // blob two letters wide is halved, and a mark standing clearly over one half is that letter's. Blur that joins
      // letters blurs marks too: only an acute is taken so, its lean surviving what turns a tilde into a hat (MAGALHÃES
      // at JPEG quality 15 came back MAGALHÂES).
      const width = under.maxX - under.minX + 1;
      const pair = rivals.length === 1 && Math.abs(rivals[0]! - at) === 1 && width >= letterWidth * 1.5 && width <= letterWidth * 2.5;
      const side = (m.cx - (under.minX + under.maxX) / 2) / width;
      const acute = classify([m], bases[at]!, mask, crop.width, orthography.nTilde === true) === 'acute';
      return pair && acute && (at < rivals[0]! ? side < -0.15 : side > 0.15);
    };
    // One mark the ink cannot place, of those that would be placed, leaves the word's others in doubt too (two dots of
    // which one is placed are a tilde).
    let misplaced = false;
    const placed: { readonly blob: Blob; readonly at: number }[] = [];
    // Each mark goes to the nearest letter that can carry one (widths are estimates, so within about a letter).
    const byLetter = new Map<number, Blob[]>();
    for (const m of marks) {
      let best = -1;
      for (let i = 0; i < centres.length; i++) {
        if (!markable.test(bases[i]!)) continue;
        if (best < 0 || Math.abs(centres[i]! - m.cx) < Math.abs(centres[best]! - m.cx)) best = i;
      }
      // Where centres are only estimated (OCR read a letter more or fewer than the ink shows), a mark between two
      // letters could be either's: only one near a centre is placed.
      const reach = onBlobs ? 0.9 : 0.45;
      if (best < 0 || (unbridged.has(m) && roundTopped.test(bases[best]!)) || Math.abs(centres[best]! - m.cx) >= letterWidth * reach) continue;
      if (placedByInk(m, best)) {
        byLetter.set(best, [...(byLetter.get(best) ?? []), m]);
        if (onBlobs) placed.push({ blob: m, at: best });
      } else misplaced = true;
    }
    // A letter's two marks (a diaeresis's dots, a double acute's strokes) stand over its stems, at most 0.6 of a
    // capital apart as twinDots pairs them: two more than 0.65 apart are two letters' marks placed on one (JIŘÍ read
    // `JRI`, its caron and acute both on the I, came back `JIRÏ`), and where the others go is not known.
    for (const onOne of byLetter.values()) {
      if (onOne.length >= 2 && Math.max(...onOne.map((m) => m.cx)) - Math.min(...onOne.map((m) => m.cx)) > capHeight * 0.65) misplaced = true;
    }
    // A mark below the baseline (cedilla, comma, ogonek): its own small blob, or the letter's ink running down into it.
    // The baseline is the neighbouring letters' (a slightly tilted line sinks at one end).
    const baselineNear = (blob: Blob): number =>
      median(tall.filter((t) => t !== blob).sort((a, b) => Math.abs(a.cx - blob.cx) - Math.abs(b.cx - blob.cx)).slice(0, 3).map((t) => t.maxY));
    const below = new Map<number, string>();
    const hangingOwn = (b: Blob): boolean => {
      const baseline = baselineNear(b);
      return b.minY >= baseline - capHeight * 0.1 && b.maxY > baseline + capHeight * 0.12 && b.maxY <= baseline + capHeight * 0.6 &&
        b.maxY - b.minY + 1 < capHeight * 0.5 && b.n >= Math.max(4, capHeight * capHeight * 0.008);
    };
    const hanging = blobs.filter((b) => {
      if (b.cx < x0 - 2 || b.cx > x1 + 2) return false;
      // Ink the crop's bottom edge cuts is the row below's print (its capitals' tops), never a whole mark.
      if (b.maxY >= crop.height - 1) return false;
      const baseline = baselineNear(b);
      // The ink below the baseline is the mark's, printed as the letters are: a light guilloche line the threshold
      // joined to a letter's foot is no hook (MAARTĘN over a rosette). A blurred hook peaks fainter than stems do.
      const letterRunningDown =
        b.maxY - b.minY + 1 >= capHeight * 0.8 && b.maxY > baseline + capHeight * 0.15 && b.maxY <= baseline + capHeight * 0.6 &&
        inkRatio({ ...b, minY: Math.ceil(baseline + capHeight * 0.12) }) >= faintInk;
      return (hangingOwn(b) && inked(b)) || letterRunningDown;
    });
    const nearestLetter = (x: number): number => {
      let best = -1;
      for (let i = 0; i < centres.length; i++) if (best < 0 || Math.abs(centres[i]! - x) < Math.abs(centres[best]! - x)) best = i;
      return best;
    };
    const nearestOther = (x: number, not: number): number => {
      let best = -1;
      for (let i = 0; i < centres.length; i++) if (i !== not && (best < 0 || Math.abs(centres[i]! - x) < Math.abs(centres[best]! - x))) best = i;
      return best;
    };
    const letterSpan = median(tall.map((t) => t.maxX - t.minX + 1));
    // Letters' width by their median, unless narrow ones (I, L) pull it under a round capital's (KILIÇ).
    const roundWidth = Math.max(letterSpan, capHeight * 0.8);
    for (const b of hanging) {
      const own = b.maxY - b.minY + 1 < capHeight * 0.8;
      const descent = own ? null : inkBelow(b, baselineNear(b) + capHeight * 0.08, mask, crop.width);
      // Two or more letters blur joined into one blob (KOÇ's OÇ): the hook is the letter's it hangs under, so it is
      // placed, and its width and middle judged, by that letter, not by the blob.
      const several = descent !== null && centres.filter((c) => c >= b.minX && c <= b.maxX).length >= 2;
      const at = several ? descent.centre : b.cx;
      const best = nearestLetter(at);
      if (best < 0 || !hangsHere.test(bases[best]!) || Math.abs(centres[best]! - at) >= letterWidth * 0.6) continue;
      // Where centres are only estimated (OCR read a letter more or fewer than the ink shows), they drift along a long
      // word: ink hanging between a letter that would take one mark and its neighbour that would take another (Ę's
      // ogonek beside a C, BRZĘCZ) could be either's, and is neither's.
      const rival = onBlobs ? -1 : nearestOther(at, best);
      if (rival >= 0 && Math.abs(centres[rival]! - at) < letterWidth && hangsHere.test(bases[rival]!) && bases[rival] !== bases[best]) continue;
      const base = bases[best]!;
      // A letter running down carries its mark only where the ink below its baseline is a small hook, not a line or
      // the print below it joined on (as wide as the letter, or the letter grown wider than letters are).
      const tooWide = several
        ? descent.width > letterWidth * 0.55
        : descent !== null && (descent.width > (b.maxX - b.minX + 1) * 0.55 || b.maxX - b.minX + 1 > roundWidth * 1.4);
      if (tooWide) continue;
      if (base === 'A' || base === 'E') {
        // An ogonek hangs from the letter's right foot (Ą, Ę), joined to it: ink of its own under a vowel is texture.
        // Under the J after it, the ink is as likely the J's own tail (many faces drop it below the line, and a small
        // bold copy joins AJ into one blob): either's, so neither's.
        const tailOfJ = descent !== null && bases[best + 1] === 'J' && nearestLetter(descent.centre) === best + 1;
        const rightFoot = several ? centres[best]! : b.minX + (b.maxX - b.minX + 1) * 0.5;
        if (descent !== null && descent.centre > rightFoot && !tailOfJ) below.set(best, '\u0328');
        continue;
      }
      // A cedilla hangs from its letter's middle: ink running down at one side of a blob is a hook of another shape
      // (Ę's ogonek, its E and the C after it one blob in a small soft crop, came back BRZEÇ).
      if (descent !== null && (several ? Math.abs(descent.centre - centres[best]!) > letterWidth * 0.25 : Math.abs(descent.centre - b.cx) > (b.maxX - b.minX + 1) * 0.25)) continue;
      // Under S a mark of its own, apart from the letter, is Romanian's comma (Ș), one the letter runs down into a
      // cedilla (Ş); under C (and a G, which Ç is read as) always a cedilla; under T only a comma of its own (Ț).
      if (base === 'T' && !own) continue;
      // Where the page's orthography writes neither Ș nor Ş, ink apart under an S settles no mark: texture there
      // came back as CHRIȘTOPHER on a glare page, and a Turkish Ş whose cedilla a face sets apart is no comma.
      if (base === 'S' && own && orthography.commaBelow == null) continue;
      below.set(best, (base === 'S' || base === 'T') && own ? '\u0326' : '\u0327');
    }
    // Texture is not a mark. Printed-ink blobs in the mark zone over no letter that carries a mark (B, D, T …), or
    // hanging below none but C or S (or a Romanian T), say the background prints in those places too: then no mark on
    // this word is beyond doubt, and its letters stay plain, as the MRZ's transliteration has them.
    const stray = (b: Blob, carries: RegExp, reach: number): boolean => {
      const nearest = nearestLetter(b.cx);
      if (nearest >= 0 && carries.test(bases[nearest]!)) return false;
      // Over a letter that carries none, unless a mark-carrying neighbour is as near as a leaning mark sits (É's acute).
      return !centres.some((c, i) => carries.test(bases[i]!) && Math.abs(c - b.cx) < letterWidth * reach);
    };
    const textured =
      inMarkZone.filter(inked).some((b) => stray(b, markable, 0.5)) ||
      blobs.some((b) => b.cx >= x0 - 2 && b.cx <= x1 + 2 && hangingOwn(b) && inked(b) && stray(b, ownMarkUnder, 0.5));
    // A thin mark blurs lighter than the letters' stems (an acute of 8-16 px peaks at 0.45-0.7 of their ink), as a
    // security line does. Such a faint mark is taken only on a word with no faint ink over letters that carry none,
    // sitting centred on its letter, its foot at the capitals' top, and shaped, whole, as an acute (a tilde on N).
    const faint = (b: Blob): boolean => inkRatio(b) >= faintInk && !inked(b);
    const faintKinds = new Map<number, MarkKind>();
    const quiet = !inMarkZone.some((b) => (faint(b) || inked(b)) && stray(b, markable, 0.5));
    if (!textured && quiet && marksAbove) {
      // A faint acute that blur joined to its letter's top (SÁNCHEZ) is cut from it as a merged mark is.
      for (const m of [...inMarkZone, ...merged].filter(faint)) {
        const at = nearestLetter(m.cx);
        if (at < 0 || !markable.test(bases[at]!) || byLetter.has(at) || Math.abs(centres[at]! - m.cx) >= letterWidth * 0.35) continue;
        // As for marks in the letters' ink: a round top cut from its letter with no bridge is the letter's own.
        if (unbridged.has(m) && roundTopped.test(bases[at]!)) continue;
        if (m.maxY < capTop - capHeight * 0.3) continue;
        // Blur leaves only a faint mark's core above the page's threshold, a speck that reads as a dot: its shape is
        // read at half its own contrast, where the whole stroke shows (null where that ink runs on, as texture does).
        const whole = wholeFaintMark(m, crop, mask, paper, Math.round(capHeight * 0.35));
        // A mark stands over the capitals: a grown shape centred at or below their top is the letter's own (C's arc).
        if (whole === null || whole.blob.cy >= capTop) continue;
        // An acute's short stroke leaning right only: a guilloche's arc over a letter reads as a circumflex or caron.
        // Over N a wave, as classify tells one over any other letter, or, where names write Ñ, the flat bar a small
        // tilde blurs into: no name puts a macron on N. Likewise over A and O where the document's orthography writes
        // Ã and Õ and no macron (elsewhere a faint bar there is Latvian's macron or texture).
        // Blur rounds a small acute into a speck that classify calls a dot; it still leans as an acute does. Where the
        // orthography writes a dot over the letter (Ż, İ, Ė), a leaning speck is left alone: Ź and Ż differ by it.
        const shaped = classify([whole.blob], bases[at]!, whole.mask, crop.width);
        const dotWritten = [...(orthography.dotAbove ?? '')].some((dotted) => dotted.normalize('NFD')[0] === bases[at]);
        // Shaped as over a letter that takes every mark: over N, classify reads no dot (no name writes Ṅ), and a round
        // speck there is judged by its lean as over any other letter (SZCZEPAŃSKA's blurred acute, 4×4 px); but not
        // where names write Ñ, whose tilde blur may round as well.
        const barOrWave = classify([whole.blob], 'E', whole.mask, crop.width);
        const speck = shaped === 'dot' || (bases[at] === 'N' && orthography.nTilde !== true && shaped === null && barOrWave === 'dot');
        const speckAcute = speck && leaning(whole.blob) < -0.2 && !dotWritten;
        const kind = speckAcute ? 'acute' : shaped;
        const tildeBase = bases[at] === 'N' || (orthography.vowelTilde === true && /^[AO]$/.test(bases[at]!));
        const tilde = tildeBase && (barOrWave === 'tilde' || (barOrWave === 'macron' && (bases[at] !== 'N' || orthography.nTilde === true)));
        if (kind !== 'acute' && !tilde) continue;
        if (!placedByInk(m, at)) {
          misplaced = true;
          continue;
        }
        byLetter.set(at, [m]);
        faintKinds.set(at, tilde ? 'tilde' : 'acute');
      }
    }
    // Letters OCR boxed a letter or more past either end of the letters' ink, where letter-sized ink across their band
    // stands that the letters' measure left out (ČERNÝ, lower at the start of a long tilted line than the line's own):
    // centres estimated over the rest drift along the word, each mark onto the letter before its own (SZCZEPAŃSKA
    // came back `SZCZÉPANSKA`). The ink cannot place them: none is placed. A box run over a speck or the print below
    // (`LINES` for INÊS) has no such ink there.
    const inkFrom = Math.min(...tall.map((b) => b.minX));
    const inkTo = Math.max(...tall.map((b) => b.maxX));
    const leftOut = (b: Blob): boolean =>
      !tall.includes(b) && b.maxY - b.minY + 1 <= capHeight * 1.6 && Math.min(b.maxY, capTop + capHeight - 1) - Math.max(b.minY, capTop) + 1 >= capHeight * 0.6;
    const lettersOffInk =
      !onBlobs &&
      ((inkFrom - x0 > letterWidth && inside.some((b) => b.cx < inkFrom && leftOut(b))) || (x1 - inkTo > letterWidth && inside.some((b) => b.cx > inkTo && leftOut(b))));
    if (textured || misplaced || lettersOffInk) {
      byLetter.clear();
      below.clear();
    }
    // Æ and Œ carry no mark: a mark over either letter of the pair says they are two letters blur joined (ZOÉ).
    const pair = ligatureAt(letters, tall, capHeight, mask, crop.width, imaging);
    const ligature = pair >= 0 && (byLetter.has(pair) || byLetter.has(pair + 1)) ? -1 : pair;
    const wideLetter = (i: number): Blob | null => {
      const b = letterBlob(centres[i]!, tall, letterWidth);
      return ligatureAlone(b, capTop, capHeight, letterSpan, mask, crop.width, imaging) ? b : null;
    };
    const marked = letters.map((c, i) => {
      const base = bases[i]!;
      const under = below.get(i);
      if (under === '\u0327' && base === 'G') return 'Ç';
      const hung = under === undefined ? null : (base + under).normalize('NFC');
      if (!marksAbove) return hung !== null && nameLetters.has(hung) ? hung : c;
      if (i === ligature) return c === 'A' ? 'Æ' : 'Œ';
      if (i === ligature + 1 && ligature >= 0) return '';
      // One glyph a ligature wide, which OCR read as A, E or both: Æ, once.
      if (ligature < 0 && (base === 'A' || base === 'E')) {
        const before = base === 'E' && bases[i - 1] === 'A' ? wideLetter(i - 1) : null;
        if (before !== null && centres[i]! >= before.minX && centres[i]! <= before.maxX + letterWidth * 0.3) return '';
        // An E blur joined to the letter after it makes a blob as wide and as flat along its top (INÉS's E and S,
        // `INÆS`): that letter's centre lies inside it too, right of the E, where an Æ read as E has its E-half. Not
        // for an A: OCR reads an Æ's two halves as two letters, the A among them (`KJZARSTIN`).
        const wide = wideLetter(i);
        const next = centres[i + 1];
        const joinedOnward = base === 'E' && wide !== null && next !== undefined && next > wide.minX + letterWidth * 0.25 && next < wide.maxX - letterWidth * 0.25;
        if (wide !== null && !joinedOnward) return 'Æ';
      }
      if (hung !== null && nameLetters.has(hung)) return hung;
      const struck = textured ? null : struckLetter(base, letterBlob(centres[i]!, tall, letterWidth), mask, crop.width, capTop, { centre: centres[i]!, width: letterWidth });
      if (struck !== null) return struck;
      const onLetter = byLetter.get(i) ?? [];
      const kind = faintKinds.get(i) ?? classify(onLetter, base, mask, crop.width, orthography.nTilde === true, orthography.vowelTilde ?? null);
      // A flat bar cut from a letter's top is what any raised top gives: a macron must stand apart from its letter.
      // But an A's own apex cut there is narrower than half a capital: a bar that wide on it, where names write Ã
      // and no Ā, is the tilde blur fused on.
      if (kind === 'macron' && onLetter.some((m) => unbridged.has(m))) {
        const fusedTilde = orthography.vowelTilde === true && base === 'A' && onLetter.every((m) => m.maxX - m.minX + 1 >= capHeight * 0.45);
        return fusedTilde ? 'Ã' : c;
      }
      // An A's own apex cut at its neighbours' top is a chevron, as a circumflex blur fused on is: with no bridge
      // between them, the pixels tell neither (a sheared copy's ANN, its apex standing above the Ns: MUSTERMÂNN).
      if (kind === 'circumflex' && base === 'A' && onLetter.length > 0 && onLetter.every((m) => unbridged.has(m))) return c;
      // A level bar over C, S or Z, where names write Č, Š and Ž, is a small caron whose dip blur filled
      // (BASANAVIČIENĖ at 5 px/mm), however its flat profile's noise reads (macron or wave): no name writes C̄ or C̃
      // there. A leaning one may be Ć's acute; one cut from the letter's top with no bridge may be Z's own bar.
      const bar = onLetter.length === 1 && !unbridged.has(onLetter[0]!) && levelBar(onLetter[0]!, mask, crop.width);
      if ((kind === 'macron' || kind === 'tilde') && orthography.caronCsz === true && /^[CSZ]$/.test(base) && bar) {
        return (base + combining.caron).normalize('NFC');
      }
      // Nothing seen: the letter as OCR read it (a Ç whose cedilla the pixels missed stays a Ç).
      if (kind === null || !markable.test(base) || (kind === 'dot' && ownDot(i))) return c;
      if (kind === 'dot' && onLetter.length > 0 && onLetter.every((m) => necklessMerged.has(m))) return c;
      const composed = (base + combining[kind]).normalize('NFC');
      // Only letters that names are written with: a mark composing to another (Ẽ, Ǎ, Ỳ) is noise.
      return nameLetters.has(composed) ? composed : c;
    });
    return { text: marked.join(''), joined, lettersInk, perLetter: { ocr: letters, marked }, onInk: onBlobs, placed };
  };
  // A word whose letters the texture joined is measured again with only ink near the letters' darkness: a mark in
  // their ink stays (marks are taken at 0.7 of it), and texture lighter than that no longer bridges letters. That
  // measure only adds marks below the baseline, placed by where they hang, to letters the first left plain: a mark
  // above is shaped by its core alone at that darkness (a harsh copy's tilde came out an arch, Â), and the lighter
  // texture that would put a faint one in doubt is no longer seen.
  let strict: Ink | null = null;
  const out: string[] = [];
  let onInk = words.length > 0;
  // The letters' darkest ink over the whole line, for telling a printed hyphen from texture between words.
  const lineLetterInk: number[] = [];
  // Letters blur joined so that too few stand apart to measure the line's gaps (lineLetters): no gap tells a hyphen.
  const gapsMeasured = lineLetters(words, blobs) !== null;
  const strictInkOf = (): Ink =>
    (strict ??= inkDarkerThan(crop, Math.min(threshold, paper - strictInk * (paper - percentile(crop.data, 0.02))), connectedComponents));
  for (const word of words) {
    let read = markedWord(word, { mask, blobs }, true);
    const joined = read.joined;
    if (joined) {
      const again = markedWord(word, strictInkOf(), false);
      // The darker measure stood the letters apart: a mark this measure could not place is placed where that one put
      // its core, the mark's shape still read at the page's threshold (a tilde's core alone reads as an arch).
      if (again.onInk && again.placed.length > 0 && read.perLetter !== null && again.perLetter?.ocr.length === read.perLetter.ocr.length) {
        const inside = (m: Blob) => (p: { readonly blob: Blob }) => p.blob.cx >= m.minX && p.blob.cx <= m.maxX && p.blob.cy >= m.minY && p.blob.cy <= m.maxY;
        read = markedWord(word, { mask, blobs }, true, (m) => {
          const cores = again.placed.filter(inside(m));
          return cores.length > 0 && cores.every((c) => c.at === cores[0]!.at) ? cores[0]!.at : undefined;
        });
      }
      const merged = again.joined ? null : withMarksBelow(read.perLetter, again.perLetter);
      if (merged !== null) read = { ...again, text: merged };
    }
    // The darker measure parts the letters blur joined, and with them a hyphen or apostrophe OCR read nothing for
    // (`SEOYEON`). Two letters may be joined through the hyphen alone, the rest standing apart: in such a word only
    // where that measure stands each letter apart, one blob a letter (a serif A whose hairline fades there leaves its
    // bar a dash between two blobs: `ÁLV-ARO`).
    out.push(punctuationInJoinedWord(read.text, word, strictInkOf().blobs, !joined && gapsMeasured));
    onInk &&= read.onInk;
    lineLetterInk.push(...read.lettersInk);
  }
  // A hyphen is printed in the letters' ink; a guilloche's stroke between two words is lighter.
  const inkOfLetters = lineLetterInk.length === 0 ? null : median(lineLetterInk);
  const dashInked = (b: Blob): boolean => inkOfLetters === null || paper - darkest(crop, mask, b) >= 0.7 * (paper - inkOfLetters);
  const inked = blobs.filter(dashInked);
  return { text: joinWords(out.map((text, i) => slashOverDash(text, words[i]!, inked)), words, inked, blobs, () => strictInkOf().blobs), onInk };
}

/** A name word as read with its marks. */
export interface MarkedWord {
  readonly text: string;
  /** Three or more letters make one blob. */
  readonly joined: boolean;
  readonly lettersInk: readonly number[];
  /** Per OCR letter (capitals), what the reading made of it. */
  readonly perLetter: { readonly ocr: readonly string[]; readonly marked: readonly string[] } | null;
  /** Each letter stood on its own ink (letterCentres' onBlobs), so the ink placed the marks; else centres were estimated. */
  readonly onInk: boolean;
  /** The marks above placed on letters that stood on their own ink, with the letter each went to. */
  readonly placed: readonly { readonly blob: Blob; readonly at: number }[];
}

/** The letter another measure placed a mark on: its own mark lying inside this one's box. */
type PlacedMarks = (m: Blob) => number | undefined;

/**
 * A word's letters as the first measure read them, with the letters it left as OCR read them taken from the second
 * (which reads marks below only): the first measure's own readings stand (a mark above it placed, an Æ), since the
 * second cannot see marks above. Null where either was not read letter by letter.
 */
export function withMarksBelow(first: MarkedWord['perLetter'], second: MarkedWord['perLetter']): string | null {
  if (first === null || second === null || first.marked.length !== second.marked.length) return null;
  return first.marked.map((m, i) => (m !== first.ocr[i] ? m : second.marked[i]!)).join('');
}

/** A crop's pixels darker than a threshold, and their blobs. */
interface Ink {
  readonly mask: Uint8Array;
  readonly blobs: readonly Blob[];
}

/** How dark, from the paper to the letters' darkest ink, a pixel of a word re-measured for joined letters must be. */
const strictInk = 0.6;

function inkDarkerThan(crop: RawImage, threshold: number, connectedComponents: BlobMeasures['connectedComponents']): Ink {
  const mask = new Uint8Array(crop.width * crop.height);
  for (let i = 0; i < mask.length; i++) mask[i] = crop.data[i]! < threshold ? 1 : 0;
  // Ink the crop cuts at a side and that runs its whole height is the page's edge or a portrait's frame, never a
  // letter: as the blob with most ink it would set the letters' height.
  const blobs = connectedComponents(mask, crop.width, crop.height, 3).filter(
    (b) => !(b.minY === 0 && b.maxY === crop.height - 1 && (b.minX === 0 || b.maxX === crop.width - 1)),
  );
  return { mask, blobs };
}

/**
 * Where OCR read one glyph as two letters: Æ and Œ come out as `AE` and `OE`. A word with one letter-sized blob
 * fewer than letters and no two letters touching (a touching pair is some two capital heights wide, a single
 * capital at most ~1.45, Æ ~1.4), where an `AE` or `OE` pair falls on one blob at least 1.1 capital heights wide,
 * printed the ligature. The index of the pair's first letter, or -1.
 */
function ligatureAt(
  letters: readonly string[],
  tall: readonly Blob[],
  capHeight: number,
  mask: Uint8Array,
  maskWidth: number,
  imaging: Pick<BlobMeasures, 'connectedComponents'>,
): number {
  const isLetter = letters.map((c) => /[\p{L}\d]/u.test(c));
  if (tall.length === 0 || tall.length !== isLetter.filter(Boolean).length - 1) return -1;
  const inOrder = [...tall].sort((a, b) => a.cx - b.cx);
  const wide = inOrder.map((b) => (b.maxX - b.minX + 1) / capHeight);
  if (wide.some((w) => w > 1.7)) return -1;
  let k = 0;
  for (let i = 0; i < letters.length; i++) {
    if (!isLetter[i]) continue;
    const pair = letters[i]! + (letters[i + 1] ?? '');
    if ((pair === 'AE' || pair === 'OE') && wide[k]! >= 1.1 && !pinched(inOrder[k]!, capHeight, mask, maskWidth, imaging)) return i;
    k += 1;
  }
  return -1;
}

/**
 * Whether the one blob OCR read as an A or an E is Æ: wider than any E (E 0.57-0.94 capitals in the faces measured,
 * Æ 1.12-1.46), and flat along its top where A comes to an apex (its top sixth inked over 0.57-0.84 of Æ's width,
 * 0.17-0.46 of A's, at 18-60 px in DejaVu, Liberation, Noto and OCR-B alike): width alone does not part them, a serif
 * A being as wide as a condensed face's Æ. Not two letters pinched.
 */
function ligatureAlone(
  b: Blob | null,
  capTop: number,
  capHeight: number,
  letterSpan: number,
  mask: Uint8Array,
  maskWidth: number,
  imaging: Pick<BlobMeasures, 'connectedComponents'>,
): boolean {
  if (b === null) return false;
  const w = b.maxX - b.minX + 1;
  return w >= capHeight * 1.0 && w >= letterSpan * 1.3 && w <= capHeight * 1.7 && topInkShare(b, capTop, capHeight, mask, maskWidth) >= 0.52 && !pinched(b, capHeight, mask, maskWidth, imaging);
}

/**
 * The share of a letter's columns inked along its top sixth, counting only its own ink (ownInk: a kerned neighbour's
 * arm over it, T's over an A, is not its own). Dots blur joined above the capitals are no top.
 */
function topInkShare(b: Blob, capTop: number, capHeight: number, mask: Uint8Array, maskWidth: number): number {
  const own = ownInk(b, mask, maskWidth);
  const h = b.maxY - b.minY + 1;
  const top = (b.minY >= capTop - capHeight * 0.15 ? b.minY : Math.round(capTop)) - b.minY;
  const band = Math.max(1, Math.round(capHeight / 6));
  let inked = 0;
  for (let x = 0; x < own.width; x++) {
    for (let y = Math.max(0, top); y < Math.min(h, top + band); y++) {
      if (own.mask[y * own.width + x] === 1) {
        inked += 1;
        break;
      }
    }
  }
  return inked / own.width;
}

/**
 * Whether a blob is two letters joined at a pinch: a column in its middle half whose ink spans under a third of its
 * height, and without which the blob falls into two parts each 0.8 of a capital tall or more, where blur bridged two
 * letters at one point (NOËL's O bulging into its Ë's stem; an A's foot touching the E after it). A ligature's
 * letters share a stroke from top to bottom (Œ's stem, Æ's diagonal): a column through Æ's crossbar alone leaves
 * its A's lower leg some 0.6 of a capital.
 */
function pinched(b: Blob, capHeight: number, mask: Uint8Array, maskWidth: number, imaging: Pick<BlobMeasures, 'connectedComponents'>): boolean {
  const w = b.maxX - b.minX + 1;
  const h = b.maxY - b.minY + 1;
  for (let x = b.minX + Math.round(w / 4); x <= b.maxX - Math.round(w / 4); x++) {
    const ink = inkEnds(b, mask, maskWidth, { column: x });
    if (ink === null || ink.last - ink.first + 1 >= h / 3) continue;
    if (partsWithout(b, x, mask, maskWidth, imaging).filter((height) => height >= capHeight * 0.8).length >= 2) return true;
  }
  return false;
}

/** The heights of the pieces a blob's ink falls into with column `cut` taken out. */
function partsWithout(b: Blob, cut: number, mask: Uint8Array, maskWidth: number, { connectedComponents }: Pick<BlobMeasures, 'connectedComponents'>): number[] {
  const w = b.maxX - b.minX + 1;
  const h = b.maxY - b.minY + 1;
  const part = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) part[y * w + x] = b.minX + x !== cut && mask[(b.minY + y) * maskWidth + b.minX + x] === 1 ? 1 : 0;
  return connectedComponents(part, w, h, 1).map((piece) => piece.maxY - piece.minY + 1);
}

/**
 * Marks the page threshold joined to their letter (texture or blur bridging the small gap under an acute): the
 * ink of a letter that stands clearly above its neighbours' tops, and not below their baseline (Ø's stroke does
 * both), cut where the neighbours' capitals begin. On a blurred scan the mark may widen into the letter with no
 * narrower bridge (Ê, Ã): what stands above is judged as a mark by its ink and its shape, as a mark apart is, save
 * over a round top (see `unbridged`).
 */
function marksMergedInto(
  letter: Blob,
  tall: readonly Blob[],
  capHeight: number,
  markSize: number,
  mask: Uint8Array,
  maskWidth: number,
  { connectedComponents }: Pick<BlobMeasures, 'connectedComponents'>,
): Blob[] {
  const near = tall
    .filter((t) => t !== letter)
    .sort((a, b) => Math.abs(a.cx - letter.cx) - Math.abs(b.cx - letter.cx))
    .slice(0, 3);
  if (near.length < 2) return [];
  // Ink running into the crop's top edge is the row above joined on, not a mark whose shape can be seen whole.
  if (letter.minY === 0) return [];
  const top = median(near.map((t) => t.minY));
  const base = median(near.map((t) => t.maxY));
  if (letter.minY > top - Math.max(2, capHeight * 0.15) || letter.maxY > base + capHeight * 0.1) return [];
  // A letter set higher than its neighbours (a tilted line's first letter of a word, a printer's jitter) rises above
  // their tops by as much as its foot: it is no taller than they are, and what stands above them is its own top.
  const rise = top - letter.minY;
  const taller = letter.maxY - letter.minY - median(near.map((t) => t.maxY - t.minY));
  if (taller < rise * 0.5) return [];
  // The cut leaves a row between the mark and the letter's top, as the gap printed there.
  const cutBelow = top - 2;
  const width = letter.maxX - letter.minX + 1;
  const height = cutBelow - letter.minY + 1;
  if (height < 2) return [];
  const part = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) part[y * width + x] = mask[(letter.minY + y) * maskWidth + letter.minX + x]!;
  }
  const ring = holesIn(mask, maskWidth, { x0: letter.minX, x1: letter.maxX, y0: letter.minY, y1: top }) >= 1;
  // A mark joins its letter by a thin bridge: below its widest row the ink narrows to half or less before the
  // letter begins; or it stands well above the letter (an acute on a sans I's stem, as wide as the stem).
  const necked = neckBelowWidest(mask, maskWidth, letter, top);
  const bridged = ring || top - letter.minY >= capHeight * 0.22 || necked;
  return connectedComponents(part, width, height, 3)
    .filter((b) => b.n >= markSize && b.maxY - b.minY + 1 < capHeight * 0.5)
    .map((b) => {
      const mark = { ...b, cx: b.cx + letter.minX, cy: b.cy + letter.minY, minX: b.minX + letter.minX, maxX: b.maxX + letter.minX, minY: b.minY + letter.minY, maxY: b.maxY + letter.minY };
      if (ring) closedRings.add(mark);
      if (!bridged) unbridged.add(mark);
      if (!ring && !necked && mark.maxX - mark.minX + 1 >= width * 0.75) necklessMerged.add(mark);
      return mark;
    });
}

/** Whether the ink in `letter`'s columns, above row `top`, narrows to half its widest row somewhere below that row. */
function neckBelowWidest(mask: Uint8Array, maskWidth: number, letter: Blob, top: number): boolean {
  const rows: number[] = [];
  for (let y = letter.minY; y < top; y++) {
    let ink = 0;
    for (let x = letter.minX; x <= letter.maxX; x++) ink += mask[y * maskWidth + x] === 1 ? 1 : 0;
    rows.push(ink);
  }
  const widest = rows.indexOf(Math.max(...rows));
  const below = rows.slice(widest + 1);
  return below.length > 0 && Math.min(...below) <= rows[widest]! * 0.5;
}

/**
 * Merged marks with no narrower bridge to their letter (blur widened the mark into it). A round top (O, C, G, Q, S)
 * overshoots the capitals' line and rises further on a tilted line, widening all the way down as such a mark does:
 * over those letters, such ink is no mark beyond doubt; nor, over any letter, a flat bar (a macron's shape).
 */
const unbridged = new WeakSet<Blob>();
const roundTopped = /^[OCGQS]$/;

/**
 * Merged marks as wide as their letter, joined to it with no narrower row between (whatever their height): a dot is
 * printed apart from its stem and narrower than its letter, so ink rising from a stem at the stem's own width is the
 * stem (a faded word's neighbours set its top low). A dot blur fused onto a wider letter's top (Ė) stays a mark.
 */
const necklessMerged = new WeakSet<Blob>();

/** Merged marks that close a ring of ink (Å's ring sitting on the A's apex): cut at the capitals' top, it would look like a cup. */
const closedRings = new WeakSet<Blob>();

/** How many separate pockets of background the ink inside `box` encloses (an O's eye; two in Ø, split by its stroke). */
const holesIn = (mask: Uint8Array, maskWidth: number, box: Box): number => eyesIn(mask, maskWidth, box).length;

interface Box {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

/** The pockets of background the ink inside `box` encloses, each with its centre (page pixels). */
function eyesIn(mask: Uint8Array, maskWidth: number, box: Box): { cx: number; cy: number; size: number }[] {
  const w = box.x1 - box.x0 + 1;
  const h = box.y1 - box.y0 + 1;
  if (w < 3 || h < 3) return [];
  const paper = (p: number): boolean => mask[(box.y0 + Math.floor(p / w)) * maskWidth + box.x0 + (p % w)] !== 1;
  const eyes: { cx: number; cy: number; size: number }[] = [];
  // Background that reaches the box's edge is outside; what does not is enclosed.
  for (const pocket of regionsIn(w, h, paper, false)) {
    const xs = pocket.map((p) => p % w);
    const ys = pocket.map((p) => Math.floor(p / w));
    const edge = xs.some((x) => x === 0 || x === w - 1) || ys.some((y) => y === 0 || y === h - 1);
    if (!edge && pocket.length >= 2) eyes.push({ cx: box.x0 + mean(xs), cy: box.y0 + mean(ys), size: pocket.length });
  }
  return eyes;
}

/** The connected regions (4- or 8-connected) of a w×h box's pixels for which `member` holds, as box indices. */
function regionsIn(w: number, h: number, member: (p: number) => boolean, eight: boolean): number[][] {
  const seen = new Uint8Array(w * h);
  const steps = eight ? [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]] : [[0, -1], [-1, 0], [1, 0], [0, 1]];
  const regions: number[][] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || !member(start)) continue;
    seen[start] = 1;
    const region: number[] = [];
    const stack = [start];
    while (stack.length > 0) {
      const p = stack.pop()!;
      region.push(p);
      const x = p % w;
      const y = (p - x) / w;
      for (const [dx, dy] of steps) {
        const xx = x + dx!;
        const yy = y + dy!;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
        const q = yy * w + xx;
        if (!seen[q] && member(q)) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    regions.push(region);
  }
  return regions;
}

/**
 * Whether a letter's two largest eyes are one round eye split by a stroke rising to the right, as Ø's: the upper
 * eye lies left of the lower one, the line between their centres leaning by at least 0.3 of its rise. B's and 8's
 * eyes stand one above the other (at most 0.14 on the tuning crops), as do a blurred G's (0.1); Ø's lean 0.4 to
 * 0.95.
 */
function splitEye(eyes: readonly { cx: number; cy: number; size: number }[]): boolean {
  if (eyes.length < 2) return false;
  const [a, b] = [...eyes].sort((p, q) => q.size - p.size);
  const [upper, lower] = a!.cy < b!.cy ? [a!, b!] : [b!, a!];
  return lower.cx - upper.cx >= 0.3 * Math.max(1, lower.cy - upper.cy);
}

/** The ink of `b` below row `from`: how wide it spans and its mean column; null where there is none. */
function inkBelow(b: Blob, from: number, mask: Uint8Array, maskWidth: number): { width: number; centre: number } | null {
  let minX = Number.POSITIVE_INFINITY;
  let maxX = -1;
  let sum = 0;
  let n = 0;
  for (let y = Math.max(b.minY, Math.ceil(from)); y <= b.maxY; y++) {
    for (let x = b.minX; x <= b.maxX; x++) {
      if (mask[y * maskWidth + x] !== 1) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      sum += x;
      n += 1;
    }
  }
  return n === 0 ? null : { width: maxX - minX + 1, centre: sum / n };
}

/**
 * Whether the letters OCR read as small ones without ascenders (a, e, o, …) are clearly shorter than those it read as
 * capitals or as tall small letters (b, d, l, …): by 0.12 of their height or more. Blur adds as much to a small
 * letter's height as to a capital's, so their ratio nears 1 on a soft copy (`Biometria`, 0.84); the difference stays.
 * A capital OCR read in lower case (`o` for O) is a capital's height.
 */
export function smallLettersShorter(tall: readonly Blob[], small: readonly Blob[]): boolean {
  if (tall.length === 0 || small.length === 0) return false;
  const heightOf = (b: Blob): number => b.maxY - b.minY + 1;
  const full = median(tall.map(heightOf));
  return full - median(small.map(heightOf)) >= full * 0.12;
}

/** The tall blob (a letter's ink) whose centre is nearest a letter's estimated centre, within about half a letter. */
function letterBlob(centre: number, tall: readonly Blob[], letterWidth: number): Blob | null {
  let best: Blob | null = null;
  for (const b of tall) if (best === null || Math.abs(b.cx - centre) < Math.abs(best.cx - centre)) best = b;
  return best !== null && Math.abs(best.cx - centre) < letterWidth * 0.6 ? best : null;
}

/**
 * Letters whose mark is a stroke through them, which OCR reads as the plain letter: an O whose eye a stroke splits
 * in two is Ø (OCR gives O, 0, @, Q, D, Ö, B, 8, G or C; the MRZ's OE then confirms it); an L whose stem a stroke crosses,
 * out on both sides, is Ł;
 * a D (or a one-eyed B or P) whose stem a bar crosses, out to the left, is Ð.
 */
function struckLetter(
  base: string,
  blob: Blob | null,
  mask: Uint8Array,
  maskWidth: number,
  capTop: number,
  column: { readonly centre: number; readonly width: number },
): string | null {
  if (blob === null) return null;
  const h = blob.maxY - blob.minY + 1;
  const w = blob.maxX - blob.minX + 1;
  // One letter's ink, not two touching ones (a D kerned into the O beside it also holds two eyes).
  // Eyes only within the capitals' height: a diaeresis blurred onto an O's top encloses paper above it (Ö, not Ø).
  const eyes = { x0: blob.minX, x1: blob.maxX, y0: Math.max(blob.minY, Math.round(capTop)), y1: blob.maxY };
  if (w < h * 1.25) {
    // OCR gives Ø as O, 0, @, Q, D or Ö, whose single eye only a stroke splits; and as B, 8, G or C, which close a
    // second eye of their own (B, 8; a G whose bar blur joins to its bowl), or Z, its stroke read with no bowl round
    // it: for those, only a split eye.
    const found = eyesIn(mask, maskWidth, eyes);
    if ('O0@QDÖ'.includes(base) && found.length >= 2) return 'Ø';
    if ('BGC8IZ'.includes(base) && splitEye(found)) return 'Ø';
  } else if ('O0@QDÖ'.includes(base)) {
    // Letters a bold face joined into one blob (LØV): the eyes in the letter's own column, where a neighbour's eye
    // (a D's, an A's) is cut off by the column's edge, split as a stroke splits Ø's.
    const x0 = Math.max(blob.minX, Math.round(column.centre - column.width * 0.6));
    const x1 = Math.min(blob.maxX, Math.round(column.centre + column.width * 0.6));
    const own = eyesIn(mask, maskWidth, { ...eyes, x0, x1 }).filter((e) => Math.abs(e.cx - column.centre) <= column.width * 0.4);
    if (splitEye(own)) return 'Ø';
  }
  if (base === 'D') return barLeftOfStem(blob, mask, maskWidth) ? 'Ð' : null;
  // Tesseract's eng reads Ð as B or P too (GUÐRÚN as GUBRÚN, GUÐMUNDSSON as GUPMUNDSSON): such a letter with one
  // eye, whose stem a bar crosses.
  if ('BP'.includes(base)) return holesIn(mask, maskWidth, eyes) === 1 && barLeftOfStem(blob, mask, maskWidth) ? 'Ð' : null;
  // OCR reads Ł as E as well (ŁUKASZ as EUKASZ), its stroke for E's middle bar, and as T (MAŁGORZATA as MATGORZATA).
  if (base !== 'L' && base !== 'T' && base !== 'E') return null;
  // Only the letter's own ink is looked at: a neighbour kerned into its box (NATALIA's A under a T's bar, the V over an
  // L's foot) stands out of the stem as a stroke does. And only a letter whose foot runs on right of the stem, and
  // whose top does not, is an L: not a T (its bar at the top), nor an E (its middle bar a stroke's), nor another
  // letter OCR's box set the L's place on.
  const own = ownInk(blob, mask, maskWidth);
  return strokedL(own.blob, own.mask, own.width) ? 'Ł' : null;
}

/** Whether a letter is an L (its foot runs on right of the stem, its top does not) whose stem a stroke crosses (Ł). */
function strokedL(blob: Blob, mask: Uint8Array, maskWidth: number): boolean {
  const h = blob.maxY - blob.minY + 1;
  const w = blob.maxX - blob.minX + 1;
  // One letter's ink: an L whose foot blur joined to the letter after it is no Ł, however its ink spreads.
  if (w > h * 1.2) return false;
  // The stem's edges in the band where a stroke crosses it (below the top serifs, above the foot): the stem is
  // where the ink's left edge is furthest right and its right edge furthest left.
  const ends: { y: number; left: number; right: number }[] = [];
  for (let y = blob.minY + Math.round(h * 0.2); y <= blob.minY + Math.round(h * 0.75); y++) {
    const ink = inkEnds(blob, mask, maskWidth, { row: y });
    if (ink !== null) ends.push({ y, left: ink.first, right: ink.last });
  }
  if (ends.length < 4) return false;
  const stemLeft = Math.max(...ends.map((r) => r.left));
  const stemRight = Math.min(...ends.map((r) => r.right));
  const stem = stemRight - stemLeft + 1;
  if (stem < 2) return false;
  // A stroke is ink joined to the stem (a gap of under half the stem's width bridged, where blur thinned it): ink
  // further along the row across paper is another part of the letter, as a typewriter face's L turns its foot's
  // serif up beside the stem.
  const bridged = Math.max(1, Math.round(stem * 0.4));
  const reach = (y: number, from: number, step: 1 | -1): number => {
    let last = from;
    for (let x = from + step, gap = 0; x >= blob.minX && x <= blob.maxX && gap <= bridged; x += step) {
      if (mask[y * maskWidth + x] === 1) {
        last = x;
        gap = 0;
      } else gap++;
    }
    return last;
  };
  // A light face's hairline stroke rises right of the stem as a diagonal chain of pixels, each row's piece apart from
  // the one below it along the row but touching it corner to corner (MAŁGORZATA in a light serif at 23 px): ink
  // right of the stem joined to it, 8-connected within the band, reaches as far as the row's own run does not.
  const chained = chainedRightOfStem(blob, mask, maskWidth, stemRight, ends[0]!.y, ends.at(-1)!.y);
  const rows = ends.map((r) => ({ left: reach(r.y, stemLeft, -1), right: Math.max(reach(r.y, stemRight, 1), chained.get(r.y) ?? stemRight) }));
  // The stroke crosses the stem obliquely: in a bold sans at small sizes it stands out left by a pixel or two only.
  const outLeft = rows.filter((r) => r.left < stemLeft - Math.max(1, stem * 0.25)).length;
  const outRight = rows.filter((r) => r.right > stemRight + stem * 0.5).length;
  // A pixel out on the left, where a stem's edge may waver by one, counts only just below the rows out on the right:
  // the stroke rises to the right, so its left arm lies lower (MAŁGORZATA's in a light face: right 5 px, left 1). It
  // starts within about a stem's width below the right arm's foot, and is as thick as that arm (ŁUKASZ on a scan:
  // right arm two rows, left arm three rows under it).
  const lowestRight = rows.findLastIndex((r) => r.right > stemRight + stem * 0.5);
  const leftBelow = rows.slice(lowestRight + 1, lowestRight + 1 + Math.max(2, Math.round(stem)) + outRight).filter((r) => r.left < stemLeft).length;
  if (outRight < 2 || (outLeft < 2 && leftBelow < 2)) return false;
  // A stroke adds ink to the stem and never cuts it: the stem runs from the letter's top to its foot. A Y (a letter
  // whose place OCR misjudged) has its arms out both sides where an Ł's stroke is, and no stem above them.
  // Its middle column is looked at: a serif face's thick arm overlaps the stem's edge columns.
  const middle = [Math.floor((stemLeft + stemRight) / 2), Math.ceil((stemLeft + stemRight) / 2)];
  let stemRows = 0;
  for (let y = blob.minY; y <= blob.maxY; y++) if (middle.some((x) => mask[y * maskWidth + x] === 1)) stemRows++;
  if (stemRows < h * 0.9) return false;
  const top = inkEnds(blob, mask, maskWidth, { row: blob.minY + Math.round(h * 0.05) });
  const foot = inkEnds(blob, mask, maskWidth, { row: blob.maxY - Math.round(h * 0.05) });
  if (top === null || foot === null) return false;
  // An L's top stops at its stem where its foot runs on; an E blurred to one blob reaches as far at both (its stem
  // measured thick, its top arm within a stem's width of it).
  const footReach = foot.last - stemRight;
  const topReach = top.last - stemRight;
  return footReach >= w * 0.3 && topReach <= stem && topReach <= footReach * 0.5;
}

/**
 * Per row from `top` to `bottom`, the rightmost ink right of the stem (its right edge `stemRight`) joined to the stem
 * through ink 8-connected within those rows and right of the stem.
 */
function chainedRightOfStem(blob: Blob, mask: Uint8Array, maskWidth: number, stemRight: number, top: number, bottom: number): Map<number, number> {
  const ink = (x: number, y: number): boolean => x > stemRight && x <= blob.maxX && y >= top && y <= bottom && mask[y * maskWidth + x] === 1;
  const seen = new Set<number>();
  const queue: [number, number][] = [];
  for (let y = top; y <= bottom; y++) {
    // Seeds: ink touching the stem's right edge (or corner to corner with it).
    for (const dy of [-1, 0, 1]) {
      if (mask[(y + dy) * maskWidth + stemRight] === 1 && ink(stemRight + 1, y)) {
        queue.push([stemRight + 1, y]);
        break;
      }
    }
  }
  const far = new Map<number, number>();
  while (queue.length > 0) {
    const [x, y] = queue.pop()!;
    const key = y * maskWidth + x;
    if (seen.has(key)) continue;
    seen.add(key);
    far.set(y, Math.max(far.get(y) ?? x, x));
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx !== 0 || dy !== 0) && ink(x + dx, y + dy) && !seen.has((y + dy) * maskWidth + x + dx)) queue.push([x + dx, y + dy]);
  }
  return far;
}

/**
 * A blob's own ink: the largest 8-connected piece of ink inside its box, as a mask of the box alone, and the blob
 * placed in it (ink of a neighbour reaching into the box left out).
 */
function ownInk(blob: Blob, mask: Uint8Array, maskWidth: number): { mask: Uint8Array; width: number; blob: Blob } {
  const w = blob.maxX - blob.minX + 1;
  const h = blob.maxY - blob.minY + 1;
  const ink = (p: number): boolean => mask[(blob.minY + Math.floor(p / w)) * maskWidth + blob.minX + (p % w)] === 1;
  const largest = regionsIn(w, h, ink, true).reduce<number[]>((a, b) => (b.length > a.length ? b : a), []);
  const own = new Uint8Array(w * h);
  for (const p of largest) own[p] = 1;
  return { mask: own, width: w, blob: { ...blob, minX: 0, maxX: w - 1, minY: 0, maxY: h - 1 } };
}

/**
 * Whether a D's stem is crossed by a bar standing out to its left (Ð): in the middle of the letter's height, a few
 * rows whose ink begins well left of where the stem's left edge runs above and below them.
 */
function barLeftOfStem(blob: Blob, mask: Uint8Array, maskWidth: number): boolean {
  const h = blob.maxY - blob.minY + 1;
  const lefts: number[] = [];
  const runs: number[] = [];
  for (let y = blob.minY; y <= blob.maxY; y++) {
    let x = blob.minX;
    while (x <= blob.maxX && mask[y * maskWidth + x] !== 1) x++;
    let run = 0;
    while (x + run <= blob.maxX && mask[y * maskWidth + x + run] === 1) run++;
    lefts.push(x);
    runs.push(run);
  }
  // The stem's left edge and width where no bar is: the letter's upper and lower quarters, inside its serifs.
  const outer = [...lefts.slice(Math.round(h * 0.12), Math.round(h * 0.3)), ...lefts.slice(Math.round(h * 0.7), Math.round(h * 0.88))];
  const stemRuns = [...runs.slice(Math.round(h * 0.12), Math.round(h * 0.3)), ...runs.slice(Math.round(h * 0.7), Math.round(h * 0.88))];
  if (outer.length < 4) return false;
  const stemLeft = median(outer);
  // The stem's width, not the bowl's top and bottom strokes': in a bold face those fill much of the outer quarters,
  // where the ink runs on from the stem across the letter (SIGURÐSSON's Ð at 24 px: runs of 6 and of 19).
  const stem = Math.max(1, [...stemRuns].sort((a, b) => a - b)[Math.floor(stemRuns.length / 4)]!);
  // The bar stands out a short way, as Ð's does: a line crossing the page runs on out of the letter's box.
  const middle = lefts.slice(Math.round(h * 0.3), Math.round(h * 0.7));
  // A quarter of the stem, two pixels at least: bold sans faces draw Ð's bar standing out 3 px of a 7 px stem.
  const barRows = middle.filter((x) => x <= stemLeft - Math.max(2, stem * 0.25)).length;
  // Or a bar out a pixel only (a small or soft print), that runs on from the stem's right edge into the bowl, half
  // the stem's width and more (two pixels at least), short of the bowl's far side: a plain D's bowl is empty at
  // mid-height, and a line crossing the page runs through it. A condensed bold face's bar stands 2-3 px into a bowl
  // 5 px wide (SIGRÍÐUR at 20 px, a 4 px stem).
  const w = blob.maxX - blob.minX + 1;
  const middleRuns = runs.slice(Math.round(h * 0.3), Math.round(h * 0.7));
  const intoBowl = (x: number, run: number): number => x + run - (stemLeft + stem);
  const innerBarRows = middle.filter((x, i) => x <= stemLeft - 1 && intoBowl(x, middleRuns[i]!) >= Math.max(2, stem * 0.5) && middleRuns[i]! <= w * 0.75).length;
  const reach = stemLeft - Math.min(...middle);
  const rows = Math.max(barRows, innerBarRows);
  return rows >= 2 && rows <= h * 0.25 && reach <= h * 0.3 && w <= h * 1.15;
}

/**
 * Where each letter's centre lies, and whether on the word's blobs. When the word's letters and its letter-sized
 * blobs are as many, in order, each letter sits on its blob; where neighbours ran together, on its share of the
 * joined blob; otherwise centres are spread by relative advance widths over the span of the word's ink (OCR's box may
 * take in margin: `ANDRES` boxed from the crop's left edge put the É's mark over the S).
 */
export function letterCentres(letters: readonly string[], tall: readonly Blob[], x0: number, x1: number): { centres: number[]; onBlobs: boolean } {
  const inOrder = [...tall].sort((a, b) => a.cx - b.cx);
  const isLetter = letters.map((c) => /[\p{L}\d]/u.test(c));
  // As many blobs as letters place each letter on its blob, unless one blob is as wide as two letters and another
  // too narrow for the letter it would take (not an I or J): a join and a split matching the count by chance, the
  // letters between them one blob off. A wide blob alone is a letter with ink beside it (the line's end run on).
  const width = (b: Blob): number => b.maxX - b.minX + 1;
  const height = median(inOrder.map((b) => b.maxY - b.minY + 1));
  const usualWidth = median(inOrder.map(width));
  const lettersRead = letters.filter((_, i) => isLetter[i]);
  const joinAndSplit =
    inOrder.some((b) => width(b) >= height * 1.4) && inOrder.some((b, k) => width(b) < usualWidth * 0.6 && advance(lettersRead[k] ?? '') > 0.35);
  if (inOrder.length > 0 && inOrder.length === lettersRead.length && !joinAndSplit) {
    let k = 0;
    const onBlobs = letters.map((_, i) => (isLetter[i] ? inOrder[k++]!.cx : Number.NaN));
    // A hyphen or apostrophe between letters: halfway between its neighbours.
    return { centres: onBlobs.map((c, i) => (Number.isNaN(c) ? ((onBlobs[i - 1] ?? x0) + (onBlobs[i + 1] ?? x1)) / 2 : c)), onBlobs: true };
  }
  const merged = centresOverMergedBlobs(letters, isLetter, inOrder);
  if (merged !== null) return { centres: merged, onBlobs: true };
  const split = centresOverSplitBlobs(letters, isLetter, inOrder, height);
  if (split !== null) return { centres: split, onBlobs: true };
  const beside = centresBeforeExtraLetters(letters, isLetter, inOrder, x0, x1);
  if (beside !== null) return { centres: beside, onBlobs: true };
  const from = inOrder.length > 0 ? Math.max(x0, Math.min(...inOrder.map((b) => b.minX))) : x0;
  const to = inOrder.length > 0 ? Math.min(x1, Math.max(...inOrder.map((b) => b.maxX))) : x1;
  const total = letters.reduce((s, c) => s + advance(c), 0);
  let acc = 0;
  const centres = letters.map((c) => {
    const centre = from + ((acc + advance(c) / 2) / total) * (to - from);
    acc += advance(c);
    return centre;
  });
  return { centres, onBlobs: false };
}

/**
 * Letter centres where OCR read a letter or two more than the word's blobs, and its box runs on past the last blob by
 * at least that many letters' room while it starts where the first does: texture after the name read as letters
 * (`SIGRUNS` for SIGRÚN, boxed past the N over guilloche lines). The letters over the ink are the first ones, each on
 * its blob; the extra ones stand past the ink. Not at a word's start: a box run on before the ink takes in the crop's
 * margin or the page's edge as often as letters. Null otherwise.
 */
function centresBeforeExtraLetters(letters: readonly string[], isLetter: readonly boolean[], inOrder: readonly Blob[], x0: number, x1: number): number[] | null {
  const at = letters.flatMap((_, i) => (isLetter[i] ? [i] : []));
  const extra = at.length - inOrder.length;
  if (inOrder.length < 2 || extra < 1 || extra > 2) return null;
  const from = inOrder[0]!.minX;
  const to = inOrder.at(-1)!.maxX;
  const pitch = (to - from + 1) / inOrder.length;
  if (x1 - to < extra * pitch * 0.6 || from - x0 >= pitch * 0.5) return null;
  const step = (x1 - to + 1) / extra;
  const centreOf = at.map((_, k) => inOrder[k]?.cx ?? to + (k - inOrder.length + 0.5) * step);
  let k = 0;
  const centres = letters.map((_, i) => (isLetter[i] ? centreOf[k++]! : Number.NaN));
  return centres.map((c, i) => (Number.isNaN(c) ? ((centres[i - 1] ?? x0) + (centres[i + 1] ?? x1)) / 2 : c));
}

/**
 * Letter centres where more blobs than letters stand in the word because a letter broke apart at its hairlines (a bold
 * serif's O as two arcs, an N's thin stem): neighbouring blobs touching or under 0.06 of the letters' height apart,
 * no wider together than 1.3 of the letter they would make (by its advance, at the word's pitch), and no part as wide
 * as that letter, are joined, the closest first, until the blobs count the letters. Null where that does not come out
 * exactly: a letter OCR left out is no split, and centres are then spread over the whole word.
 */
function centresOverSplitBlobs(letters: readonly string[], isLetter: readonly boolean[], inOrder: readonly Blob[], height: number): number[] | null {
  const at = letters.flatMap((_, i) => (isLetter[i] ? [i] : []));
  const extra = inOrder.length - at.length;
  if (at.length < 2 || extra < 1 || extra > 2) return null;
  type Group = { minX: number; maxX: number; parts: Blob[] };
  let groups: Group[] = [...inOrder].sort((a, b) => a.minX - b.minX).map((b) => ({ minX: b.minX, maxX: b.maxX, parts: [b] }));
  const span = groups.at(-1)!.maxX - groups[0]!.minX + 1;
  const pitch = span / at.reduce((sum, i) => sum + advance(letters[i]!), 0);
  const gapMost = Math.max(1, Math.round(height * 0.06));
  for (let round = 0; round < extra; round++) {
    let best: { k: number; gap: number } | null = null;
    for (let k = 0; k + 1 < groups.length; k++) {
      const [a, b] = [groups[k]!, groups[k + 1]!];
      const gap = b.minX - a.maxX - 1;
      if (gap > gapMost) continue;
      // The letter the joined pair would be, if the joins so far leave the letters in order.
      const letter = letters[at[Math.min(k, at.length - 1)]!]!;
      const wide = advance(letter) * pitch;
      const joint = Math.max(a.maxX, b.maxX) - a.minX + 1;
      if (joint > wide * 1.3 || a.maxX - a.minX + 1 >= wide || b.maxX - b.minX + 1 >= wide) continue;
      // A piece of a broken letter stands within the letters' height; one reaching past them is a letter of its own
      // whose tail runs below the line (THIJS read `THIS`: its J joined to the S, and the J's tail read as Ş's cedilla).
      if ([...a.parts, ...b.parts].some((part) => part.maxY - part.minY + 1 > height * 1.15)) continue;
      if (best === null || gap < best.gap) best = { k, gap };
    }
    if (best === null) return null;
    const [a, b] = [groups[best.k]!, groups[best.k + 1]!];
    groups = [...groups.slice(0, best.k), { minX: a.minX, maxX: Math.max(a.maxX, b.maxX), parts: [...a.parts, ...b.parts] }, ...groups.slice(best.k + 2)];
  }
  const centreOf = groups.map((g) => g.parts.reduce((sum, p) => sum + p.cx * p.n, 0) / g.parts.reduce((sum, p) => sum + p.n, 0));
  let k = 0;
  const centres = letters.map((_, i) => (isLetter[i] ? centreOf[k++]! : Number.NaN));
  // A hyphen or apostrophe between letters: halfway between its neighbours.
  return centres.map((c, i) => (Number.isNaN(c) ? ((centres[i - 1] ?? centres[i + 1]!) + (centres[i + 1] ?? centres[i - 1]!)) / 2 : c));
}

/**
 * Letter centres where fewer blobs than letters stand in the word because neighbours ran together (a serif face's TT,
 * blur): a blob as wide as k of the word's usual blobs holds k letters, in order, spread over it by their advance
 * widths. Null unless the joins so counted make up the letters exactly: a letter OCR added or one lost from the blobs
 * (too faint, too thin) is no join, and centres are then spread over the whole word.
 */
function centresOverMergedBlobs(letters: readonly string[], isLetter: readonly boolean[], inOrder: readonly Blob[]): number[] | null {
  const at = letters.flatMap((_, i) => (isLetter[i] ? [i] : []));
  const n = at.length;
  if (inOrder.length === 0 || inOrder.length >= n) return null;
  const widths = inOrder.map((b) => b.maxX - b.minX + 1);
  const usual = median(widths);
  const holds = widths.map((w) => Math.max(1, Math.round(w / usual)));
  // A blob about halfway between k and k+1 of the usual widths, rounded up, holds k where the letters are one fewer
  // than the rounding makes them: a bold serif's joined AN (IBÁÑEZ), both letters wider than most, measured 2.5.
  // Never the other way: a wide single letter (W, M) at 1.4 is no join of two.
  if (holds.reduce((a, k) => a + k, 0) === n + 1) {
    const halfway = widths.flatMap((w, j) => (holds[j]! >= 2 ? [{ j, by: Math.abs(w / usual - (holds[j]! - 0.5)) }] : []));
    const nearest = halfway.sort((a, b) => a.by - b.by)[0];
    if (nearest !== undefined && nearest.by <= 0.15) holds[nearest.j] = holds[nearest.j]! - 1;
  }
  if (holds.reduce((a, k) => a + k, 0) !== n) return null;
  // Letters a blob off: a blob too narrow for the one letter it would take (not an I or J) while a blob a letter wide
  // takes an I or J. Wide letters (a W at twice the usual width) were counted as joins where letters were lost at the
  // line's end, and the count came out by chance.
  const firstLetter = holds.map((_, j) => holds.slice(0, j).reduce((a, k) => a + k, 0));
  const alone = (j: number): string | null => (holds[j] === 1 ? letters[at[firstLetter[j]!]!]! : null);
  const stem = (letter: string): boolean => advance(letter) <= 0.35;
  const narrowTakesLetter = widths.some((w, j) => w < usual * 0.6 && alone(j) !== null && !stem(alone(j)!));
  const wideTakesStem = widths.some((w, j) => w >= usual * 0.8 && alone(j) !== null && stem(alone(j)!));
  if (narrowTakesLetter && wideTakesStem) return null;
  const centreOf: number[] = [];
  inOrder.forEach((b, j) => {
    const span = at.slice(centreOf.length, centreOf.length + holds[j]!).map((i) => advance(letters[i]!));
    const total = span.reduce((a, w) => a + w, 0);
    let acc = 0;
    for (const w of span) {
      centreOf.push(span.length === 1 ? b.cx : b.minX + ((acc + w / 2) / total) * (b.maxX - b.minX + 1));
      acc += w;
    }
  });
  let k = 0;
  const centres = letters.map((_, i) => (isLetter[i] ? centreOf[k++]! : Number.NaN));
  return centres.map((c, i) => (Number.isNaN(c) ? ((centres[i - 1] ?? inOrder[0]!.minX) + (centres[i + 1] ?? inOrder.at(-1)!.maxX)) / 2 : c));
}

/**
 * Background texture read at a line's ends is a letter or two OCR has next to no confidence in (`LUCIA y`, `y` at
 * 0), or a letter or two standing apart from the name, further than two of its letters' heights (a label's tail or a
 * speck at the crop's edge, `s LINNEA`), or boxed less than half as tall as the name's letters (the foot of the label
 * above, `OLIVIA a`); and words of any length in small print off the name's line (another field's label beside it),
 * or set apart and far taller than its letters (the page's edge); a whole name read doubtfully (`ODEGARD` at 19) is
 * still the name.
 */
function withoutTextureAtEnds(read: readonly OcrWord[], measure: (w: OcrWord) => InkRows): OcrWord[] {
  // Each word's ink measured once: the rules below compare every word with the tallest and its neighbours.
  const measured = new Map(read.map((w) => [w, measure(w)]));
  const inkRows = (w: OcrWord): InkRows => measured.get(w) ?? measure(w);
  const letterHeight = (w: OcrWord): number => inkRows(w).height;
  // A word with no letter at an end (`|` `|` for a portrait's edge, `/`) is no name's, and no measure for the words
  // beside it: as the tallest word it made the surname beside it a label's small print (PETROVIĆ came back `| |`).
  const lettered = read.map((w) => /\p{L}/u.test(w.text));
  const first = lettered.indexOf(true);
  const words = first < 0 ? [] : read.slice(first, lettered.lastIndexOf(true) + 1);
  const short = (w: OcrWord): boolean => [...w.text].length <= 2;
  const apart = (w: OcrWord, neighbour: OcrWord | undefined): boolean => {
    if (neighbour === undefined) return false;
    const gap = Math.max(neighbour.bbox.x0 - w.bbox.x1, w.bbox.x0 - neighbour.bbox.x1);
    return gap > 2 * letterHeight(neighbour);
  };
  const flat = (w: OcrWord, neighbour: OcrWord | undefined): boolean =>
    neighbour !== undefined && w.bbox.y1 - w.bbox.y0 < 0.5 * (neighbour.bbox.y1 - neighbour.bbox.y0);
  // Small print off the name's line, however many letters OCR made of it (`NOWAK / Nom`: another field's label
  // beside the name): letters under half as tall as the tallest word's, their middle outside that word's middle
  // half. By the letters' ink, not OCR's boxes: one box that took in the label's feet above (ELEANOR's) made the
  // name's other words small print.
  const tallest = words.reduce<OcrWord | undefined>((a, w) => (a === undefined || letterHeight(w) > letterHeight(a) ? w : a), undefined);
  const smallPrintOff = (w: OcrWord): boolean => {
    if (tallest === undefined || w === tallest) return false;
    const top = inkRows(tallest);
    return letterHeight(w) < 0.5 * top.height && Math.abs(inkRows(w).middle - top.middle) > 0.25 * top.height;
  };
  // A label's tail the widened crop took in beside the name (`ors` of Prénoms): set apart from the name as no word of
  // a name is, and in smaller print than its neighbour, whatever its length.
  const smallApart = (w: OcrWord, neighbour: OcrWord | undefined): boolean =>
    neighbour !== undefined && apart(w, neighbour) && letterHeight(w) < 0.7 * letterHeight(neighbour);
  // Nearer, a label's tail in small letters OCR read in lower case, all or in part (`ioms`, `préNoMs` of PRENOMS
  // beside the given names): names are printed in capitals, each word as tall as the line's words of three letters
  // or more, by their median.
  const longWords = words.filter((w) => w.text.replace(/[^\p{L}]/gu, '').length >= 3);
  const worded = longWords.map(letterHeight);
  const nameHeight = worded.length === 0 ? null : median(worded);
  const smallLower = (w: OcrWord): boolean => nameHeight !== null && /\p{Ll}/u.test(w.text) && letterHeight(w) < 0.7 * nameHeight;
  // Or a word wholly in lower case beside a name read wholly in capitals, its ink shorter than theirs (`wos TOMAS`,
  // a label's tail over texture, as tall by its ink as 0.8 of the name's): OCR took it for small letters, and a
  // capitals page prints no name word so. Measured against the other words alone: of two, it would set the median.
  const lowerBesideCapitals = (w: OcrWord): boolean => {
    const letters = w.text.replace(/[^\p{L}]/gu, '');
    if (letters.length < 2 || letters !== letters.toLowerCase()) return false;
    const others = longWords.filter((o) => o !== w);
    const capitals = others.every((o) => {
      const own = o.text.replace(/[^\p{L}]/gu, '');
      return own === own.toUpperCase();
    });
    return others.length > 0 && capitals && letterHeight(w) < 0.9 * median(others.map(letterHeight));
  };
  // And ink far taller than the name's letters (its neighbour's and the line's words') set apart from it, read as
  // letters (`JOS`): the page's edge and the desk past it, where a crop runs on past a cut MRZ's name. That is at the
  // line's end, and there the line is measured without the word judged: of two words, the desk's set the median.
  const tallApart = (w: OcrWord, neighbour: OcrWord | undefined, atEnd: boolean): boolean => {
    if (neighbour === undefined || !apart(w, neighbour)) return false;
    const others = atEnd ? longWords.filter((o) => o !== w).map(letterHeight) : worded;
    return others.length > 0 && letterHeight(w) > 1.5 * Math.max(letterHeight(neighbour), median(others));
  };
  const texture = (w: OcrWord | undefined, neighbour: OcrWord | undefined, atEnd = false): boolean =>
    w !== undefined &&
    ((short(w) && (w.confidence < 20 || apart(w, neighbour) || flat(w, neighbour))) ||
      smallPrintOff(w) ||
      smallApart(w, neighbour) ||
      tallApart(w, neighbour, atEnd) ||
      smallLower(w) ||
      lowerBesideCapitals(w));
  let start = 0;
  let end = words.length;
  while (start < end && texture(words[start], start + 1 < end ? words[start + 1] : undefined)) start += 1;
  while (end > start && texture(words[end - 1], end - 2 >= start ? words[end - 2] : undefined, true)) end -= 1;
  return words.slice(start, end);
}

/**
 * A word's letter height and middle by its ink, not its box: OCR's box takes in the marks above and the descenders
 * below (JOAQUÍN's box a half taller than its capitals), which would hide a label's tail set apart beside it.
 */
function inkRowsOf(w: OcrWord, blobs: readonly Blob[]): InkRows {
  const { x0, x1, y0, y1 } = w.bbox;
  const within = blobs.filter((b) => b.cx >= x0 && b.cx <= x1 && b.maxY >= y0 && b.minY <= y1);
  // The letters are the blobs with a good share of the largest one's ink (marks and specks have little); their
  // median height, so that a J's or Q's descender or a mark joined to its letter does not set it.
  const mostInk = Math.max(0, ...within.map((b) => b.n));
  const letters = within.filter((b) => b.n >= mostInk * 0.3);
  if (letters.length === 0) return { height: y1 - y0, middle: (y0 + y1) / 2 };
  return { height: Math.min(median(letters.map((b) => b.maxY - b.minY + 1)), y1 - y0), middle: median(letters.map((b) => (b.minY + b.maxY) / 2)) };
}

/** A word's letters' height and the row of their middle, from their own ink (inkRowsOf). */
interface InkRows {
  readonly height: number;
  readonly middle: number;
}

/**
 * Word boxes that cut a letter at an end (OCR ended ANDRES's box where its S begins) take the letter in: a blob as
 * tall as the word's letters, across the box's edge or within a hair of it, that reaches no neighbouring word.
 * Without it the letters' centres, spread over the ink left inside, drift by a letter (É's acute went to the S).
 */
function wordsOverTheirLetters(words: readonly OcrWord[], blobs: readonly Blob[], letterHeightOf: BlobMeasures['letterHeightOf']): OcrWord[] {
  return words.map((word, i) => {
    const { x0, x1, y0, y1 } = word.bbox;
    // As tall as the word's letters inside the box (OCR's box may take in the crop's whole height), on their line.
    const within = blobs.filter((b) => b.cx >= x0 && b.cx <= x1 && b.minY >= y0 - 2 && b.maxY <= y1 + 2);
    if (within.length === 0) return word;
    const letterHeight = letterHeightOf(within).height;
    const lettered = (b: Blob): boolean =>
      Math.abs(b.maxY - b.minY + 1 - letterHeight) <= letterHeight * 0.2 && Math.min(b.maxY, y1) - Math.max(b.minY, y0) >= (b.maxY - b.minY + 1) * 0.5;
    const next = words[i + 1]?.bbox.x0 ?? Number.POSITIVE_INFINITY;
    const previous = words[i - 1]?.bbox.x1 ?? Number.NEGATIVE_INFINITY;
    // Across the edge, or starting within a hair of it (closer than letters are set apart from the next word).
    const hair = letterHeight * 0.15;
    const right = blobs.filter((b) => b.minX <= x1 + hair && b.maxX > x1 && b.cx > x1 && b.maxX < next && lettered(b));
    const left = blobs.filter((b) => b.maxX >= x0 - hair && b.minX < x0 && b.cx < x0 && b.minX > previous && lettered(b));
    if (right.length === 0 && left.length === 0) return word;
    const bbox = { ...word.bbox, x0: Math.min(x0, ...left.map((b) => b.minX)), x1: Math.max(x1, ...right.map((b) => b.maxX)) };
    return { ...word, bbox };
  });
}

/**
 * Word boxes OCR set off their letters (JÖRG boxed over J and Ö, TOBIAS over BIAS; SOFIA's box run out to the crop's
 * left edge): where the line holds exactly as many letter blobs as the words have letters, one a letter, and the
 * words part where the blobs stand further apart than anywhere within a word, each word's box is its own letters'
 * ink. Letters are blobs standing on the capitals' line at least most of a capital tall (a J's tail may hang lower);
 * marks and specks are not.
 */
function wordsByTheirInk(words: readonly OcrWord[], blobs: readonly Blob[], letterHeightOf: BlobMeasures['letterHeightOf']): readonly OcrWord[] {
  if (words.length === 0) return words;
  const counts = words.map((w) => (w.text.match(/\p{L}/gu) ?? []).length);
  if (counts.some((n) => n === 0)) return words;
  const x0 = Math.min(...words.map((w) => w.bbox.x0));
  const x1 = Math.max(...words.map((w) => w.bbox.x1));
  const y0 = Math.min(...words.map((w) => w.bbox.y0));
  const y1 = Math.max(...words.map((w) => w.bbox.y1));
  const letters = letterBlobsIn({ x0, x1, y0, y1 }, blobs, letterHeightOf);
  if (letters.length !== counts.reduce((a, b) => a + b, 0)) return words;
  const gaps = letters.slice(1).map((b, i) => b.minX - letters[i]!.maxX);
  const ends = counts.map((_, i) => counts.slice(0, i + 1).reduce((a, b) => a + b, 0) - 1);
  const between = ends.slice(0, -1).map((e) => gaps[e]!);
  const inside = gaps.filter((_, i) => !ends.includes(i));
  if (inside.length > 0 && Math.min(...between) <= Math.max(...inside)) return words;
  return words.map((word, i) => {
    const own = letters.slice(i === 0 ? 0 : ends[i - 1]! + 1, ends[i]! + 1);
    return { ...word, bbox: { ...word.bbox, x0: own[0]!.minX, x1: own.at(-1)!.maxX } };
  });
}

/**
 * The blobs standing on the capitals' line inside `box` at least most of a capital tall (a J's tail may hang lower),
 * left to right: the letters, one a blob where none touch. Marks and specks are not.
 */
function letterBlobsIn(box: BoundingBox, blobs: readonly Blob[], letterHeightOf: BlobMeasures['letterHeightOf']): Blob[] {
  const within = blobs.filter((b) => b.cx >= box.x0 && b.cx <= box.x1 && b.minY >= box.y0 - 2 && b.maxY <= box.y1 + 2);
  const { height } = letterHeightOf(within);
  if (height <= 0) return [];
  const top = median(within.filter((b) => Math.abs(b.maxY - b.minY + 1 - height) <= height * 0.2).map((b) => b.minY));
  return within
    .filter((b) => Math.abs(b.minY - top) <= height * 0.2 && b.maxY - b.minY + 1 >= height * 0.8 && b.maxY - b.minY + 1 <= height * 1.5)
    .sort((a, b) => a.minX - b.minX);
}

/**
 * OCR reads a capital I under an acute as an I and an i, the acute its dot (`IiNIGO` for ÍÑIGO), and the letters
 * after it then lose their marks a letter early. In a word of capitals whose ink stands one letter fewer than it
 * has letters, the pair is the one I it is (a name's double I, NIIRANEN, stands two stems).
 */
function markedIReadTwice(word: OcrWord, blobs: readonly Blob[], letterHeightOf: BlobMeasures['letterHeightOf']): OcrWord {
  return oneLetterReadAsTwo(word, { pair: /Ii|iI/, letter: 'I', counted: /\p{L}/gu }, blobs, letterHeightOf);
}

/**
 * OCR reads one round letter as two, a Q and an @ or a zero (`Q@YSTEIN` for ØYSTEIN, its stroke the Q's tail): in a
 * word of capitals whose ink stands one letter fewer than it has letters, such a pair is the one letter it is, an O
 * whose eyes then tell Ø. Only pairs OCR's artefacts make (a Q, an @ or a zero with another round reading): a
 * name's QO (QOSJA) or OO stands two letters of ink.
 */
function roundLetterReadTwice(word: OcrWord, blobs: readonly Blob[], letterHeightOf: BlobMeasures['letterHeightOf']): OcrWord {
  return oneLetterReadAsTwo(word, { pair: /Q[@0]|[@0][@0OQ]|O[@0]/, letter: 'O', counted: /[\p{L}@0]/gu }, blobs, letterHeightOf);
}

/**
 * `word` with its first `pair` read as the one `letter` it is, where the rest of it is capitals and its letter-sized
 * ink stands one fewer than the characters `counted` (markedIReadTwice, roundLetterReadTwice); else `word` itself.
 */
function oneLetterReadAsTwo(
  word: OcrWord,
  read: { readonly pair: RegExp; readonly letter: string; readonly counted: RegExp },
  blobs: readonly Blob[],
  letterHeightOf: BlobMeasures['letterHeightOf'],
): OcrWord {
  const pair = read.pair.exec(word.text);
  if (pair === null) return word;
  const before = word.text.slice(0, pair.index);
  const after = word.text.slice(pair.index + pair[0].length);
  if (/\p{Ll}/u.test(before + after)) return word;
  const characters = (word.text.match(read.counted) ?? []).length;
  if (letterBlobsIn(word.bbox, blobs, letterHeightOf).length !== characters - 1) return word;
  return { ...word, text: `${before}${read.letter}${after}` };
}

/** Word boxes that run into the next word (OCR gave one the whole line's width) end where the next begins. */
function wordsWithinTheirOwnInk(words: readonly OcrWord[]): OcrWord[] {
  return words.map((word, i) => {
    const next = words[i + 1];
    if (next === undefined || word.bbox.x1 <= next.bbox.x0 || next.bbox.x0 <= word.bbox.x0) return word;
    return { ...word, bbox: { ...word.bbox, x1: next.bbox.x0 - 1 } };
  });
}

/**
 * The words joined by spaces, or by a hyphen where OCR dropped one: a short, flat blob in the gap between two
 * words, at the middle of their capitals' height (`EL-SAYED` read as `EL` `SAYED`).
 */
function joinWords(texts: readonly string[], words: readonly OcrWord[], blobs: readonly Blob[], allInk: readonly Blob[], darker: () => readonly Blob[]): string {
  // A single-line read under texture splits a word at a letter's gap (`ALE KSANDR`): two words whose letters stand
  // no further apart than the line's letters do are one.
  const line = lineLetters(words, blobs);
  const spaced = line === null ? texts : texts.map((text, i) => spacedAtInkGaps(text, lettersAcross(words[i]!, line, blobs), line, blobs, allInk));
  // The ink gap before each word (from the last letter of the word before), where both have letters.
  const wordGaps = words.map((_, i) => {
    const before = line?.letters[i - 1]?.at(-1);
    const after = line?.letters[i]?.[0];
    return before === undefined || after === undefined ? null : letterGap(before, after);
  });
  let joined = spaced[0] ?? '';
  for (let i = 1; i < spaced.length; i++) {
    const left = words[i - 1]!.bbox;
    const right = words[i]!.bbox;
    const boxTop = Math.min(left.y0, right.y0);
    const boxHeight = Math.max(left.y1, right.y1) - boxTop;
    // The capitals' own top and height, from the two words' letter-sized ink: OCR's boxes take in the marks above
    // them, and an acute beside the gap sits where a hyphen would in the box.
    const capitals = capitalsAcross(blobs, left.x0, right.x1, boxHeight);
    const top = capitals?.top ?? boxTop;
    const capHeight = capitals?.capHeight ?? boxHeight;
    // A dash's centre lies past the left word's letters and short of the right word's: a bar within a letter's reach
    // is that letter's (a light A's crossbar, parted from its legs, read `LUCÍA-SOFÍA`).
    const inked = capitals?.letters ?? [];
    const leftInk = Math.max(...inked.filter((b) => b.cx >= left.x0 && b.cx <= left.x1).map((b) => b.maxX));
    const rightInk = Math.min(...inked.filter((b) => b.cx >= right.x0 && b.cx <= right.x1).map((b) => b.minX));
    const dash = blobs.some(
      (b) =>
        // OCR's word boxes may take in the dash: its centre lies near the gap, its ink is its own blob.
        b.cx > left.x1 - capHeight * 0.8 && b.cx < right.x0 + capHeight * 0.8 && b.cx > leftInk && b.cx < rightInk && dashShaped(b, top, capHeight),
    );
    const noHyphenYet = !joined.endsWith('-') && !spaced[i]!.startsWith('-');
    // Blur joined the hyphen to a letter beside it at the page's threshold (`OLUWADAMILARŁ BABATUNDE`): the darker
    // measure leaves its core, alone midway between the two words' letters.
    const cored = !dash && noHyphenYet && coredDashBetween(darker(), left, right, boxHeight);
    const gap = wordGaps[i];
    // Narrow beside the line's spaces too: a face tracked wide (letters a third of a capital apart) sets its spaces
    // wider still, and OCR splits its words at a letter's gap (`A HMET`) that no fixed share of a capital tells.
    const otherGaps = wordGaps.filter((g, k): g is number => g !== null && k !== i);
    const narrow = (g: number): boolean => g < line!.capHeight * 0.2 || (otherGaps.length > 0 && g < median(otherGaps) * 0.5);
    const glued = line !== null && gap != null && !dash && !cored && gap <= line.gap * 1.5 + 1 && narrow(gap);
    // A stop OCR read at the left word's end is that hyphen (`PEMBERTON.` before THOMPSON): no name prints both.
    const hyphen = (dash || cored) && noHyphenYet;
    if (hyphen) joined = joined.replace(/[.,]$/u, '');
    joined += (glued ? '' : hyphen ? '-' : ' ') + spaced[i];
  }
  return joined;
}

/**
 * Whether the darker measure's ink (`blobs`) shows a hyphen's core between two words' boxes: a dash or a cored speck
 * (coredSpeck) in the gap between the left word's last letter and the right word's first, midway (a quarter of the
 * gap either side), no other ink in the gap at its height, the gap 0.35 to 1.5 capitals wide (a letter's gap holds no
 * hyphen, nor a space set wider). Texture lighter than the letters is gone at that darkness; a speck left in a space
 * off its middle, or beside other ink there, is not taken.
 */
function coredDashBetween(blobs: readonly Blob[], left: OcrWord['bbox'], right: OcrWord['bbox'], boxHeight: number): boolean {
  const capitals = capitalsAcross(blobs, left.x0, right.x1, boxHeight);
  if (capitals === null) return false;
  const { letters, within, top, capHeight } = capitals;
  // Parted where the boxes meet: OCR's box may take in a letter's edge, or the hyphen it read as a stop, so that the
  // next letter's centre lies between the boxes (`PEMBERTON.` reaching over the T of THOMPSON).
  const meet = (left.x1 + right.x0) / 2;
  const lefts = letters.filter((b) => b.cx >= left.x0 && b.cx < meet);
  const rights = letters.filter((b) => b.cx >= meet && b.cx <= right.x1);
  if (lefts.length === 0 || rights.length === 0) return false;
  const from = Math.max(...lefts.map((b) => b.maxX));
  const to = Math.min(...rights.map((b) => b.minX));
  const gap = to - from - 1;
  if (gap < capHeight * 0.35 || gap > capHeight * 1.5) return false;
  const inGap = within.filter((b) => b.minX > from && b.maxX < to);
  const cores = inGap.filter((b) => dashShaped(b, top, capHeight) || coredSpeck(b, top, capHeight));
  if (cores.length !== 1) return false;
  const core = cores[0]!;
  const beside = inGap.some((b) => b !== core && b.maxY >= core.minY && b.minY <= core.maxY);
  return !beside && Math.abs(core.cx - (from + to) / 2) <= gap * 0.25;
}

/** A short dash's core at the darker measure: a speck at the capitals' middle height, under half a capital wide. */
function coredSpeck(b: Blob, top: number, capHeight: number): boolean {
  const w = b.maxX - b.minX + 1;
  const h = b.maxY - b.minY + 1;
  return b.cy > top + capHeight * 0.3 && b.cy < top + capHeight * 0.75 && h < capHeight * 0.3 && w < capHeight * 0.5 && b.n >= 4;
}

/**
 * A word's letters as blobs across the line's capitals' middle row, from 0.8 to 1.7 capitals tall: with a mark, a tail
 * or a cedilla joined on (Å, J, Ç) as well, hyphens, apostrophes and marks apart not. Left to right.
 */
function lettersAcross(word: OcrWord, line: LineLetters, blobs: readonly Blob[]): Blob[] {
  const tall = (b: Blob): number => (b.maxY - b.minY + 1) / line.capHeight;
  return blobs
    .filter((b) => b.cx >= word.bbox.x0 && b.cx <= word.bbox.x1 && b.minY <= line.middle && b.maxY >= line.middle && tall(b) >= 0.8 && tall(b) <= 1.7)
    .sort((a, b) => a.minX - b.minX);
}

/**
 * A word OCR read across a space the ink shows (a single-line read joined YLVA and KJÆRSTIN, whose sparse reading
 * had them apart): where the word's letters stand one blob each, a gap with no ink in it (a hyphen's, an
 * apostrophe's), twice as wide as the line's letters stand apart and more, and 0.3 of a capital (a space is some 0.4),
 * parts two words of two letters or more; where a hyphen's ink alone stands in the gap, they are joined by it (OCR
 * dropped it: `CELIKYILMAZ`). And a stop, comma, colon or apostrophe OCR read between two letters (no name prints
 * the first three there) is the hyphen the ink shows in that gap (`JI:WOO` for JI-WOO on a clean PDF).
 */
function spacedAtInkGaps(text: string, letters: readonly Blob[], line: LineLetters, blobs: readonly Blob[], allInk: readonly Blob[]): string {
  const chars = [...text];
  const at = chars.flatMap((c, i) => (/\p{L}/u.test(c) ? [i] : []));
  if (at.length !== letters.length || at.length < 4) return text;
  const wide = Math.max(line.gap * 2 + 2, line.capHeight * 0.3);
  const top = median(letters.map((b) => b.minY));
  const before = new Map<number, string>();
  for (let k = 0; k + 1 < letters.length; k++) {
    const [left, right] = [letters[k]!, letters[k + 1]!];
    const inGap = (b: Blob): boolean => b.maxX > left.maxX && b.minX < right.minX;
    const between = blobs.filter((b) => b !== left && b !== right && inGap(b));
    // An apostrophe so read is the hyphen too: a dash lies flat at the capitals' middle, an apostrophe hangs upright
    // from their top (`JI'WOO` for JI-WOO on a hard photo).
    if (at[k + 1] === at[k]! + 2 && /^[.,:;'’]$/.test(chars[at[k]! + 1]!) && between.some((b) => dashShaped(b, top, line.capHeight))) chars[at[k]! + 1] = '-';
    // A hyphen OCR read across a space with no ink at all at the capitals' height, however faint: a texture line
    // lighter than the page's threshold crossing the space (`SEO-JUN-HARUTO` for SEO-JUN HARUTO). A printed hyphen,
    // even one glare washed out of the letters' ink, is ink at the threshold.
    const hyphenRead = at[k + 1] === at[k]! + 2 && chars[at[k]! + 1] === '-' && k >= 1 && k + 2 < letters.length;
    if (hyphenRead && letterGap(left, right) >= wide && !allInk.some((b) => inGap(b) && b.maxY >= top && b.minY <= top + line.capHeight)) {
      chars[at[k]! + 1] = ' ';
    }
    // An apostrophe OCR dropped (`DARTOIS` for D'ARTOIS): the MRZ has none, so only the ink tells it. Its blob alone
    // stands in a gap wider than the letters', hanging from the capitals' top: not a mark (above them), nor a hyphen.
    const wordStart = at[k] === 0 || !/\p{L}/u.test(chars[at[k]! - 1]!);
    const apostrophe =
      at[k + 1] === at[k]! + 1 &&
      wordStart &&
      elidingLetter.test(chars[at[k]!]!) &&
      between.length === 1 &&
      letterGap(left, right) >= Math.max(line.gap + 2, line.capHeight * 0.2) &&
      apostropheShaped(between[0]!, top, line.capHeight);
    if (apostrophe) before.set(at[k + 1]!, "'");
    if (k < 1 || k + 2 >= letters.length || at[k + 1] !== at[k]! + 1) continue;
    if (between.length === 0 && letterGap(left, right) >= wide) before.set(at[k + 1]!, ' ');
    // A hyphen OCR dropped between two words it then read as one (`CELIKYILMAZ`): the ink has it.
    if (between.length === 1 && dashShaped(between[0]!, top, line.capHeight)) before.set(at[k + 1]!, '-');
  }
  return chars.map((c, i) => `${before.get(i) ?? ''}${c}`).join('');
}

/**
 * `text` with the hyphen its ink shows between two of its letters that blur ran together at the page's threshold (OCR
 * read `SEOYEON` for SEO-YEON, `AL-FARSIHADDAD` for AL-FARSI-HADDAD): measured darker, a dash-shaped blob standing
 * between letters, at least two letters from the word's ends and from a hyphen already read, where the letters placed
 * along the word's ink by their widths part. Letters the darker measure still leaves joined need not stand one blob
 * each, unless `oneBlobALetter`. Where a word read without a hyphen shows no dash, an apostrophe's blob clear of the
 * letters' columns does the same (`DARTOIS` for D'ARTOIS).
 */
function punctuationInJoinedWord(text: string, word: OcrWord, blobs: readonly Blob[], oneBlobALetter = false): string {
  // Letters, and the hyphens already read between them.
  if (!/^\p{L}+(?:-\p{L}+)*$/u.test(text) || text.replace(/-/g, '').length < 4) return text;
  const chars = [...text];
  const hyphenRead = chars.includes('-');
  const boxHeight = word.bbox.y1 - word.bbox.y0 + 1;
  const capitals = capitalsAcross(blobs, word.bbox.x0, word.bbox.x1, boxHeight);
  if (capitals === null) return text;
  const { letters, top, capHeight, within } = capitals;
  if (oneBlobALetter && letters.length !== chars.filter((c) => c !== '-').length) return text;
  const x0 = Math.min(...letters.map((b) => b.minX));
  const x1 = Math.max(...letters.map((b) => b.maxX));
  const widths = chars.map(advance);
  const total = widths.reduce((a, b) => a + b, 0);
  // Where each character ends, placed along the ink by its width; a dash stands at one of those ends.
  let run = 0;
  const ends = widths.map((w) => {
    run += w;
    return x0 + ((x1 - x0 + 1) * run) / total;
  });
  // The hyphens read stand over their own dashes: those are no hyphen OCR dropped.
  const readAt = chars.flatMap((c, i) => (c === '-' ? [(ends[i]! + (ends[i - 1] ?? x0)) / 2] : []));
  const notRead = (b: Blob): boolean => readAt.every((x) => Math.abs(x - b.cx) > capHeight * 0.35);
  const betweenLetters = (b: Blob): boolean => letters.some((l) => l.maxX < b.cx) && letters.some((l) => l.minX > b.cx);
  const shaped = within.filter((b) => dashShaped(b, top, capHeight) && betweenLetters(b) && notRead(b));
  // Blur and the darker measure leave a short dash its core alone, a speck under half a capital wide, however round:
  // at the letters' middle height, alone in a gap twice as wide as the word's letters stand apart (no letter's column
  // over it), it is the dash OCR read nothing for; a speck between letters set as close as the rest is texture.
  const byX = [...letters].sort((a, b) => a.minX - b.minX);
  const gaps = byX.slice(1).map((b, k) => letterGap(byX[k]!, b));
  const usualGap = gaps.length === 0 ? 0 : median(gaps);
  const inWideGap = (b: Blob): boolean =>
    byX.slice(1).some((right, k) => {
      const gap = gaps[k]!;
      return gap >= Math.max(usualGap * 2, capHeight * 0.25) && b.minX > byX[k]!.maxX && b.maxX < right.minX;
    });
  const dashes = shaped.length > 0 ? shaped : within.filter((b) => coredSpeck(b, top, capHeight) && inWideGap(b) && notRead(b));
  // An apostrophe OCR dropped (`DARTOIS`) stands clear of the letters' columns, as a mark above one does not.
  const clear = (b: Blob): boolean => !letters.some((l) => b.minX <= l.maxX && b.maxX >= l.minX);
  const apostrophes = dashes.length === 0 && !hyphenRead ? within.filter((b) => apostropheShaped(b, top, capHeight) && betweenLetters(b) && clear(b)) : [];
  const marks = dashes.length === 1 ? dashes : apostrophes;
  if (marks.length !== 1) return text;
  const dash = marks[0]!;
  const sign = dashes.length === 1 ? '-' : "'";
  // The dash follows the letters left of it, counted by their blobs, a blob blur joined counted by its width in
  // letters, where those counts add up to the word's: an I's narrow advance moves the ends placed by widths a letter
  // off (`AL-FARS-IHADDAD`). Else the nearest of those ends.
  const letterAt = chars.flatMap((c, i) => (c === '-' ? [] : [i]));
  const letterWidth = median(letters.map((l) => l.maxX - l.minX + 1));
  const lettersIn = (l: Blob): number => Math.max(1, Math.round((l.maxX - l.minX + 1) / letterWidth));
  const counted = letters.reduce((n, l) => n + lettersIn(l), 0) === letterAt.length;
  const lettersLeft = letters.filter((l) => l.maxX < dash.cx).reduce((n, l) => n + lettersIn(l), 0);
  const byBlobs = counted && lettersLeft > 0 && letters.every((l) => l.maxX < dash.minX || l.minX > dash.maxX) ? letterAt[lettersLeft - 1]! : null;
  const k = byBlobs ?? ends.slice(0, -1).reduce((best, e, i) => (Math.abs(e - dash.cx) < Math.abs(ends[best]! - dash.cx) ? i : best), 0);
  // A hyphen stands two letters past a word's start and any hyphen, and two before its end; an apostrophe after its
  // first letter, where it elides (O'NEIL, D'ARTOIS).
  const lettersAround = [k - 1, k, k + 1, k + 2].every((i) => chars[i] !== undefined && chars[i] !== '-');
  const placed = sign === '-' ? lettersAround : k === 0 && elidingLetter.test(chars[0]!);
  if (!placed || (byBlobs === null && Math.abs(ends[k]! - dash.cx) > capHeight * 0.35)) return text;
  return [...chars.slice(0, k + 1), sign, ...chars.slice(k + 1)].join('');
}

/**
 * The capitals' own top and height across `x0`..`x1`, from letter-sized ink (blobs centred there, no taller than 1.2
 * OCR boxes, at least 0.7 of the tallest): OCR's boxes take in the marks above them. Null with fewer than two letters.
 */
function capitalsAcross(
  blobs: readonly Blob[],
  x0: number,
  x1: number,
  boxHeight: number,
): { readonly letters: readonly Blob[]; readonly within: readonly Blob[]; readonly top: number; readonly capHeight: number } | null {
  const within = blobs.filter((b) => b.cx >= x0 && b.cx <= x1 && b.maxY - b.minY + 1 <= boxHeight * 1.2);
  const tallest = Math.max(0, ...within.map((b) => b.maxY - b.minY + 1));
  const letters = within.filter((b) => b.maxY - b.minY + 1 >= tallest * 0.7);
  if (letters.length < 2) return null;
  const top = median(letters.map((b) => b.minY));
  return { letters, within, top, capHeight: median(letters.map((b) => b.maxY)) - top + 1 };
}

/** A slash OCR read between two letters: nameCharacters takes it for a hyphen seen slanted. */
const slashBetweenLetters = /(?<=\p{L})[\\/](?=\p{L})/gu;

/**
 * `text` (one word's reading) with a slash between letters kept only where the word's ink (`blobs`, in the letters'
 * ink) shows a dash between its letters: a guilloche line crossing the space between two words reads as a slash too
 * (`KAYA/ARSLAN` for KAYA ARSLAN), and the words are then parted by a space; where the ink stands no wider gap there
 * than between letters, by nothing.
 */
function slashOverDash(text: string, word: OcrWord, blobs: readonly Blob[]): string {
  if (!new RegExp(slashBetweenLetters.source, 'u').test(text)) return text;
  const capitals = capitalsAcross(blobs, word.bbox.x0, word.bbox.x1, word.bbox.y1 - word.bbox.y0 + 1);
  if (capitals === null) return text;
  const { letters, within, top, capHeight } = capitals;
  const betweenLetters = (b: Blob): boolean => letters.some((l) => l.maxX < b.minX) && letters.some((l) => l.minX > b.maxX);
  if (within.some((b) => dashShaped(b, top, capHeight) && betweenLetters(b))) return text;
  // Where the word's ink stands one blob a letter, the gap at the slash tells what it was: a letter's gap holds no
  // space, so the slash was a stroke of a letter OCR read apart (Æ's left leg, `KJ/ARSTIN` for KJÆRSTIN).
  const ordered = [...letters].sort((a, b) => a.minX - b.minX);
  const lettersIn = (s: string): number => (s.match(/\p{L}/gu) ?? []).length;
  if (ordered.length !== lettersIn(text)) return text.replace(slashBetweenLetters, ' ');
  return text.replace(slashBetweenLetters, (_slash: string, at: number) => {
    const before = lettersIn(text.slice(0, at));
    return ordered[before]!.minX - ordered[before - 1]!.maxX - 1 < capHeight * 0.2 ? '' : ' ';
  });
}

/** A hyphen's ink: a short flat blob at the middle of the capitals' height (from `top`), no wider than a capital. */
function dashShaped(b: Blob, top: number, capHeight: number): boolean {
  const w = b.maxX - b.minX + 1;
  const h = b.maxY - b.minY + 1;
  return b.cy > top + capHeight * 0.3 && b.cy < top + capHeight * 0.75 && h < capHeight * 0.3 && w >= h * 1.5 && w <= capHeight * 1.2 && b.n >= 4;
}

/**
 * The one letters a name's apostrophe follows at a word's start, eliding an article or prefix (D'ARC, O'BRIEN,
 * N'DIAYE, L'HOMME, M'BAREK, A'COURT): elsewhere a blob there is a speck, not a dropped apostrophe.
 */
const elidingLetter = /^[ADLMNO]$/;

/**
 * An apostrophe's ink: a short upright blob from about the capitals' top (`top`) down into their height, not past
 * its middle; a mark above the letters ends above their top.
 */
function apostropheShaped(b: Blob, top: number, capHeight: number): boolean {
  const w = b.maxX - b.minX + 1;
  const h = b.maxY - b.minY + 1;
  const from = b.minY >= top - capHeight * 0.25 && b.minY <= top + capHeight * 0.15;
  const to = b.maxY >= top + capHeight * 0.1 && b.maxY <= top + capHeight * 0.55;
  return from && to && h >= capHeight * 0.2 && h >= w && w <= capHeight * 0.35 && b.n >= Math.max(4, capHeight * capHeight * 0.02);
}

/** Paper between two letters' ink, in pixels (0 where they touch or overlap). */
const letterGap = (left: Blob, right: Blob): number => Math.max(0, right.minX - left.maxX - 1);

interface LineLetters {
  /** Per word, its letters' ink (blobs of the height most of the line's ink shares) left to right. */
  readonly letters: readonly (readonly Blob[])[];
  /** The gap between two letters of a word, by its median over the line. */
  readonly gap: number;
  readonly capHeight: number;
  /** The row through the middle of the line's letters (their median). */
  readonly middle: number;
}

/** The line's letters by word, and how far apart its letters stand; null with under four gaps to measure. */
function lineLetters(words: readonly OcrWord[], blobs: readonly Blob[]): LineLetters | null {
  const boxHeight = Math.max(0, ...words.map((w) => w.bbox.y1 - w.bbox.y0));
  const height = (b: Blob): number => b.maxY - b.minY + 1;
  const inWords = words.map((w) =>
    blobs.filter((b) => b.cx >= w.bbox.x0 && b.cx <= w.bbox.x1 && b.maxY >= w.bbox.y0 && b.minY <= w.bbox.y1 && height(b) <= boxHeight * 1.2),
  );
  // The letters' height is the one most of the ink shares (within 15%), the taller on a tie: a texture stroke or the
  // crop's edge may stand taller than any letter. Among ink at least 0.4 of the words' boxes tall: the pieces texture
  // crossing the words breaks into, and marks, are shorter, and may outnumber the letters.
  const heights = inWords.flat().map(height).filter((h) => h >= boxHeight * 0.4);
  const near = (h: number): number => heights.filter((x) => Math.abs(x - h) <= h * 0.15).length;
  const letterHeight = heights.reduce((best, h) => (near(h) > near(best) || (near(h) === near(best) && h > best) ? h : best), 0);
  const sized = (b: Blob): boolean => Math.abs(height(b) - letterHeight) <= letterHeight * 0.3;
  // A J's or Q's tail hangs below the line: taller, but standing at the letters' top.
  const top = median(inWords.flat().filter(sized).map((b) => b.minY));
  const tailed = (b: Blob): boolean => height(b) > letterHeight && height(b) <= letterHeight * 1.5 && Math.abs(b.minY - top) <= letterHeight * 0.15;
  const letters = inWords.map((bs) => bs.filter((b) => sized(b) || tailed(b)).sort((a, b) => a.minX - b.minX));
  const gaps = letters.flatMap((ls) => ls.slice(1).map((b, k) => letterGap(ls[k]!, b)));
  if (gaps.length < 4) return null;
  return { letters, gap: median(gaps), capHeight: letterHeight, middle: median(letters.flat().map((b) => (b.minY + b.maxY) / 2)) };
}

/**
 * How dark, against the letters' ink, a thin mark on a quiet word may peak (see `faint`): blurred photos' acutes
 * peak at 0.47-0.56, texture over letters that carry no mark as faint makes the word not quiet.
 */
const faintInk = 0.45;
// Ğ is common (Turkish); marks over T, D and L (Ť, Ď, Ľ) are rare enough that ink there is taken for texture.
const markable = /^[AEIOUYNCSZRG]$/;
/** Letters a mark below the baseline is printed under: cedilla, comma or ogonek; G is Ç as Tesseract often reads it. */
const hangsUnder = /^[CSAEG]$/;
const cedillaBase: Readonly<Record<string, string>> = { Ç: 'C', Ş: 'S' };

/**
 * A faint mark grown from its pixels through the crop's pixels darker than halfway from the paper to its darkest,
 * upwards and to the sides only (below lies its letter), within `reach` of its box: the blob and a mask of it alone.
 * Null where that ink reaches the window's edge: a line of the background, not a mark.
 */
function wholeFaintMark(m: Blob, crop: RawImage, mask: Uint8Array, paper: number, reach: number): { blob: Blob; mask: Uint8Array } | null {
  const level = paper - (paper - darkest(crop, mask, m)) / 2;
  const x0 = Math.max(0, m.minX - reach);
  const x1 = Math.min(crop.width - 1, m.maxX + reach);
  const y0 = Math.max(0, m.minY - reach);
  const y1 = m.maxY;
  const own = new Uint8Array(mask.length);
  const stack: number[] = [];
  for (let y = m.minY; y <= m.maxY; y++) {
    for (let x = m.minX; x <= m.maxX; x++) {
      const i = y * crop.width + x;
      if (mask[i] === 1 && crop.data[i]! < level) {
        own[i] = 1;
        stack.push(i);
      }
    }
  }
  let n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  let minX = x1, maxX = x0, minY = y1, maxY = y0;
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % crop.width;
    const y = (i - x) / crop.width;
    if (x === x0 || x === x1 || y === y0) return null;
    n++;
    sx += x;
    sy += y;
    sxx += x * x;
    syy += y * y;
    sxy += x * y;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
    for (const j of [i - 1, i + 1, i - crop.width, i + crop.width]) {
      const jy = Math.floor(j / crop.width);
      if (jy > y1 || own[j] === 1 || !(crop.data[j]! < level)) continue;
      own[j] = 1;
      stack.push(j);
    }
  }
  if (n === 0) return null;
  const cx = sx / n;
  const cy = sy / n;
  return { blob: { n, cx, cy, vxx: sxx / n - cx * cx, vyy: syy / n - cy * cy, vxy: sxy / n - cx * cy, minX, maxX, minY, maxY }, mask: own };
}

/** The darkest grey value under a blob's ink. */
function darkest(crop: RawImage, mask: Uint8Array, b: Blob): number {
  let min = 255;
  for (let y = b.minY; y <= b.maxY; y++) {
    for (let x = b.minX; x <= b.maxX; x++) {
      const i = y * crop.width + x;
      if (mask[i] === 1 && crop.data[i]! < min) min = crop.data[i]!;
    }
  }
  return min;
}

function percentile(data: Uint8Array | Buffer, q: number): number {
  const histogram = new Uint32Array(256);
  for (const v of data) histogram[v] = histogram[v]! + 1;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen >= q * data.length) return v;
  }
  return 255;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}
