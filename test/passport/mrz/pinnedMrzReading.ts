/** The MRZ reader's reading of a page pinned under test/passport/pages (test helper). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';
import { type MrzReading, readMrz } from '../../../plugins/passport/mrz/index.ts';

/** `now` is the day the page was pinned: expiry checks then judge the page as they did that day. */
export async function readPinnedMrz(fileName: string, now: string): Promise<MrzReading> {
  const file = path.join(import.meta.dirname, '..', 'pages', fileName);
  const { data, info } = await sharp(readFileSync(file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const reading = await readMrz(
    { data, width: info.width, height: info.height, channels: info.channels as 1 | 3 },
    { now: new Date(now), imaging: pluginImaging },
  );
  if ('failure' in reading) throw new Error(reading.failure);
  return reading;
}
