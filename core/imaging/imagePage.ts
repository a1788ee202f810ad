/** An uploaded image as a Page: size known from the header, pixels decoded on first use (EXIF orientation applied). */
import sharp from 'sharp';
import { ProblemError } from '../errors.ts';
import type { Page, RawImage } from './types.ts';

const DECODE_TIMEOUT_SECONDS = 30;

/** EXIF orientations 5-8 turn the image a quarter, so width and height trade places. */
const swapsAxes = (orientation: number | undefined): boolean => orientation !== undefined && orientation >= 5 && orientation <= 8;

const unreadable = (partName: string, cause: unknown): ProblemError =>
  new ProblemError('unreadable_document', `The image in part "${partName}" could not be decoded.`, { cause });

const mapDecodeError = (partName: string, maxImagePixels: number, cause: unknown): ProblemError =>
  cause instanceof Error && /pixel limit/i.test(cause.message)
    ? new ProblemError('image_too_large', `The image in part "${partName}" exceeds ${maxImagePixels} pixels.`, {
        extensions: { limit: maxImagePixels },
        cause,
      })
    : unreadable(partName, cause);

export async function openImagePage(bytes: Buffer, partName: string, maxImagePixels: number): Promise<Page> {
  // Only the first frame of animated or multi-page files is read (sharp's default `page: 0, pages: 1`).
  const options: sharp.SharpOptions = { limitInputPixels: maxImagePixels, failOn: 'error' };
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (cause) {
    throw mapDecodeError(partName, maxImagePixels, cause);
  }
  const storedWidth = metadata.width;
  // Multi-frame files report the frame height separately.
  const storedHeight = metadata.pageHeight ?? metadata.height;
  if (!storedWidth || !storedHeight) throw unreadable(partName, new Error('image header has no size'));
  if (storedWidth * storedHeight > maxImagePixels) {
    throw new ProblemError('image_too_large', `The image in part "${partName}" is ${storedWidth}x${storedHeight} pixels; the limit is ${maxImagePixels} pixels.`, {
      extensions: { limit: maxImagePixels },
    });
  }
  const swapped = swapsAxes(metadata.orientation);
  const width = swapped ? storedHeight : storedWidth;
  const height = swapped ? storedWidth : storedHeight;

  let decoded: Promise<RawImage> | undefined;
  const decode = async (): Promise<RawImage> => {
    try {
      const { data, info } = await sharp(bytes, options)
        .rotate()
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
        .raw()
        .toBuffer({ resolveWithObject: true });
      if (info.channels !== 3) throw new Error(`decoded to ${info.channels} channels`);
      return { data, width: info.width, height: info.height, channels: 3 };
    } catch (cause) {
      throw mapDecodeError(partName, maxImagePixels, cause);
    }
  };

  return {
    index: 0,
    source: 'image',
    width,
    height,
    image: () => (decoded ??= decode()),
    textLayer: null,
    dpi: null,
  };
}
