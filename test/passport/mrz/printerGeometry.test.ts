/**
 * MRZs as other printers set them: line spacing, glyph size and pitch are the printer's, within ICAO 9303's
 * tolerances and past them (DOMAIN.md). The reader measures them; none of these pages is its fixture generator's.
 */
import { describe, expect, it } from 'vitest';
import { readMrz } from '../../../plugins/passport/mrz/index.ts';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';
import { printedMrzPage as page, type Printer, specimenLines as lines } from './printedMrzPage.ts';

describe('readMrz on other printers\' MRZs', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it.each<Printer>([
    { what: "ICAO's nominal: 6.35 mm apart, 2.6 glyph heights", capMm: 2.4, pitchMm: 2.54, spacingMm: 6.35 },
    { what: 'lines 7 mm apart, 2.9 glyph heights, on a 2.6 mm pitch (was refused as no MRZ)', capMm: 2.4, pitchMm: 2.6, spacingMm: 7 },
    { what: 'large glyphs set close: 2.9 mm capitals 1.6 heights apart', capMm: 2.9, pitchMm: 2.54, spacingMm: 4.6 },
    { what: 'small glyphs far apart, a light wavy line pattern across the zone', capMm: 2.1, pitchMm: 2.5, spacingMm: 6.6, wavy: true },
  ])('$what', async (printer) => {
    const reading = await readMrz(page(printer), { now, imaging: pluginImaging });
    expect('failure' in reading).toBe(false);
    if ('failure' in reading) return;
    expect(reading.parse?.lines).toEqual(lines);
    expect(reading.parse?.valid).toBe(true);
  });
});
