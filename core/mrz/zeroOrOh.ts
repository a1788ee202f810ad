/**
 * `O` or `0`: the two glyphs OCR-B draws most alike, and both legal in document numbers, where their check-digit
 * weights can cancel (`00` and `OO` at weights 7 and 3 sum alike). In the OCR-B font digits stand about a tenth
 * taller than capitals, so the ink height of an uncertain cell, set against the heights of the letters and digits
 * read surely nearest it on its line, tells them apart. Self-calibrating: with no clear gap between the two, over the
 * zone and beside the cell, nothing changes.
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
/** Sure letters (and digits) nearest a doubted cell that set its local references. */
const nearest = 4;

/** A cell read under `sure` whose reading and runner-up are O and 0, one each. */
const zeroOrOhDoubt = (c: CellChoice): boolean =>
  c.probability < sure && c.char !== c.second && /^[O0]$/.test(c.char) && /^[O0]$/.test(c.second);

/** Relabels `O`/`0` doubts (zeroOrOhDoubt) in place by ink height; returns the positions changed. */
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
      // Only a cell in doubt: heights measured on a small, soft copy spread wider than the font's gap, and a sure 0
      // turned O where weights cancel (`OO` for 00 at weights 7 and 3) leaves the check holding on a wrong number.
      if (!zeroOrOhDoubt(c)) return;
      const h = inkHeight(cells[l]![i]!);
      // Against the sure letters and digits nearest it on its line: a line that runs out of the cell windows a
      // little at one end (a slight bow or tilt the grid does not follow) shortens every glyph there alike.
      const near = (test: RegExp): number[] =>
        line
          .map((o, j) => ({ o, j }))
          .filter(({ o, j }) => j !== i && o.probability >= sure && test.test(o.char))
          .sort((a, b) => Math.abs(a.j - i) - Math.abs(b.j - i))
          .slice(0, nearest)
          .map(({ j }) => inkHeight(cells[l]![j]!));
      const localL = near(capitals);
      const localD = near(digits);
      if (localL.length < 2 || localD.length < 2) return;
      const lL = median(localL);
      const lD = median(localD);
      if (lD - lL < minGap) return;
      const want = Math.abs(h - lD) < Math.abs(h - lL) ? '0' : 'O';
      if (want !== c.char) {
        c.second = c.char;
        c.char = want;
        changed.push({ line: l, index: i });
      }
    }),
  );
  return changed;
}

/** The longest run of O/0 doubts its neighbours speak for. */
const maxRun = 2;

/** What a cell beside a run of O/0 doubts is: a letter, a digit, or nothing that tells (a filler, the line's end). */
function kindOf(c: CellChoice | undefined): 'letter' | 'digit' | null {
  if (c === undefined || c.char === '<') return null;
  return /^[0-9]$/.test(c.char) ? 'digit' : 'letter';
}

/**
 * Relabels, in place, the O/0 doubts the ink height left open (a blurred or sharpened copy shows no height gap) by the
 * characters beside them: a run of such cells between digits (or a digit and a filler) is 0s, between letters Os. A
 * run with a letter on one side and a digit on the other is left as read, and so is a run of more than two cells.
 * Returns the positions changed.
 */
export function settleZeroOrOhByNeighbours(choices: CellChoice[][]): { line: number; index: number }[] {
  const changed: { line: number; index: number }[] = [];
  choices.forEach((line, l) => {
    for (let i = 0; i < line.length; ) {
      if (!zeroOrOhDoubt(line[i]!)) {
        i++;
        continue;
      }
      let end = i;
      while (end < line.length && zeroOrOhDoubt(line[end]!)) end++;
      // Longer runs (a specimen's string of zeros) fill a field, and what stands beside them is another field.
      if (end - i > maxRun) {
        i = end;
        continue;
      }
      const sides = [kindOf(line[i - 1]), kindOf(line[end])].filter((k) => k !== null);
      const want = sides.length === 0 ? null : sides.every((k) => k === 'digit') ? '0' : sides.every((k) => k === 'letter') ? 'O' : null;
      for (let j = i; j < end && want !== null; j++) {
        const c = line[j]!;
        if (c.char === want) continue;
        c.second = c.char;
        c.char = want;
        changed.push({ line: l, index: j });
      }
      i = end;
    }
  });
  return changed;
}
