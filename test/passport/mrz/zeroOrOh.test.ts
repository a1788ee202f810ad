import { describe, expect, it } from 'vitest';
import { cellFeature } from '../../../core/mrz/sampleCells.ts';
import { inkHeight, settleZeroOrOh, type CellChoice } from '../../../core/mrz/zeroOrOh.ts';

/** A cell whose middle columns hold ink over `rows` rows (the last one partly). */
function cell(rows: number): Float32Array {
  const out = new Float32Array(cellFeature.width * cellFeature.height);
  for (let j = 0; j < Math.ceil(rows); j++) {
    const v = Math.min(1, rows - j);
    for (let i = 4; i < 12; i++) out[j * cellFeature.width + i] = v;
  }
  return out;
}

const sure = (char: string): CellChoice => ({ char, probability: 0.99, second: '<' });

describe('settleZeroOrOh', () => {
  it('measures ink height in rows, sub-row', () => {
    expect(inkHeight(cell(13.5))).toBeCloseTo(13.5);
  });
  it('calls a doubtful O/0 by whether it stands as tall as the digits or as the capitals', () => {
    const refs = [...'ABCDE'].map(sure).concat([...'12345'].map(sure));
    const refCells = [...Array(5).fill(13), ...Array(5).fill(14.2)].map(cell);
    const line: CellChoice[] = [...refs, { char: 'O', probability: 0.6, second: '0' }, { char: '0', probability: 0.6, second: 'O' }];
    const changed = settleZeroOrOh([[...refCells, cell(14.1), cell(13.1)]], [line]);
    expect(line.slice(10).map((c) => c.char)).toEqual(['0', 'O']);
    expect(changed).toEqual([{ line: 0, index: 10 }, { line: 0, index: 11 }]);
  });
  it('sets a doubtful cell against the sure letters and digits nearest it on its line, not the zone\'s', () => {
    // A line whose left end runs a little out of its windows: every glyph there measures a row and a half short.
    // ZZZ00 then digits: the two doubtful zeros, 12.7 rows tall, match the zone's capitals (13) but the digits beside
    // them (12.7), not the letters beside them (11.5).
    const chars = 'ZZZ??1234ABCDE5678';
    const heights = [11.5, 11.5, 11.5, 12.7, 12.7, 12.7, 12.7, 12.7, 12.7, 13, 13, 13, 13, 13, 14.2, 14.2, 14.2, 14.2];
    const line: CellChoice[] = [...chars].map((c) => (c === '?' ? { char: 'O', probability: 0.6, second: '0' } : sure(c)));
    settleZeroOrOh([heights.map(cell)], [line]);
    expect(line.map((c) => c.char).join('')).toBe('ZZZ001234ABCDE5678');
  });
  it('changes nothing when letters and digits are not told apart by height', () => {
    const line: CellChoice[] = [...[...'ABCDE'].map(sure), ...[...'12345'].map(sure), { char: 'O', probability: 0.6, second: '0' }];
    expect(settleZeroOrOh([[...Array(10).fill(13).map(cell), cell(15)]], [line])).toEqual([]);
    expect(line[10]!.char).toBe('O');
  });
});
