/** Warps the TD3 data page upright through the homography fixed by the MRZ's cell grid. */
import type { Homography } from '../../../core/imaging/homography.ts';
import type { GreyImage } from '../../../core/imaging/greyImage.ts';
import type { PluginImaging } from '../../../core/imaging/pluginImaging.ts';
import type { RawImage } from '../../../core/imaging/types.ts';
import { td3Page } from './td3Geometry.ts';

/** A box of the rectified page in its pixels; it may reach past the page's edges. */
export interface PageRegion {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * `mmToImage` maps page millimetres (origin top-left) to input pixel indices (pixel centres at integers). `region`
 * (default: the td3Page) is the part drawn: where it overlaps the page, its pixels are the page's own.
 */
export function rectifyPage(
  image: GreyImage,
  mmToImage: Homography,
  pxPerMm: number,
  imaging: Pick<PluginImaging, 'applyHomography' | 'sampleBilinear'>,
  region: PageRegion = { left: 0, top: 0, width: Math.round(td3Page.widthMm * pxPerMm), height: Math.round(td3Page.heightMm * pxPerMm) },
): RawImage {
  const { applyHomography, sampleBilinear } = imaging;
  const { left, top, width, height } = region;
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    const ymm = (top + y + 0.5) / pxPerMm;
    for (let x = 0; x < width; x++) {
      const p = applyHomography(mmToImage, (left + x + 0.5) / pxPerMm, ymm);
      data[y * width + x] = Math.round(sampleBilinear(image, p.x, p.y));
    }
  }
  return { data, width, height, channels: 1 };
}
