/** A grey, quarter-turned, scaled copy of a raw image (sharp, raw in and out): what OCR is handed. */
import sharp from 'sharp';
import type { RawImage } from './types.ts';

export type QuarterTurn = 0 | 90 | 180 | 270;

/** Grey copy of `image`, rotated clockwise by `turn` and scaled so its width is at most `maxWidth`. */
export async function greyScaled(image: RawImage, options: { maxWidth: number; turn?: QuarterTurn; exactWidth?: number }): Promise<RawImage> {
  const turn = options.turn ?? 0;
  const rotatedWidth = turn === 90 || turn === 270 ? image.height : image.width;
  const rotatedHeight = turn === 90 || turn === 270 ? image.width : image.height;
  const width = options.exactWidth ?? Math.min(options.maxWidth, rotatedWidth);
  const height = Math.max(1, Math.round((rotatedHeight * width) / rotatedWidth));
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  if (turn !== 0) pipeline = pipeline.rotate(turn);
  const { data, info } = await pipeline
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // greyscale() keeps an alpha channel when the input had one; OCR wants one channel.
  const grey = info.channels === 1 ? data : await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).extractChannel(0).raw().toBuffer();
  return { data: grey, width: info.width, height: info.height, channels: 1 };
}

/** A copy of a raw image in its own channels, scaled to `width` (height in proportion): a small input read larger. */
export async function scaledCopy(image: RawImage, width: number): Promise<RawImage> {
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as RawImage['channels'] };
}
