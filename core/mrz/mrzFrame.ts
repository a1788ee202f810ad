/**
 * The millimetre frame an MRZ's cells are sampled in, whatever the layout (TD3's two lines of 44, TD1's three of 30):
 * a homography maps it to image pixels, fitted from the cell grid the blobs give. Only the fixed pitch is ICAO's for
 * every layout; where the lines sit in the frame is each document's own choice (its nominal page geometry), so that a
 * plugin can rectify its page from the same map.
 */
import { applyHomography, type Homography, type Point } from '../imaging/homography.ts';
import type { MrzLinesFound } from './findMrzLines.ts';

export interface MrzFrame {
  /** Left edge of the first cell (mm). */
  readonly leftMm: number;
  /** OCR-B at 10 characters per inch: 2.54 mm in every ICAO layout. */
  readonly pitchMm: number;
  /** Centre of the last line (mm); the lines above it are placed at the measured spacing. */
  readonly lastLineCentreMm: number;
  /** Distance between the lines' centres (mm) where none was measured. */
  readonly nominalSpacingMm: number;
}

/** OCR-B glyphs leave about this fraction of a pitch blank at each side of their cell. */
export const sideBearing = 0.15;

/**
 * Where the lines sit in the millimetre frame the cells are sampled in: the last line at the frame's nominal place and the
 * others above it at the distance measured on the page, in pitches. Printers space MRZ lines anywhere from 1.5 to over
 * 3 glyph heights apart (ICAO's nominal 6.35 mm is 2.6): a frame with a fixed spacing stretches the cells and the
 * rectified page vertically on every renderer but the one it was fixed for.
 */
export function lineCentresMm(found: MrzLinesFound, count: number, frame: MrzFrame, fittedPitchPx: number | null = null): number[] {
  const lines = found.lines;
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  const u = found.direction;
  const n = { x: -u.y, y: u.x };
  const along = (q: Point): number => q.x * u.x + q.y * u.y;
  const across = (q: Point): number => q.x * n.x + q.y * n.y;
  // Each line's offset at one place along them (the middle of their overlap): glare cuts lines at different ends,
  // and the middles of two cut lines lie apart along slightly converging fits.
  const tMid = (Math.max(along(first.start), along(last.start)) + Math.min(along(first.end), along(last.end))) / 2;
  const offsetAt = (l: typeof first): number => {
    const t0 = along(l.start);
    const t1 = along(l.end);
    const k = t1 === t0 ? 0.5 : (tMid - t0) / (t1 - t0);
    return across(l.start) + k * (across(l.end) - across(l.start));
  };
  // The pitch fitted to the blobs (fitCellGrid) holds when glare has shortened both lines; their length does not.
  const span = Math.max(...lines.map((l) => Math.hypot(l.end.x - l.start.x, l.end.y - l.start.y)));
  const pitchPx = fittedPitchPx ?? span / (count - 2 * sideBearing);
  const steps = lines.length - 1;
  const measured = steps > 0 && pitchPx > 0 ? (Math.abs(offsetAt(last) - offsetAt(first)) / steps / pitchPx) * frame.pitchMm : NaN;
  // Outside these bounds the measurement is not of two MRZ lines: the nominal spacing stands.
  const spacing = Number.isFinite(measured) && measured >= 2.5 && measured <= 10 ? measured : frame.nominalSpacingMm;
  return lines.map((_, i) => frame.lastLineCentreMm - (steps - i) * spacing);
}

/** Where a read zone lies in the input: the turn that makes it upright, the residual tilt, and its band's corners. */
export interface ZonePlacement {
  /** Clockwise rotation that makes the input upright. */
  readonly rotation: 0 | 90 | 180 | 270;
  /** Residual tilt of the MRZ after that rotation, degrees clockwise. */
  readonly skewDeg: number;
  /** MRZ band corners TL, TR, BR, BL (of the upright document) in input pixel coordinates. */
  readonly quad: [Point, Point, Point, Point];
  /** Input pixels per frame millimetre along the first line. */
  readonly pxPerMm: number;
}

/** Pure: the placement of a zone read through `h` (frame mm to input pixels), from its reading direction. */
export function zonePlacement(h: Homography, centres: readonly number[], count: number, frame: MrzFrame): ZonePlacement {
  const a = applyHomography(h, frame.leftMm, centres[0]!);
  const b = applyHomography(h, frame.leftMm + count * frame.pitchMm, centres[0]!);
  const angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  const quarter = ((Math.round(angle / 90) % 4) + 4) % 4;
  const rotation = (((4 - quarter) % 4) * 90) as 0 | 90 | 180 | 270;
  let skewDeg = angle - Math.round(angle / 90) * 90;
  skewDeg = Math.round(skewDeg * 100) / 100;
  const left = frame.leftMm;
  const right = left + count * frame.pitchMm;
  const top = centres[0]! - 2.3;
  const bottom = centres[centres.length - 1]! + 2.3;
  const quad: [Point, Point, Point, Point] = [
    applyHomography(h, left, top),
    applyHomography(h, right, top),
    applyHomography(h, right, bottom),
    applyHomography(h, left, bottom),
  ];
  return { rotation, skewDeg, quad, pxPerMm: Math.hypot(b.x - a.x, b.y - a.y) / (count * frame.pitchMm) };
}
