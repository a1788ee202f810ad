/**
 * The imaging primitives the host hands every plugin as `ctx.imaging`: one implementation each, in core/imaging, so a
 * plugin needs neither sharp nor its own copy of a box filter. Pure functions and sharp pipelines, raw in and out.
 */
import { backgroundFlattened, darkerThan } from './backgroundFlattened.ts';
import { binarise } from './binarise.ts';
import { connectedComponents, letterHeightOf } from './connectedComponents.ts';
import { sampleBilinear, toGrey, toNeutralGrey } from './greyImage.ts';
import { greyScaled, scaledCopy } from './greyScaled.ts';
import { applyHomography, homographyFromPoints } from './homography.ts';
import { inkPoints, integralImage, profileSharpness } from './inkPoints.ts';
import { cropGrey, greyExtract, greyResized, greyRotated, otsu, pageBounds, sharpened, turnOf, withoutSensorNoise } from './pageImage.ts';

export const pluginImaging = {
  /** Luma of an interleaved image as floats (what the MRZ readers work on). */
  toGrey,
  /** Each pixel as its lightest channel (coloured ink goes light, black stays dark); null for a grey image. */
  toNeutralGrey,
  /** A grey copy turned by quarter turns and scaled to a width (what OCR is handed). */
  greyScaled,
  /** A copy in the image's own channels scaled to a width (lanczos3): a small input read again larger. */
  scaledCopy,
  /** A grey copy resized to an exact width and height, optionally through a 3×3 median in the same pass. */
  greyResized,
  /** A grey image turned by any angle, the uncovered corners white. */
  greyRotated,
  /** A grey crop of a box, scaled. */
  cropGrey,
  /** A grey crop of a box, unscaled. */
  greyExtract,
  /** The quarter turn nearest a measured rotation. */
  turnOf,
  /** A 3×3 median where the image carries sensor noise. */
  withoutSensorNoise,
  /** An unsharp mask, for blurred print. */
  sharpened,
  /** Each pixel over the brightest one near it (the paper there): tints and shading go to white. */
  backgroundFlattened,
  /** Black where darker than a level, white elsewhere. */
  darkerThan,
  /** Otsu's threshold of grey bytes. */
  otsu,
  /** The bright page in a photo of it on a darker surface: the page's bounds. */
  pageBounds,
  /** Ink by local mean and spread: 1 where a pixel is ink. */
  binarise,
  /** Box sums in constant time. */
  integralImage,
  /** The pixels darker than their box's mean: the ink's coordinates. */
  inkPoints,
  /** How sharply ink falls into rows at an angle: the deskew measure. */
  profileSharpness,
  /** The 8-connected blobs of a mask (letters, marks). */
  connectedComponents,
  /** How tall a crop's letters stand (upper quartile of the inkier blobs' heights), and the most ink in a blob. */
  letterHeightOf,
  /** A point through a plane homography (page frame to pixels). */
  applyHomography,
  /** The plane homography taking four points to four others; null when they are degenerate. */
  homographyFromPoints,
  /** A grey image's value at a point between pixels. */
  sampleBilinear,
} as const;

export type PluginImaging = typeof pluginImaging;
