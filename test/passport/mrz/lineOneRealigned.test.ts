/**
 * Line 1 read a few cells off line 2's column is read again shifted (lineOneRealigned), but never onto paper: a shift
 * whose end cells leave the printed line read blank cells there, and a code that happens to start the shifted line
 * (`TCA`, Turks and Caicos, two cells on from `PCPXTCA…`) does not make it the page's.
 */
import { describe, expect, it } from 'vitest';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';
import { readMrz } from '../../../plugins/passport/mrz/index.ts';
import { printedMrzPage, specimenLines } from './printedMrzPage.ts';

describe('line 1 realigned', () => {
  it('keeps line 1 on its printed cells where a shift would start it with a known code', async () => {
    const lines = ['PCPXTCAMPBELL<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<', specimenLines[1]] as const;
    const page = printedMrzPage({ what: 'nominal', capMm: 2.4, pitchMm: 2.54, spacingMm: 4.8 }, lines);
    const reading = await readMrz(page, { now: new Date('2010-01-01T00:00:00Z'), imaging: pluginImaging });
    if ('failure' in reading) throw new Error(reading.failure);
    expect(reading.lines[1]).toBe(lines[1]);
    expect(reading.lines[0]).toBe(lines[0]);
  });
});
