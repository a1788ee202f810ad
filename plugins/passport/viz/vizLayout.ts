/**
 * Layout logic over OCR words of the printed page: words are grouped into phrases (runs on one baseline with
 * small gaps), phrases are classified as labels or values, and each label gets the value printed under it (or
 * beside it on the same line). Pure: OcrResult in, labelled values out.
 */
import type { BoundingBox, OcrResult, OcrWord } from '../../../core/ocr/types.ts';
import { classifyLabel } from './vizLabels.ts';

export interface Phrase {
  readonly text: string;
  readonly words: readonly OcrWord[];
  readonly bbox: BoundingBox;
  /** Mean word confidence, 0..1. */
  readonly confidence: number;
  /** The label this phrase reads as (a field name), or null for a value. */
  readonly label: string | null;
}

export interface LabelledValue {
  readonly field: string;
  readonly label: Phrase;
  /** Value phrases, nearest first: the text beside the label on its line, then the phrase(s) below. */
  readonly values: readonly Phrase[];
}

const height = (b: BoundingBox): number => b.y1 - b.y0;

/** Two boxes on one row of print: their centres within 0.6 of the taller one's height. */
function onOneRow(a: BoundingBox, b: BoundingBox): boolean {
  return Math.abs((a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2) < Math.max(height(a), height(b)) * 0.6;
}

function union(words: readonly OcrWord[]): BoundingBox {
  return {
    x0: Math.min(...words.map((w) => w.bbox.x0)),
    y0: Math.min(...words.map((w) => w.bbox.y0)),
    x1: Math.max(...words.map((w) => w.bbox.x1)),
    y1: Math.max(...words.map((w) => w.bbox.y1)),
  };
}

export type LabelClassifier = (text: string) => string | null;

/**
 * A value phrase's line of capitals: its words' union across, and down only over words of about their letters'
 * height. OCR gives a word now and then a box reaching into the row below (`BHATTACHARYA` boxed with the label under
 * it); such a box, more than 1.6 times the shortest word of two or more letters or digits, is left out of the
 * height. For lines of one letter height (capitals, digits): labels mix lower case and scripts.
 */
export function capitalsBox(words: readonly OcrWord[]): BoundingBox {
  const all = union(words);
  const lettered = words.filter((w) => w.text.replace(/[^\p{L}\p{N}]/gu, '').length >= 2);
  if (lettered.length < 2) return all;
  const shortest = Math.min(...lettered.map((w) => height(w.bbox)));
  const core = words.filter((w) => height(w.bbox) <= Math.max(shortest * 1.6, shortest + 4));
  const rows = union(core);
  return { x0: all.x0, y0: rows.y0, x1: all.x1, y1: rows.y1 };
}

export function phraseOf(words: readonly OcrWord[], classify: LabelClassifier): Phrase {
  const text = words.map((w) => w.text).join(' ');
  return {
    text,
    words,
    bbox: union(words),
    confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length / 100,
    label: classify(text),
  };
}

/** Each OCR result's phrases per classifier: the read and decode stages ask for the same page's several times. */
const phrasesMemo = new WeakMap<OcrResult, Map<LabelClassifier, readonly Phrase[]>>();

/** Words of every line, split where the gap between two words is wider than ~1.5 character heights. */
export function phrasesOf(result: OcrResult, classify: LabelClassifier = classifyLabel): readonly Phrase[] {
  const byClassifier = phrasesMemo.get(result) ?? new Map<LabelClassifier, readonly Phrase[]>();
  phrasesMemo.set(result, byClassifier);
  const known = byClassifier.get(classify);
  if (known !== undefined) return known;
  const phrases = phrasesIn(result, classify);
  byClassifier.set(classify, phrases);
  return phrases;
}

function phrasesIn(result: OcrResult, classify: LabelClassifier): readonly Phrase[] {
  const phrases: Phrase[] = [];
  for (const line of result.lines) {
    const words = line.words.filter((w) => w.text.trim() !== '').slice().sort((a, b) => a.bbox.x0 - b.bbox.x0);
    let run: OcrWord[] = [];
    for (const w of words) {
      const prev = run[run.length - 1];
      const h = Math.max(height(w.bbox), prev ? height(prev.bbox) : 0);
      const sameRow = prev !== undefined && onOneRow(prev.bbox, w.bbox);
      if (prev !== undefined && (!sameRow || w.bbox.x0 - prev.bbox.x1 > h * 1.5)) {
        phrases.push(phraseOf(run, classify));
        run = [];
      }
      run.push(w);
    }
    if (run.length > 0) phrases.push(phraseOf(run, classify));
  }
  return phrases;
}

/** For each label phrase, the value phrases that belong to it. */
export function labelledValues(phrases: readonly Phrase[]): LabelledValue[] {
  const labels = phrases.filter((p) => p.label !== null);
  const values = phrases.filter((p) => p.label === null);
  // Where the table's column of values starts: the left edges of values found beside their labels.
  const column = labels.flatMap((label) => {
    const along = tableValueBeside(label, phrases);
    return along !== null && along.label === null ? [along.bbox.x0] : [];
  });
  return labels.map((label) => {
    const h = Math.max(height(label.bbox), 8);
    const beside = values.filter(
      (v) =>
        v.bbox.x0 >= label.bbox.x1 - h &&
        v.bbox.x0 - label.bbox.x1 < h * 8 &&
        Math.abs((v.bbox.y0 + v.bbox.y1) / 2 - (label.bbox.y0 + label.bbox.y1) / 2) < h * 0.6,
    );
    // A table of small labels and a column of values (`Given names      LARS NILS`): the next phrase along the row,
    // however far, when nothing else stands between them on it.
    if (beside.length === 0) {
      const along = tableValueBeside(label, phrases, column);
      if (along !== null && along.label === null) beside.push(along);
    }
    // Under the label: starts below it, within ~3 label heights, and overlaps its left part horizontally.
    const below = values
      .filter(
        (v) =>
          v.bbox.y0 >= label.bbox.y1 - h * 0.3 &&
          v.bbox.y0 - label.bbox.y1 < h * 3 &&
          v.bbox.x0 < label.bbox.x0 + Math.max(label.bbox.x1 - label.bbox.x0, h * 6) &&
          v.bbox.x1 > label.bbox.x0 - h,
      )
      .sort((a, b) => a.bbox.y0 - b.bbox.y0 || Math.abs(a.bbox.x0 - label.bbox.x0) - Math.abs(b.bbox.x0 - label.bbox.x0));
    // The first row below is the value; a label between would have claimed the next row.
    const firstRow = below[0];
    const row = firstRow
      ? below.filter((v) => Math.abs(v.bbox.y0 - firstRow.bbox.y0) < h * 0.6 && !labelBetween(labels, label, v))
      : [];
    row.sort((a, b) => Math.abs(a.bbox.x0 - label.bbox.x0) - Math.abs(b.bbox.x0 - label.bbox.x0));
    // A long value may be split where OCR saw a wide gap: the whole row, left to right, comes first.
    const merged = row.length > 1 ? [joinedRun([...row].sort((a, b) => a.bbox.x0 - b.bbox.x0))] : [];
    // A value run on to the row below (two surnames on two lines): both rows as one, tried after each alone.
    const next = firstRow === undefined || row.length !== 1 ? undefined : continuationOf(firstRow, values, labels, label);
    const wrapped = next === undefined ? [] : [joinedRun([firstRow!, next])];
    return { field: label.label!, label, values: [...beside, ...merged, ...row, ...wrapped] };
  });
}

/** How far apart along a row (in letter heights) two phrases may stand and be one value's parts: a month's room. */
const rowPartGap = 6;

/**
 * Value phrases read apart on one row, joined: each phrase with the one or two next along its row, every gap within
 * six letter heights and the letters of a height. Sparse OCR ends a line at a wide space, so a widely spaced date
 * (`01   01 2015`) comes as two phrases, one whose month it lost (`16` … `2013`) as two with room between.
 */
export function rowRuns(phrases: readonly Phrase[]): Phrase[][] {
  const values = phrases.filter((p) => p.label === null);
  const nextOf = (p: Phrase): Phrase | undefined => {
    const h = height(p.bbox);
    return values
      .filter((q) => {
        const hq = height(q.bbox);
        const taller = Math.max(h, hq);
        return (
          q !== p &&
          q.bbox.x0 >= p.bbox.x1 - taller * 0.3 &&
          q.bbox.x0 - p.bbox.x1 <= taller * rowPartGap &&
          onOneRow(q.bbox, p.bbox) &&
          Math.min(h, hq) * 1.5 >= taller
        );
      })
      .sort((a, b) => a.bbox.x0 - b.bbox.x0)[0];
  };
  return values.flatMap((first) => {
    const second = nextOf(first);
    if (second === undefined) return [];
    const third = nextOf(second);
    return third === undefined ? [[first, second]] : [[first, second], [first, second, third]];
  });
}

/** Phrases read as one value (a row's parts, a value run on to the next row), their words in the order given. */
export function joinedRun(run: readonly Phrase[]): Phrase {
  return phraseOf(run.flatMap((p) => p.words), () => null);
}

/**
 * Value phrases with the one row they run on to (continuationOf), as read and joined: a name printed on two lines
 * (two surnames, a long name wrapped) whose label the page's OCR did not read.
 */
export function stackedValues(phrases: readonly Phrase[]): { readonly first: Phrase; readonly joined: Phrase }[] {
  const labels = phrases.filter((p) => p.label !== null);
  const values = phrases.filter((p) => p.label === null);
  return values.flatMap((first) => {
    const next = continuationOf(first, values, labels, first);
    return next === undefined ? [] : [{ first, joined: joinedRun([first, next]) }];
  });
}

/** A name's two rows of print: the row it starts on, and the one it runs on to. */
export interface TwoRows {
  readonly first: BoundingBox;
  readonly next: BoundingBox;
}

/**
 * The rows of a value printed on two (two surnames one under the other), for the box it was found in: the value
 * phrases on the box's top row, and the one row they run on to (continuationOf). Null where no row runs on.
 */
export function runOnRows(box: BoundingBox, phrases: readonly Phrase[]): TwoRows | null {
  const labels = phrases.filter((p) => p.label !== null);
  const values = phrases.filter((p) => p.label === null);
  const onTop = values
    .filter((p) => {
      const h = height(p.bbox);
      return Math.abs(p.bbox.y0 - box.y0) < h * 0.5 && p.bbox.x1 > box.x0 - h && p.bbox.x0 < box.x1 && p.bbox.y1 <= box.y1 + h * 0.5;
    })
    .sort((a, b) => a.bbox.x0 - b.bbox.x0);
  const start = onTop[0];
  if (start === undefined) return null;
  const row = onTop.filter((p) => onOneRow(p.bbox, start.bbox));
  const next = continuationOf(start, values, labels, start);
  if (next === undefined || row.includes(next)) return null;
  const first = capitalsBox(row.flatMap((p) => p.words));
  const below = capitalsBox(next.words);
  // The rows start at one column: a first letter the sparse pass lost on the row below is still in its box.
  return { first, next: { ...below, x0: Math.min(below.x0, first.x0), x1: Math.max(below.x1, first.x1) } };
}

/** A name as printed: a clean run of capitals, with apostrophes, hyphens and spaces between them. */
export const capitalsName = /^\p{Lu}[\p{Lu}'’\- ]*\p{Lu}$/u;

/**
 * Value phrases with the value phrase printed next under each, starting at its column (within a letter height and a
 * half), within four of its letter heights below, with no other value between: a surname and its given names where
 * OCR read neither's label. Capitals only.
 */
export function rowsUnder(phrases: readonly Phrase[]): { readonly upper: Phrase; readonly lower: Phrase }[] {
  const capitals = phrases.filter((p) => p.label === null && capitalsName.test(p.text.trim()));
  return capitals.flatMap((upper) => {
    const h = height(upper.bbox);
    const column = (p: Phrase): boolean => Math.abs(p.bbox.x0 - upper.bbox.x0) < h * 1.5;
    const below = phrases
      .filter((p) => p !== upper && p.label === null && p.bbox.y0 >= upper.bbox.y1 - h * 0.3 && p.bbox.y0 - upper.bbox.y1 < h * 4 && column(p))
      .sort((a, b) => a.bbox.y0 - b.bbox.y0);
    const lower = below[0];
    return lower !== undefined && capitals.includes(lower) ? [{ upper, lower }] : [];
  });
}

/**
 * The phrase right of a label on its row (centres within 0.6 of the taller's height, within a third of the zone's
 * width of it, or further where it starts in the table's column of values, `column`: the left edges of other labels'
 * values so found), when it is the nearest there and looks like a value; null otherwise.
 */
function tableValueBeside(label: Phrase, phrases: readonly Phrase[], column: readonly number[] = []): Phrase | null {
  const span = Math.max(...phrases.map((p) => p.bbox.x1)) - Math.min(...phrases.map((p) => p.bbox.x0));
  const inColumn = (p: Phrase): boolean => column.some((x) => Math.abs(p.bbox.x0 - x) < height(p.bbox));
  const onRow = phrases
    .filter((p) => p !== label && p.bbox.x0 >= label.bbox.x1 && (p.bbox.x0 - label.bbox.x1 < span / 3 || inColumn(p)))
    .filter((p) => onOneRow(p.bbox, label.bbox))
    .sort((a, b) => a.bbox.x0 - b.bbox.x0);
  const next = onRow[0];
  // A value is printed at least as large as its label and holds characters, not a speck of texture read as `J`.
  if (next === undefined || height(next.bbox) < height(label.bbox) || (next.text.match(/[\p{L}\d]/gu)?.length ?? 0) < 2) return null;
  return next;
}

/**
 * The row a value runs on to: the one phrase starting under it, within a row's height below, at its left edge, of
 * its letter height, with no label between; undefined when there is none or more than one.
 */
function continuationOf(value: Phrase, values: readonly Phrase[], labels: readonly Phrase[], label: Phrase): Phrase | undefined {
  const h = height(value.bbox);
  const under = values.filter(
    (v) =>
      v !== value &&
      v.bbox.y0 > value.bbox.y1 - h * 0.3 &&
      v.bbox.y0 - value.bbox.y1 < h * 1.2 &&
      Math.abs(v.bbox.x0 - value.bbox.x0) < h &&
      // Of a letter height: within 0.6 of the other's, as a mark (Ñ, É) heightens one word's box.
      Math.min(height(v.bbox), h) >= Math.max(height(v.bbox), h) * 0.6 &&
      !labelBetween(labels, label, v) &&
      !labelBeside(labels, value, v),
  );
  return under.length === 1 ? under[0] : undefined;
}

/** A box's vertical middle. */
const middle = (box: BoundingBox): number => (box.y0 + box.y1) / 2;

/**
 * A label on `below`'s own row, left of it and below `value`'s row: where labels stand beside their values, that row
 * is the next field's value (a surname row, then the given names beside their own label), not the name run on.
 */
function labelBeside(labels: readonly Phrase[], value: Phrase, below: Phrase): boolean {
  const h = height(below.bbox);
  return labels.some((l) => l.bbox.x1 <= below.bbox.x0 + h * 0.5 && l.bbox.y0 >= value.bbox.y1 - h * 0.3 && Math.abs(middle(l.bbox) - middle(below.bbox)) < h * 0.6);
}

function labelBetween(labels: readonly Phrase[], label: Phrase, value: Phrase): boolean {
  // By the middles: a tall misread glyph (`27` boxed up into the label above it) lifts a value's top past its label.
  return labels.some(
    (l) =>
      l !== label &&
      l.bbox.y0 > label.bbox.y1 - 2 &&
      (l.bbox.y1 <= value.bbox.y0 + 2 || middle(l.bbox) < middle(value.bbox)) &&
      l.bbox.x0 < value.bbox.x1 &&
      l.bbox.x1 > value.bbox.x0,
  );
}
