/**
 * Line 1 read a few cells off line 2's column is read again shifted (lineOneRealigned), but never onto paper: a shift
 * whose end cells leave the printed line read blank cells there, and a code that happens to start the shifted line
 * (`TCA`, Turks and Caicos, two cells on from `PCPXTCA…`) does not make it the page's. A line 1 that starts with a P
 * and a known code may still be read off its column, its end then on the blank paper past the printed line.
 */
import { describe, expect, it } from 'vitest';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';
import { readMrz } from '../../../plugins/passport/mrz/index.ts';
import { readPinnedMrz } from './pinnedMrzReading.ts';
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
  it('reads line 1 on its printed cells where a start read two cells late spelled P and a known code', async () => {
    // A hard photo of a generated page (seed 1239201's photos, made hard by scripts/hard-photos.ts, item 87): line 1
    // was read from its third cell, `PRTGONCALVES…`, as issued by TGO, its last two cells past the line's end.
    const reading = await readPinnedMrz('mrz-line1-past-end-seed1239201-087.jpg', '2026-12-06T00:00:00Z');
    expect(reading.lines[0]).toBe('P<PRTGONCALVES<<GONCALO<<<<<<<<<<<<<<<<<<<<<');
    expect(reading.lines[1]).toBe('Z543848<<9PRT4701246M3306013<<<<<<<<<<<<<<08');
  });
});
