/**
 * Small, soft copies of a page (a data page 420-530 px wide, blurred by up to about a fifth of the pitch, saved as
 * JPEG) are read to the same MRZ as the page: the CNN is trained on such copies (train-mrz-classifier.ts
 * --soft-bands). The CNN before that read every case here unproven, with cells misread.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';
import type { RawImage } from '../../../core/imaging/types.ts';
import { readMrz } from '../../../plugins/passport/mrz/index.ts';
import { printedMrzPage, specimenLines } from './printedMrzPage.ts';

const page = printedMrzPage({ what: 'nominal', capMm: 2.4, pitchMm: 2.54, spacingMm: 4.8 });

async function softCopy(width: number, sigma: number, quality: number): Promise<RawImage> {
  const jpeg = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: page.channels } })
    .resize({ width, kernel: 'cubic' })
    .blur(sigma)
    .jpeg({ quality })
    .toBuffer();
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as RawImage['channels'] };
}

describe('small, soft copies of a page', () => {
  // [page width px, Gaussian sigma px, JPEG quality]: 470 px is about 9.5 px a character, so 1.8 px is 0.19 pitches.
  it.each([
    [420, 1.8, 85],
    [470, 1.8, 60],
    [470, 1.8, 85],
    [530, 2.2, 60],
    [530, 2.2, 85],
  ])('reads the zone of a %i px copy blurred by %f px at quality %i, check digits proven', async (width, sigma, quality) => {
    const reading = await readMrz(await softCopy(width, sigma, quality), { now: new Date('2010-01-01T00:00:00Z'), imaging: pluginImaging });
    if ('failure' in reading) throw new Error(reading.failure);
    expect(reading.parse?.valid).toBe(true);
    expect(reading.parse?.lines).toEqual([...specimenLines]);
  });
  // Seed 1237401's scans blurred and shrunk to 400-520 px: at the copy's own scale the grid was laid off the glyphs
  // (a Danish page refused as having no MRZ). Read again twice as large, the same check digits hold.
  it.each([
    [400, 1.8],
    [440, 1.8],
  ])('reads a %i px copy blurred by %f px from a copy twice its size where its own scale reads nothing valid', async (width, sigma) => {
    const reading = await readMrz(await softCopy(width, sigma, 85), { now: new Date('2010-01-01T00:00:00Z'), imaging: pluginImaging });
    if ('failure' in reading) throw new Error(reading.failure);
    expect(reading.parse?.lines).toEqual([...specimenLines]);
    // The zone's corners in the copy's own pixels, not the larger one's.
    expect(Math.max(...reading.quad.map((p) => p.x))).toBeLessThanOrEqual(width);
  });
});
