/** Warps the TD3 data page upright through the homography fixed by the MRZ's cell grid. */
import type { Homography } from '../../../core/imaging/homography.ts';
import type { GreyImage } from '../../../core/imaging/greyImage.ts';
import type { PluginImaging } from '../../../core/imaging/pluginImaging.ts';
import type { RawImage } from '../../../core/imaging/types.ts';
import { td3Page } from './td3Geometry.ts';

/** `mmToImage` maps page millimetres (origin top-left) to input pixel indices (pixel centres at integers). */
export function rectifyPage(image: GreyImage, mmToImage: Homography, pxPerMm: number, imaging: Pick<PluginImaging, 'applyHomography' | 'sampleBilinear'>): RawImage {
  const { applyHomography, sampleBilinear } = imaging;
  const width = Math.round(td3Page.widthMm * pxPerMm);
  const height = Math.round(td3Page.heightMm * pxPerMm);
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    const ymm = (y + 0.5) / pxPerMm;
    for (let x = 0; x < width; x++) {
      const p = applyHomography(mmToImage, (x + 0.5) / pxPerMm, ymm);
      data[y * width + x] = Math.round(sampleBilinear(image, p.x, p.y));
    }
  }
  return { data, width, height, channels: 1 };
}
