/**
 * `O` or `0`: the two glyphs OCR-B draws most alike, and both legal in document numbers, where their check-digit
 * weights can cancel (`00` and `OO` at weights 7 and 3 sum alike). In the OCR-B font digits stand about a tenth
 * taller than capitals, so the ink height of an uncertain cell, set against the heights of the letters and digits
 * read surely on the same MRZ, tells them apart. Self-calibrating: with no clear gap between the two, nothing changes.
 */
import { cellFeature } from './sampleCells.ts';

export interface CellChoice {
  char: string;
  probability: number;
  second: string;
}

/** Height of a cell's ink in feature rows, sub-row: the strongest ink of each row over the cell's middle columns. */
export function inkHeight(cell: Float32Array): number {
  const { width, height } = cellFeature;
  const from = Math.round(width * 0.2);
  const to = Math.round(width * 0.8);
  let sum = 0;
  for (let j = 0; j < height; j++) {
    let row = 0;
    for (let i = from; i < to; i++) row = Math.max(row, cell[j * width + i]!);
    sum += row;
  }
  return sum;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Letters of cap height without descenders, and digits: the two references. */
const capitals = /^[ABCDEFHIKLMNPRTUVWXYZ]$/;
const digits = /^[1-9]$/;
const sure = 0.97;
/** The smallest letter/digit height gap (feature rows) that is trusted; the font's is ~1.4 rows, blur halves it. */
const minGap = 0.35;

/** Relabels `O`/`0` doubts in place by ink height; returns the positions changed. */
export function settleZeroOrOh(cells: readonly (readonly Float32Array[])[], choices: CellChoice[][]): { line: number; index: number }[] {
  const letterHeights: number[] = [];
  const digitHeights: number[] = [];
  choices.forEach((line, l) =>
    line.forEach((c, i) => {
      if (c.probability < sure) return;
      if (capitals.test(c.char)) letterHeights.push(inkHeight(cells[l]![i]!));
      else if (digits.test(c.char)) digitHeights.push(inkHeight(cells[l]![i]!));
    }),
  );
  if (letterHeights.length < 5 || digitHeights.length < 5) return [];
  const mL = median(letterHeights);
  const mD = median(digitHeights);
  if (mD - mL < minGap) return [];
  const changed: { line: number; index: number }[] = [];
  choices.forEach((line, l) =>
    line.forEach((c, i) => {
      const pair = new Set([c.char, c.second]);
      if (!(pair.has('O') && pair.has('0'))) return;
      const h = inkHeight(cells[l]![i]!);
      const want = Math.abs(h - mD) < Math.abs(h - mL) ? '0' : 'O';
      if (want !== c.char) {
        c.second = c.char;
        c.char = want;
        changed.push({ line: l, index: i });
      }
    }),
  );
  return changed;
}
