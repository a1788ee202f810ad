import { describe, expect, it } from 'vitest';
import { cellFeature } from '../../../core/mrz/sampleCells.ts';
import { inkHeight, settleZeroOrOh, settleZeroOrOhByNeighbours, type CellChoice } from '../../../core/mrz/zeroOrOh.ts';

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
  it('leaves a cell read surely as read, whatever its height: on a soft copy heights spread wider than the gap', () => {
    // A number's two zeros read at 1.0 (the other of O/0 their runner-up, as look-alikes always are) that measure
    // nearer the capitals: turned O, `K14029OO8` held its check as well as K14029008 (weights 7 and 3 cancel).
    const refs = [...'ABCDE'].map(sure).concat([...'12345'].map(sure));
    const refCells = [...Array(5).fill(12.5), ...Array(5).fill(14.2)].map(cell);
    const line: CellChoice[] = [...refs, { char: '0', probability: 1, second: 'O' }, { char: '0', probability: 0.999, second: 'O' }];
    expect(settleZeroOrOh([[...refCells, cell(13.1), cell(13.3)]], [line])).toEqual([]);
    expect(line.slice(10).map((c) => c.char)).toEqual(['0', '0']);
  });
  it('changes nothing when letters and digits are not told apart by height', () => {
    const line: CellChoice[] = [...[...'ABCDE'].map(sure), ...[...'12345'].map(sure), { char: 'O', probability: 0.6, second: '0' }];
    expect(settleZeroOrOh([[...Array(10).fill(13).map(cell), cell(15)]], [line])).toEqual([]);
    expect(line[10]!.char).toBe('O');
  });
});

describe('settleZeroOrOhByNeighbours', () => {
  const doubt = (char: string): CellChoice => ({ char, probability: 0.6, second: char === 'O' ? '0' : 'O' });
  const read = (text: string, doubted: readonly number[]): CellChoice[] => [...text].map((c, i) => (doubted.includes(i) ? doubt(c) : sure(c)));
  it('calls a run of O/0 doubts between digits, or a digit and a filler, 0s, and one between letters Os', () => {
    const number = read('A99999999OO<<<', [9, 10]);
    const name = read('ESPAN0LA', [5]);
    expect(settleZeroOrOhByNeighbours([number, name])).toEqual([{ line: 0, index: 9 }, { line: 0, index: 10 }, { line: 1, index: 5 }]);
    expect(number.map((c) => c.char).join('')).toBe('A9999999900<<<');
    expect(name.map((c) => c.char).join('')).toBe('ESPANOLA');
    expect(number[9]!.second).toBe('O');
  });
  it('leaves a run with a letter on one side and a digit on the other, nothing beside it, or longer than two, as read', () => {
    const mixed = read('ZZZOO0110', [3, 4, 5]);
    const alone = read('<<O<<', [2]);
    // A specimen's number of zeros runs to its check digit, between the number's letter and the nationality's.
    const specimen = read('A000000000MYS', [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(settleZeroOrOhByNeighbours([mixed, alone, specimen])).toEqual([]);
    expect(mixed.map((c) => c.char).join('')).toBe('ZZZOO0110');
  });
});
