/**
 * A page photographed from afar: small in a large frame, its MRZ glyphs a few pixels tall in the usual search copy.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';
import type { RawImage } from '../../../core/imaging/types.ts';
import { readMrz } from '../../../plugins/passport/mrz/index.ts';
import { printedMrzPage, specimenLines } from './printedMrzPage.ts';

/** `page` at `pxPerMm` (drawn at 10), in the middle of a plain frame `frameWidth` wide, three quarters as tall. */
async function inFrame(page: RawImage, pxPerMm: number, frameWidth: number): Promise<RawImage> {
  const width = Math.round((page.width * pxPerMm) / 10);
  const small = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: page.channels } }).resize({ width }).raw().toBuffer({ resolveWithObject: true });
  const frameHeight = Math.round(frameWidth * 0.75);
  const left = Math.round((frameWidth - small.info.width) / 2);
  const top = Math.round((frameHeight - small.info.height) / 2);
  const { data, info } = await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } })
    .extend({ left, right: frameWidth - small.info.width - left, top, bottom: frameHeight - small.info.height - top, background: { r: 138, g: 127, b: 112 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 };
}

describe('readMrz on a page small in a large frame', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const page = printedMrzPage({ what: 'nominal', capMm: 2.4, pitchMm: 2.54, spacingMm: 6.35 });

  it('finds the zone in a finer search copy when the usual one shrinks its glyphs to specks', async () => {
    // A phone's 4000 px frame, the page 5 px/mm in it: glyphs 12 px tall, 3 in the usual search copy.
    const reading = await readMrz(await inFrame(page, 5, 4000), { now, imaging: pluginImaging });
    expect('failure' in reading).toBe(false);
    if ('failure' in reading) return;
    expect(reading.parse?.lines).toEqual(specimenLines);
    expect(reading.parse?.valid).toBe(true);
  });

  it('still refuses a frame with no zone in it at either scale', async () => {
    const blank = await inFrame({ data: Buffer.alloc(1250 * 400, 240), width: 1250, height: 400, channels: 1 }, 5, 4000);
    const reading = await readMrz(blank, { now, imaging: pluginImaging });
    expect('failure' in reading).toBe(true);
  });
});
