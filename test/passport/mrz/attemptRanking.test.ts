import { describe, expect, it } from 'vitest';
import type { CellGridReading } from '../../../core/mrz/readCellGrid.ts';
import { attemptOf, better, repairsOverrule } from '../../../plugins/passport/mrz/readMrz.ts';

const now = new Date('2026-11-25T00:00:00Z');
const identity = [1, 0, 0, 0, 1, 0, 0, 0, 1] as const;

/** A grid reading of two 44-cell lines, every cell read surely, none washed out. */
function reading(lines: [string, string], score: number): CellGridReading {
  const each = <T>(value: T): T[][] => lines.map((line) => [...line].map(() => value));
  return { lines, confidence: each(0.95), second: lines.map((line) => [...line]), secondConfidence: each(0.01), washed: each(false), score, sharpness: 0.2, cells: [], ratios: [], mlp: [], outvoted: each(null), unanimous: each(null) };
}
const attempt = (lines: [string, string], score: number) => attemptOf(reading(lines, score), [...identity], [0, 1], 44, now);

describe('the MRZ search ranks unproven attempts', () => {
  // Monaco's specimen upside down: noise that starts with a visa's V, against the zone the right way up with line 1
  // read a column off (lineOneRealigned mends that) and line 2 holding all five checks.
  const visa = attempt(['V9XVVVVV<VK<W<X2<<<<2<<<<<<<<S<<<<<<M<533UD<', '7999WWWWWWWKWW<WKC<<<Q<<<<<<<<<<<<<<<26<QRR<'], -0.2);
  const upright = attempt(['<MCODUPONT<<JEAN<MICHEL<<<<<<<<<<<<<<<<<<<<<', 'A000060<<6MCO5304286M3102145<<<<<<<<<<<<<<<0'], -0.9);

  it('puts a line 2 that holds every check above a plausible document code', () => {
    expect(visa.format).not.toBe('TD3');
    expect(upright.parse?.valid).toBe(false);
    expect(better(visa, upright)).toBe(true);
    expect(better(upright, visa)).toBe(false);
  });

  it('does not rank a line 2 whose checks fail above it', () => {
    const broken = attempt(['<MCODUPONT<<JEAN<MICHEL<<<<<<<<<<<<<<<<<<<<<', 'A000060<<6MCO5304286M3102145<<<<<<<<<<<<<<<1'], -0.9);
    expect(better(visa, broken)).toBe(false);
  });
});

describe('a crisper copy proves a soft zone only where its repairs do not overrule the first read', () => {
  const line1 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
  const printed = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10';
  const sure = Array(44).fill(0.99);
  const first = (line2: string, at: number, confidence: number) => ({ lines: [line1, line2], confidence: [sure, sure.map((c, i) => (i === at ? confidence : c))] });
  const crisp = (line2: string, repair: { field: string; position: number; from: string; to: string; reason: string }) => ({ lines: [line1, line2], parse: { repairs: [{ ...repair, line: 2 }] } });
  // The number's check digit (cell 10) read J and forced to 1 by its class: that proves nothing.
  const forcedCheck = crisp(printed.replace('L898902C36', 'L898902C3J'), { field: 'document_number_check', position: 10, from: 'J', to: '1', reason: 'character_class' });
  // A date's O forced to 0 by its class (cell 15, in the date of birth), and a doubted number cell (4) a check moved.
  const forcedDate = crisp(printed.replace('7408122', 'O408122'), { field: 'date_of_birth', position: 14, from: 'O', to: '7', reason: 'character_class' });
  const moved = (read: string) => crisp(printed.replace('L898902', `L89${read}902`), { field: 'document_number', position: 4, from: read, to: '8', reason: 'check_digit' });

  it('refuses a repaired check digit, and a check-digit repair of a cell the first read surely or as the copy did', () => {
    expect(repairsOverrule(forcedCheck as never, first(printed, 9, 0.6) as never)).toBe(true);
    expect(repairsOverrule(moved('B') as never, first(printed.replace('L898', 'L89S'), 3, 0.99) as never)).toBe(true);
    expect(repairsOverrule(moved('B') as never, first(printed.replace('L898', 'L89B'), 3, 0.6) as never)).toBe(true);
  });

  it('lets a data cell stand that its class forces, or a check moves where the first read was unsure and otherwise', () => {
    expect(repairsOverrule(forcedDate as never, first(printed, 13, 0.99) as never)).toBe(false);
    expect(repairsOverrule(moved('B') as never, first(printed.replace('L898', 'L89S'), 3, 0.6) as never)).toBe(false);
    expect(repairsOverrule(moved('B') as never, first(printed, 3, 0.99) as never)).toBe(false);
  });
});

describe('a document-code cell glare washed out', () => {
  const washedCode = (lines: [string, string]) => {
    const cells = reading(lines, -0.3);
    cells.washed[0]![0] = true;
    return attemptOf(cells, [...identity], [0, 1], 44, now);
  };
  it("is no visa's V where the passport's composite check holds over line 2", () => {
    const read = washedCode(['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']);
    expect(read.format).toBe('TD3');
  });
  it("stays a visa's where line 2 ends in optional data no composite check covers", () => {
    const read = washedCode(['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159<<<<<<<<<<<<<<<<']);
    expect(read.format).toBe('MRV-A');
  });
});
