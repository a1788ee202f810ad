/**
 * Nominal geometry of a TD3 data page (ICAO 9303-4), in millimetres from the page's top-left corner.
 * Shared by the fixture generator (where it draws) and the readers (where they look). Real pages drift by a
 * few millimetres, so readers use these as priors, never as exact crop boxes.
 */
export const td3Page = {
  widthMm: 125,
  heightMm: 88,
  /** OCR-B at 10 characters per inch. */
  mrzPitchMm: 2.54,
  mrzCharsPerLine: 44,
  /** Left edge of the first MRZ character cell. */
  mrzLeftMm: 6.5,
  /** Vertical centre of MRZ line 1 and line 2. */
  mrzLine1CentreMm: 76.2,
  mrzLine2CentreMm: 80.8,
  /** Cap height of OCR-B size 1. */
  mrzCapHeightMm: 2.4,
  /** Top of the machine readable zone: nothing but the MRZ is printed below this line. */
  mrzZoneTopMm: 64.8,
} as const;
