/**
 * Reads the MRZ of a page photo: find the lines on a downscaled copy, fix the cell grid with a homography from
 * the lines' ends, classify every cell from the full-resolution image, parse, and when the check digits fail try
 * the cheap alternatives (the other way round, nudged grid, another threshold) before settling.
 */
import type { RawImage } from '../../../core/imaging/types.ts';
import { td3Page } from './td3Geometry.ts';
import { isKnownCountryField } from '../../../core/mrz/countryCodes.ts';
import { detectMrzFormat, otherLayoutProven, type MrzFormat } from '../../../core/mrz/detectMrzFormat.ts';
import type { GreyImage } from '../../../core/imaging/greyImage.ts';
import type { PluginImaging } from '../../../core/imaging/pluginImaging.ts';
import type { Homography, Point } from '../../../core/imaging/homography.ts';
import { measureQuality } from '../../../core/mrz/imageQuality.ts';
import { finerSearchExists, mrzSearchCopy, mrzSearchPasses } from '../../../core/mrz/mrzSearch.ts';
import { findMrzLines, type MrzLinesFound } from '../../../core/mrz/findMrzLines.ts';
import { candidateLineLengths, gridHomographies, maxColumnShift } from '../../../core/mrz/gridHomographies.ts';
import { zonePlacement, type MrzFrame } from '../../../core/mrz/mrzFrame.ts';
import { gridNudges, mrzCnnUse, readCellGrid, sureCell, unnudged, withCnnReading, type CellGridReading, type GridNudge } from '../../../core/mrz/readCellGrid.ts';
import { crispZone, mappedCorners } from '../../../core/mrz/crispZone.ts';
import { nameSeparatedTwice, parseTd3, type Td3Parse } from './parseTd3.ts';
import { rectifyPage, type PageRegion } from './rectifyPage.ts';
import { td3CheckCells, td3CheckHolds, td3Checks, td3Fields, type Td3CheckName } from './td3Fields.ts';

export type { Point } from '../../../core/imaging/homography.ts';

export interface MrzReading {
  readonly format: MrzFormat;
  /** As recognised, before repairs. */
  readonly lines: string[];
  /** Per character, 0..1. */
  readonly charConfidence: number[][];
  /** Per character, the runner-up reading: where the two classifiers disagreed, the second opinion's. */
  readonly second?: readonly (readonly string[])[];
  /** Per character: washed out by glare or shadow, so what was read there is no reading (see washedOut). */
  readonly washed: boolean[][];
  /** Per character, the reader's own probability where its letter outvoted the one opinion against it, else null. */
  readonly outvoted?: readonly (readonly (number | null)[])[];
  /** Per character, the CNN's own probability where it and both MLPs read the character alike, else null. */
  readonly unanimous?: readonly (readonly (number | null)[])[];
  /** TD3 only, with repairs applied and recorded. */
  readonly parse: Td3Parse | null;
  /** Clockwise rotation that makes the input upright. */
  readonly rotation: 0 | 90 | 180 | 270;
  /** Residual tilt of the MRZ after that rotation, degrees clockwise. */
  readonly skewDeg: number;
  /** MRZ band corners TL, TR, BR, BL (of the upright document) in input pixel coordinates. */
  readonly quad: [Point, Point, Point, Point];
  /**
   * The data page rectified to td3Page size (grey, one channel), from the MRZ's homography; TD3 only. `sourcePxPerMm`
   * is the input's own resolution along the MRZ, which the page's (at least 6 px/mm) may exceed by upsampling.
   */
  readonly page: { readonly image: RawImage; readonly pxPerMm: number; readonly sourcePxPerMm: number } | null;
  /**
   * The MRZ frame (td3Page millimetres; the page's as rectified) to input pixels, and where the lines' centres lie
   * in it: where each field was read is mapped back through it.
   */
  readonly frame: { readonly toImage: Homography; readonly lineCentresMm: readonly number[]; readonly count: number; readonly lineShifts?: readonly number[] };
}

export type MrzFailure = { failure: 'no_mrz' | 'too_small' | 'too_dark' | 'too_blurry'; detail: string };

/** Cap heights (px, full image) below which OCR-B cannot be told apart reliably. */
const minCapHeightPx = 7;

export interface Attempt extends CellGridReading {
  readonly parse: Td3Parse | null;
  readonly format: MrzFormat;
  readonly h: Homography;
  readonly count: number;
  readonly centres: readonly number[];
  /** The per-line maps the cells were sampled through, when not h (gridHomographies with perLine). */
  readonly lineMaps?: readonly Homography[];
  /** Cells each line was read shifted by from the grid's column (see lineOneRealigned). */
  readonly lineShifts?: readonly number[];
}

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
}


/** TD3's frame: the data page's millimetres (td3Geometry.ts), so the page is rectified through the same map. */
const td3Frame: MrzFrame = {
  leftMm: td3Page.mrzLeftMm,
  pitchMm: td3Page.mrzPitchMm,
  lastLineCentreMm: td3Page.mrzLine2CentreMm,
  nominalSpacingMm: td3Page.mrzLine2CentreMm - td3Page.mrzLine1CentreMm,
};

/** One grid read (core/mrz/readCellGrid.ts), its layout told and a TD3 parsed, with repairs recorded. */
function readGrid(
  image: GreyImage,
  h: Homography,
  centres: readonly number[],
  count: number,
  nudge: GridNudge,
  now: Date,
  lineMaps?: readonly Homography[],
  lineShifts?: readonly number[],
): Attempt {
  // The passes meet the same grid again (a later threshold finds the same lines, the same best is nudged once more):
  // a grid once read on this image is not read again. The key holds every input, so the reading is the same.
  const key = JSON.stringify([h, centres, count, nudge, lineMaps ?? null, lineShifts ?? null, now.getTime()]);
  let memo = gridsRead.get(image);
  if (memo === undefined) {
    memo = new Map();
    gridsRead.set(image, memo);
  }
  const known = memo.get(key);
  if (known !== undefined) return known;
  const attempt = attemptOf(readCellGrid(image, h, centres, count, td3Frame, nudge, lineMaps, lineShifts), h, centres, count, now, lineMaps, lineShifts);
  memo.set(key, attempt);
  return attempt;
}
/** Per grey image (one per readMrz call, so the grids of a hard page, ~0.3 MB each, go with it). */
const gridsRead = new WeakMap<GreyImage, Map<string, Attempt>>();

/** A grid's reading, its layout told and a TD3 parsed. */
export function attemptOf(
  cells: CellGridReading,
  h: Homography,
  centres: readonly number[],
  count: number,
  now: Date,
  lineMaps?: readonly Homography[],
  lineShifts?: readonly number[],
): Attempt {
  const { lines, confidence, second } = cells;
  const format = layoutOf(cells, centres, count);
  const parse = format === 'TD3' ? parseTd3([lines[0]!, lines[1]!], { now, alternatives: [second[0]!, second[1]!], confidence: [confidence[0]!, confidence[1]!] }) : null;
  return {
    ...cells, parse, format, h, count, centres,
    ...(lineMaps === undefined ? {} : { lineMaps }),
    ...(lineShifts === undefined ? {} : { lineShifts }),
  };
}

/**
 * The layout the lines read as. A document-code cell glare washed out tells a visa's `V` from a passport's `P` no
 * more: two 44-cell lines whose passport composite check holds (a visa's line 2 ends in optional data) are a TD3.
 */
function layoutOf(cells: CellGridReading, centres: readonly number[], count: number): MrzFormat {
  const { lines, washed } = cells;
  const format = detectMrzFormat(lines) ?? (centres.length === 3 ? 'TD1' : count === 36 ? 'TD2' : 'TD3');
  if (format !== 'MRV-A' || washed[0]?.[0] !== true || washed[1]?.[43] === true) return format;
  return td3CheckHolds(lines[1]!, td3Checks.find((c) => c.check === 'composite')!) ? 'TD3' : format;
}

/** A TD3 reading whose line 1 name is no misread of its separators (nameSeparatedTwice). */
const wellFormedName = (a: Attempt): boolean => a.parse === null || !nameSeparatedTwice(a.parse.lines[0]);

/** A search may stop at a valid TD3 whose line 1 is well formed: line 2's checks say nothing of line 1's grid. */
const settled = (a: Attempt | null): boolean => a?.parse?.valid === true && wellFormedName(a);

/**
 * Better: a valid TD3 first, then a TD3 proven but for washed-out cells, then a plausible document code, then no
 * readable check failing, then more check digits holding, then the higher mean log-probability.
 */
export function better(a: Attempt | null, b: Attempt): boolean {
  if (!a) return true;
  const av = proven(a) ? 1 : 0;
  const bv = proven(b) ? 1 : 0;
  if (av !== bv) return bv > av;
  // Line 2's check digits prove it, not line 1: of two proven grids, the one whose line 1 reads as a TD3's start
  // (P, then a known issuing state) has it in the right column.
  if (av === 1) {
    const as = lineOneStart(a);
    const bs = lineOneStart(b);
    if (as !== bs) return bs > as;
    // And the one whose name separates its parts once, as ICAO writes it, has line 1's cells on their glyphs.
    const an = wellFormedName(a) ? 1 : 0;
    const bn = wellFormedName(b) ? 1 : 0;
    if (an !== bn) return bn > an;
  }
  const aw = provenButWashed(a) ? 1 : 0;
  const bw = provenButWashed(b) ? 1 : 0;
  if (aw !== bw) return bw > aw;
  // Line 2 with all five of its checks holding, the document number's, birth's and expiry's among them, is the zone
  // read the right way up whatever line 1 starts with (lineOneRealigned moves a line 1 read a column off): it beats a
  // first letter that noise read upside down happens to make a visa's `V`.
  const al = lineTwoProven(a) ? 1 : 0;
  const bl = lineTwoProven(b) ? 1 : 0;
  if (al !== bl) return bl > al;
  const ap = plausibleCode(a) ? 1 : 0;
  const bp = plausibleCode(b) ? 1 : 0;
  if (ap !== bp) return bp > ap;
  // Neither proven: a reading no readable check contradicts (glare over most of line 2 leaves one check to hold) beats
  // one whose readable checks partly fail, whatever holds there by chance; then the grid more check digits agree with
  // is nearer the right one (an O/0 in the document number that no check digit can settle leaves that check and the
  // composite failing, the rest read right).
  const au = uncontradicted(a) ? 1 : 0;
  const bu = uncontradicted(b) ? 1 : 0;
  if (au !== bu) return bu > au;
  const ah = checksHeld(a);
  const bh = checksHeld(b);
  if (ah !== bh) return bh > ah;
  return b.score > a.score;
}

/** The attempt's grid read again by the CNN (see withCnnReading); line 2 is the line check digits cover. */
const withCnn = (a: Attempt, now: Date): Attempt => attemptOf(withCnnReading(a, mrzCnnUse, [1]), a.h, a.centres, a.count, now, a.lineMaps, a.lineShifts);

/**
 * Unsharp strengths (the Gaussian in cell pitches, the amount) for readCrisper, mild first. The Gaussian scales with
 * the pitch, so the mask restores edges at the glyphs' own scale whatever the page's resolution.
 */
const crispStrengths = [
  { sigmaPitches: 0.12, amount: 1.5 },
  { sigmaPitches: 0.2, amount: 2.5 },
] as const;
/** Below this pitch (pixels) the copy is enlarged twice before the mask: bilinear sampling of so few pixels blurs. */
const enlargeBelowPitchPx = 16;

/**
 * A grid that found the zone but whose reading is not proven, read again, nudges and all, by the MLPs on crisper
 * copies of the zone (crispZone.ts): soft or low-resolution pages keep the strokes but lose the edges. Eighteen more
 * reads of a soft zone are eighteen more chances for misread cells to pass a check by luck, so the copy's best proven
 * TD3 is taken only where the CNN, reading the same cells on its own, proves the same line 2 (a soft copy read two
 * ways that agree is the page), no repair overrules what proves it, and no O of the number is in doubt; otherwise
 * `best` stays. The grid stays the input's.
 */
function readCrisper(grey: GreyImage, best: Attempt, now: Date, signal: AbortSignal | undefined): Attempt {
  const lastCentre = best.centres[best.centres.length - 1]!;
  // Measured along line 2, the line a TD3 frame places.
  const pitchPx = zonePlacement(best.h, [lastCentre], best.count, td3Frame).pxPerMm * td3Frame.pitchMm;
  if (!(pitchPx > 0)) return best;
  const rightMm = td3Frame.leftMm + best.count * td3Frame.pitchMm;
  const corners = mappedCorners(best.lineMaps ?? [best.h], td3Frame.leftMm - 2 * td3Frame.pitchMm, best.centres[0]! - 4, rightMm + 2 * td3Frame.pitchMm, lastCentre + 4);
  const scale = pitchPx < enlargeBelowPitchPx ? 2 : 1;
  for (const { sigmaPitches, amount } of crispStrengths) {
    checkAbort(signal);
    const copy = crispZone(grey, corners, 2 * pitchPx, { scale, sigma: sigmaPitches * pitchPx * scale, amount });
    if (copy === null) return best;
    let chosen: Attempt | null = null;
    for (const nudge of [unnudged, ...gridNudges]) {
      const cells = readCellGrid(copy.image, copy.into(best.h), best.centres, best.count, td3Frame, nudge, best.lineMaps?.map(copy.into), best.lineShifts);
      const attempt = attemptOf(cells, best.h, best.centres, best.count, now, best.lineMaps, best.lineShifts);
      if (attempt.format === 'TD3' && proven(attempt) && !repairsOverrule(attempt, best) && better(chosen, attempt)) chosen = attempt;
    }
    if (chosen === null) continue;
    // The CNN was not trained on sharpened cells (a 0 reads as 9 there), and the MLPs alone can prove an O/0 pair.
    const read = mrzCnnUse === 'off' ? chosen : withCnn(chosen, now);
    const agreed = proven(read) && !repairsOverrule(read, best) && !numberOhInDoubt(read) && read.parse?.lines[1] === chosen.parse?.lines[1];
    return agreed ? read : best;
  }
  return best;
}

/**
 * Whether `attempt`'s repairs undo what proves it: a check digit cell changed (a class-forced look-alike, a `J` made
 * `1`, proves nothing it was chosen to fit), or a check-digit repair of a cell `original` read otherwise, surely or
 * as `attempt` read it too (a check digit printed wrong, as specimens have them, reads so on the page; two reads of a
 * cell agreeing outweigh a check).
 */
export function repairsOverrule(attempt: Pick<Attempt, 'parse' | 'lines'>, original: Pick<Attempt, 'lines' | 'confidence'>): boolean {
  return (attempt.parse?.repairs ?? []).some((r) => {
    if (r.field.endsWith('_check')) return true;
    if (r.reason !== 'check_digit') return false;
    const [line, cell] = [r.line - 1, r.position - 1];
    const before = original.lines[line]?.[cell];
    if (before === r.to) return false;
    return (original.confidence[line]?.[cell] ?? 0) >= sureCell || before === attempt.lines[line]?.[cell];
  });
}
/**
 * A letter O in the document number read in doubt: O and 0 two cells apart at weights 7 and 3 change the check by
 * 240, nothing modulo 10, so the number's check and the composite hold either way and prove neither.
 */
function numberOhInDoubt(a: Pick<Attempt, 'parse' | 'confidence'>): boolean {
  const line = a.parse?.lines[1] ?? '';
  const { start, end } = td3Fields.find((f) => f.field === 'document_number')!;
  for (let i = start; i < end; i++) if (line[i] === 'O' && (a.confidence[1]?.[i] ?? 0) < sureCell) return true;
  return false;
}

/**
 * A grid whose check digits hold can still drift mid-line: a four-corner map whose corners are right but whose
 * perspective is not puts the middle cells up to half a pitch off, and the repairs make line 2's checks hold over
 * misread cells while line 1, which has none, reads its name wrong. Where line 1 reads unsurely (drifts), each line
 * is read again through its own fitted frame (gridHomographies' per-line grids): the whole reading wins as `better`
 * has it (proven, then surer); else line 1 alone, through its own frame beside line 2 as best read it, wins where
 * it still starts as a TD3 does, the reading stays valid and line 1 reads surer.
 */
function linesOnOwnMaps(grey: GreyImage, best: Attempt, found: MrzLinesFound, factor: number, now: Date, project: Project): Attempt {
  if (best.format !== 'TD3' || best.parse?.valid !== true || best.centres.length !== 2) return best;
  const unsure = lineOneUnsure(best);
  let chosen = best;
  for (const flipped of [false, true]) {
    for (const grid of gridHomographies(found, flipped, best.count, factor, td3Frame, true, true)) {
      if (grid.withinInk || grid.lineMaps === undefined) continue;
      // Line 1 read surely is still worth a second read where best's map bows it off its own blobs' fit: drifted
      // cells can read surely as their neighbour (a Z's right half and the `<` after it read as `<`).
      if (!unsure && lineBow(best.h, grid.lineMaps[0]!, best.centres[0]!, best.count, project) < bowPitches) continue;
      const whole = readGrid(grey, grid.h, grid.centres, best.count, unnudged, now, grid.lineMaps);
      if (better(chosen, whole)) chosen = whole;
      if (chosen !== best) continue;
      // Line 2 as best read it (through a nudge, at times, that h alone does not replay), line 1 through its own frame.
      const lineOne = withLineOneOf(best, whole, grid.lineMaps[0]!, now);
      if (lineOneStart(lineOne) >= lineOneStart(best) && lineOne.parse?.valid === true && lineScore(lineOne, 0) > lineScore(best, 0) + surerBy) chosen = lineOne;
    }
  }
  return chosen;
}

/**
 * How far a line's cells under `h` bow from where `own` (its blobs' projective fit) puts them, in pitches: the most
 * any cell's offset along the line departs from the straight run between the end cells' offsets (an offset the same
 * all along, as a nudge leaves, is no bow). Zero where `own` puts the line's end cells a pitch or more from h's.
 */
export function lineBow(h: Homography, own: Homography, centreMm: number, count: number, project: Project): number {
  const { leftMm, pitchMm } = td3Frame;
  const offsets: number[] = [];
  for (let c = 0; c < count; c++) {
    const x = leftMm + (c + 0.5) * pitchMm;
    const a = project(h, x, centreMm);
    const b = project(own, x, centreMm);
    const next = project(own, x + pitchMm, centreMm);
    const along = { x: next.x - b.x, y: next.y - b.y };
    const pitchPx = Math.hypot(along.x, along.y);
    if (!(pitchPx > 0)) return 0;
    offsets.push(((a.x - b.x) * along.x + (a.y - b.y) * along.y) / (pitchPx * pitchPx));
  }
  const first = offsets[0]!;
  const last = offsets[offsets.length - 1]!;
  // A frame whose ends lie a pitch or more off h's is another pairing of the cells (or the other line): no bow of h.
  if (Math.abs(first) >= 1 || Math.abs(last) >= 1) return 0;
  return Math.max(...offsets.map((o, c) => Math.abs(o - (first + ((last - first) * c) / Math.max(1, count - 1)))));
}

/** The host's applyHomography (ctx.imaging): frame millimetres to pixels. */
type Project = PluginImaging['applyHomography'];

/** A bow past this (pitches) puts mid-line cells far enough off their glyphs to read a neighbour's ink. */
const bowPitches = 0.25;

/** best's reading with line 1 as `other` read it, through `lineOneMap`. */
function withLineOneOf(best: Attempt, other: Attempt, lineOneMap: Homography, now: Date): Attempt {
  const spliced = <T>(ofBest: readonly T[], ofOther: readonly T[]): T[] => [ofOther[0]!, ...ofBest.slice(1)];
  const confidence = spliced(best.confidence, other.confidence);
  const logSum = confidence.flat().reduce((sum, p) => sum + Math.log(Math.max(p, 1e-6)), 0);
  const cells: CellGridReading = {
    lines: spliced(best.lines, other.lines),
    confidence,
    second: spliced(best.second, other.second),
    secondConfidence: spliced(best.secondConfidence, other.secondConfidence),
    washed: spliced(best.washed, other.washed),
    score: logSum / Math.max(1, confidence.flat().length),
    sharpness: best.sharpness,
    cells: spliced(best.cells, other.cells),
    ratios: spliced(best.ratios, other.ratios),
    mlp: spliced(best.mlp, other.mlp),
    outvoted: spliced(best.outvoted, other.outvoted),
    unanimous: spliced(best.unanimous, other.unanimous),
  };
  return attemptOf(cells, best.h, best.centres, best.count, now, [lineOneMap, best.lineMaps?.[1] ?? best.h], best.lineShifts);
}

/** How much surer (mean log-probability per cell) line 1 must read through its own frame to be taken. */
const surerBy = 0.02;

/** A line's mean log-probability per cell. */
function lineScore(a: Attempt, line: number): number {
  const c = a.confidence[line] ?? [];
  return c.reduce((s, p) => s + Math.log(Math.max(p, 1e-6)), 0) / Math.max(1, c.length);
}

/**
 * Line 1 reads unsurely where a grid drifts: three cells or more below 0.9 whose two readings are not O against 0
 * (the one pair OCR-B draws alike everywhere, read in doubt on sharp scans too).
 */
function lineOneUnsure(a: Attempt): boolean {
  const confidence = a.confidence[0] ?? [];
  const second = a.second[0] ?? [];
  const line = a.lines[0] ?? '';
  let unsure = 0;
  for (let i = 0; i < confidence.length; i++) {
    const pair = `${line[i]}${second[i]}`;
    if (confidence[i]! < 0.9 && pair !== 'O0' && pair !== '0O') unsure++;
  }
  return unsure >= 3;
}

/**
 * Line 2's check digits prove its cells, not line 1's column: where every check holds but line 1 does not start as a
 * TD3 does (P, a known issuing state), it is read again a few cells to either side, and a reading that starts right
 * (so the whole MRZ is proven) wins.
 */
function lineOneRealigned(grey: GreyImage, best: Attempt, now: Date): Attempt {
  const lineTwoHolds = best.parse !== null && Object.values(best.parse.checks).every(Boolean);
  // A line 1 that starts right may still be read cells off its column: a P and a known code further in (`PRTGO…` of
  // `P<PRTGO…` reads P, R and TGO), its end then past the printed line's, on blank paper.
  const startsRight = lineOneStart(best) === 2 && pastLineEnd(best) === 0;
  if (best.format !== 'TD3' || !lineTwoHolds || startsRight || best.centres.length !== 2) return best;
  let chosen = best;
  for (let shift = -maxColumnShift; shift <= maxColumnShift; shift++) {
    if (shift === 0) continue;
    const attempt = readGrid(grey, best.h, best.centres, best.count, unnudged, now, best.lineMaps, [shift, 0]);
    // A shift that lays cells on paper past the printed line (blank, so washed) reads past it, not along it.
    if (washedCount(attempt, 0) > washedCount(best, 0)) continue;
    // Line 2 is read as before: only how line 1 starts, then how far it runs past its end, then how sure its cells
    // are, chooses.
    const gain = lineOneStart(attempt) - lineOneStart(chosen);
    const endGain = pastLineEnd(chosen) - pastLineEnd(attempt);
    if (gain > 0 || (gain === 0 && (endGain > 0 || (endGain === 0 && chosen !== best && attempt.score > chosen.score)))) chosen = attempt;
  }
  return chosen;
}

/**
 * Cells at line 1's end that read no ink beyond those at line 2's: both lines end at one margin, so where only line
 * 1's last cells are blank its grid runs past the printed line (glare over the page's edge blanks both lines' ends).
 */
function pastLineEnd(a: Attempt): number {
  const blankEnd = (line: number): number => {
    const washed = a.washed[line] ?? [];
    let n = 0;
    while (n < washed.length && washed[washed.length - 1 - n] === true) n++;
    return n;
  };
  return Math.max(0, blankEnd(0) - blankEnd(1));
}

/**
 * lineOneRealigned's mirror: line 1 starts as a passport's does (P) while line 2 holds at most one check
 * digit as read, its grid laid a few cells off its column (a soft page's edge read as glyphs before its first). It is
 * read again a few cells to either side, and only a reading whose every check digit on line 2 holds is taken: four
 * check digits and the composite do not all hold by chance.
 */
function lineTwoRealigned(grey: GreyImage, best: Attempt, now: Date): Attempt {
  if (best.format !== 'TD3' || best.parse === null || best.parse.valid || (best.lines[0] ?? '')[0] !== 'P' || best.centres.length !== 2) return best;
  const line2 = best.parse.lines[1];
  if (td3Checks.filter((c) => td3CheckHolds(line2, c)).length > 1) return best;
  let chosen = best;
  for (let shift = -maxColumnShift; shift <= maxColumnShift; shift++) {
    if (shift === 0) continue;
    const attempt = readGrid(grey, best.h, best.centres, best.count, unnudged, now, best.lineMaps, [best.lineShifts?.[0] ?? 0, shift]);
    // Line 2's checks alone (line 1's code may read right only once the CNN reads the settled grid), as read: a check
    // digit repair may have made one hold.
    const parse = attempt.parse;
    const holds = parse !== null && parse.repairs.every((r) => r.reason !== 'check_digit') && td3Checks.every((c) => td3CheckHolds(parse.lines[1], c));
    if (holds && (chosen === best || attempt.score > chosen.score)) chosen = attempt;
  }
  return chosen;
}

/**
 * Both TD3 lines start at one margin (ICAO 9303-3), so a line 1 read some cells off the grid's column means the grid
 * leans: the page is mapped instead from the two lines' end cells as they were read (line 1 shifted, each line
 * through its own map where it had one), so the page and its fields come out upright.
 */
export function withLinesAligned(a: Attempt, imaging: Pick<PluginImaging, 'applyHomography' | 'homographyFromPoints'>): { h: Homography; lineShifts: readonly number[] | undefined } {
  const shifts = a.lineShifts ?? [];
  if (shifts.every((s) => s === 0) || a.centres.length !== 2) return { h: a.h, lineShifts: a.lineShifts };
  const { leftMm, pitchMm } = td3Frame;
  const ends = [0.5, a.count - 0.5];
  const from = a.centres.flatMap((c) => ends.map((e) => ({ x: leftMm + e * pitchMm, y: c })));
  const to = a.centres.flatMap((c, line) =>
    ends.map((e) => imaging.applyHomography(a.lineMaps?.[line] ?? a.h, leftMm + (e + (shifts[line] ?? 0)) * pitchMm, c)),
  );
  const h = imaging.homographyFromPoints(from, to);
  return h === null ? { h: a.h, lineShifts: a.lineShifts } : { h, lineShifts: undefined };
}

/** How many of a line's cells read no ink (washedOut: glare, or paper past the printed line). */
const washedCount = (a: Attempt, line: number): number => (a.washed[line] ?? []).filter(Boolean).length;

/** How much of a TD3 line 1's start holds: the document code P, and a known issuing state after it. */
function lineOneStart(a: Attempt): number {
  const line = a.lines[0] ?? '';
  if (a.format !== 'TD3') return 0;
  // A country code is letters: a 0 in it is an O (the parse repairs it so).
  return (line[0] === 'P' ? 1 : 0) + (isKnownCountryField(line.slice(2, 5).replace(/0/g, 'O')) ? 1 : 0);
}

/** A TD3's parse and the checks whose cells glare left all readable (a check over washed cells counts for nothing). */
function readableChecks(a: Attempt): { parse: Td3Parse; checks: Td3CheckName[] } | null {
  const washed2 = a.washed[1];
  if (a.format !== 'TD3' || a.parse === null || washed2 === undefined) return null;
  return { parse: a.parse, checks: td3Checks.filter(({ check }) => td3CheckCells(check).every((i) => !washed2[i])).map(({ check }) => check) };
}

/** A TD3 whose line 2 no glare touched and whose every check holds, the document number's, birth's and expiry's saying something. */
function lineTwoProven(a: Attempt): boolean {
  const r = readableChecks(a);
  if (r === null || r.checks.length !== td3Checks.length) return false;
  const core = ['document_number', 'date_of_birth', 'expiry_date'] as const;
  return r.checks.every((c) => r.parse.checks[c]) && core.every((c) => checkSaysSomething(r.parse, c));
}

/** A TD3 whose every check over readable cells holds, one of them saying something (checkSaysSomething) at least. */
function uncontradicted(a: Attempt): boolean {
  const r = readableChecks(a);
  return r !== null && r.checks.every((c) => r.parse.checks[c]) && r.checks.some((c) => checkSaysSomething(r.parse, c));
}

/**
 * TD3 check digits over readable cells that hold and say something (checkSaysSomething): a grid drifting a cell makes
 * 880977 of a birth date and may still hit its check digit, and an unused optional-data field's check holds on every
 * grid.
 */
function checksHeld(a: Attempt): number {
  const r = readableChecks(a);
  return r === null ? 0 : r.checks.filter((c) => r.parse.checks[c] && checkSaysSomething(r.parse, c)).length;
}

/** Whether a check that holds tells the grid is right: a date's only over a real date, the optional data's only over a used field. */
function checkSaysSomething(parse: Td3Parse, check: Td3CheckName): boolean {
  switch (check) {
    case 'date_of_birth':
      return parse.fields.dateOfBirth.value !== null;
    case 'expiry_date':
      return parse.fields.expiryDate.value !== null;
    case 'optional_data':
      return parse.fields.optionalData.value !== null;
    default:
      return true;
  }
}

/** A TD3 whose check digits hold, or another layout's lines proven by theirs (see otherLayoutProven). */
const proven = (a: Attempt): boolean =>
  a.format === 'TD3' ? a.parse?.valid === true : plausibleCode(a) && otherLayoutProven(a.format, a.lines);

/**
 * A TD3 with cells washed out (glare) whose check digits hold wherever glare left every cell they cover readable,
 * two of the document number's, birth's and expiry's among them: the grid is right and the zone a passport's,
 * though what glare hid must come from elsewhere (the printed page). A check over washed cells counts for nothing
 * (washed cells read as `<` satisfy an empty field's check).
 */
function provenButWashed(a: Attempt): boolean {
  const r = readableChecks(a);
  if (r === null || a.count !== 44 || !a.washed.some((line) => line.some(Boolean))) return false;
  // The document code is P unless glare took it (texture read upside down as WDWD… passed a number's check).
  if (a.washed[0]?.[0] !== true && a.lines[0]?.[0] !== 'P') return false;
  const proving = r.checks.filter((c) => c !== 'optional_data' && c !== 'composite' && checkSaysSomething(r.parse, c));
  return r.checks.every((c) => r.parse.checks[c]) && proving.length >= 2;
}

/**
 * Whether the reading starts with a document code its layout allows (P for passports, I/A/C for ID cards, V for
 * visas): three lines of noise beside a passport's MRZ must not pass for an ID card and get the page refused.
 */
function plausibleCode(a: Attempt): boolean {
  const code = a.lines[0]?.[0] ?? '';
  switch (a.format) {
    case 'TD3':
      return code === 'P';
    case 'TD1':
    case 'TD2':
      return code === 'I' || code === 'A' || code === 'C';
    case 'MRV-A':
    case 'MRV-B':
      return code === 'V';
  }
}

const scaled = (p: Point, k: number): Point => ({ x: p.x * k, y: p.y * k });

export interface ReadMrzOptions {
  readonly now: Date;
  readonly signal?: AbortSignal;
  /** The host's imaging primitives (ctx.imaging). */
  readonly imaging: Pick<PluginImaging, 'toGrey' | 'toNeutralGrey' | 'applyHomography' | 'homographyFromPoints' | 'sampleBilinear' | 'scaledCopy'>;
  /**
   * Where another method saw the MRZ lines (ocrGuides.ts), in the input's pixels: read there instead of searching.
   * Line fits without blob centres lay the grid from their ends.
   */
  readonly guides?: readonly MrzLinesFound[];
}

export async function readMrz(image: RawImage, options: ReadMrzOptions): Promise<MrzReading | MrzFailure> {
  const grey = options.imaging.toGrey(image);
  let read = await readMrzIn(grey, options, false);
  // No zone at the usual scale: a page small in a large frame may show one in a finer search copy. Pages the usual
  // copy reads never pay for it.
  if ('failure' in read && options.guides === undefined && finerSearchExists(grey)) {
    const finer = await readMrzIn(grey, options, true);
    if (!('failure' in finer)) read = finer;
  }
  // A small, soft zone's glyphs run together at the input's own scale: its grid is laid off them. Read again from a
  // copy twice as large (lanczos3 keeps the strokes apart), the answer's geometry in the input's pixels still.
  if (options.guides === undefined && Math.max(image.width, image.height) <= smallInputLongSide && readingScore(read) < validScore) {
    const larger = await options.imaging.scaledCopy(image, image.width * 2);
    const again = await readMrzIn(options.imaging.toGrey(larger), options, false);
    if (readingScore(again) > readingScore(read) && !('failure' in again)) {
      inputs.set(again, larger);
      return atInputScale(again, larger.width / image.width);
    }
  }
  if (!('failure' in read)) inputs.set(read, image);
  return read;
}

/** Inputs at most this long (px, long side) whose zone did not read valid are read again twice as large. */
const smallInputLongSide = 900;
const validScore = 100;

/** How far a reading got: no zone, another layout, a TD3 zone by the checks that hold, a valid one above all. */
function readingScore(read: MrzReading | MrzFailure): number {
  if ('failure' in read) return -1;
  if (read.format !== 'TD3' || read.parse === null) return 0;
  const line2 = read.parse.lines[1];
  return read.parse.valid ? validScore : 1 + td3Checks.filter((c) => td3CheckHolds(line2, c)).length;
}

/**
 * A reading of a copy `k` times the input's size with its geometry in the input's pixels: the zone's corners, the
 * frame's map and the input's resolution. What it was read from (its rectified page, its cells) stays the copy's.
 */
function atInputScale(reading: MrzReading, k: number): MrzReading {
  const h = reading.frame.toImage;
  const toImage: Homography = [h[0] / k, h[1] / k, h[2] / k, h[3] / k, h[4] / k, h[5] / k, h[6], h[7], h[8]];
  const [a, b, c, d] = reading.quad.map((p) => scaled(p, 1 / k)) as [Point, Point, Point, Point];
  const page = reading.page === null ? null : { ...reading.page, sourcePxPerMm: reading.page.sourcePxPerMm / k };
  const atInput: MrzReading = { ...reading, quad: [a, b, c, d], page, frame: { ...reading.frame, toImage } };
  for (const map of [cellsRead, pageSources, inputs] as WeakMap<MrzReading, unknown>[]) if (map.has(reading)) map.set(atInput, map.get(reading));
  return atInput;
}

async function readMrzIn(grey: GreyImage, options: ReadMrzOptions, finer: boolean): Promise<MrzReading | MrzFailure> {
  checkAbort(options.signal);
  const longSide = Math.max(grey.width, grey.height);
  const { search, factor } = mrzSearchCopy(grey, finer);
  const quality = measureQuality(search);
  const searchLong = Math.max(search.width, search.height);

  let best: Attempt | null = null;
  let bestFound: MrzLinesFound | null = null;
  let anyFound = false;
  let capHeight = 0;
  // Thresholds from the default to coarser/finer neighbourhoods: each a cheaper retry than giving up.
  // The passes past the defaults (joining lines glare cut in two, ink a whole spread below its neighbourhood) run only
  // on pages no earlier pass read: only those pay for their extra candidates.
  const guided = options.guides?.map((g) => ({ ...g, lines: g.lines.map((l) => ({ ...l, start: scaled(l.start, 1 / factor), end: scaled(l.end, 1 / factor), height: l.height / factor })) }));
  const passes = guided === undefined ? mrzSearchPasses : ([mrzSearchPasses[0]] as const);
  for (const [radiusDiv, offset, acrossGaps, spread] of passes) {
    checkAbort(options.signal);
    const pastDefaults = acrossGaps || spread !== mrzSearchPasses[0][3];
    if (pastDefaults && (settled(best) || (best !== null && provenButWashed(best)))) break;
    const candidates = guided ?? findMrzLines(search, { radius: Math.max(4, Math.round(searchLong / radiusDiv)), offset, acrossGaps, spread });
    for (const found of candidates) {
      anyFound = true;
      capHeight = Math.max(capHeight, found.lines[0]!.height * factor);
      for (const count of candidateLineLengths(found)) {
        for (const flipped of [false, true]) {
          for (const grid of gridHomographies(found, flipped, count, factor, td3Frame)) {
            if (grid.withinInk && best !== null && proven(best)) continue;
            const attempt = readGrid(grey, grid.h, grid.centres, count, unnudged, options.now);
            if (better(best, attempt)) {
              best = attempt;
              bestFound = found;
            }
          }
        }
        if (settled(best)) break;
      }
      if (settled(best)) break;
    }
    if (settled(best) || (best && best.format !== 'TD3' && plausibleCode(best) && otherLayoutProven(best.format, best.lines))) break;
    if (best && !best.parse?.valid) {
      for (const nudge of gridNudges) {
        checkAbort(options.signal);
        const attempt = readGrid(grey, best.h, best.centres, best.count, nudge, options.now);
        if (better(best, attempt)) best = { ...attempt, h: best.h };
        if (settled(best)) break;
      }
      if (settled(best)) break;
    }
    // Still no valid TD3 after the nudges: each line of the best lines found through its own map (see
    // gridHomographies), both reading directions. Also when the best is two 44-cell lines of another layout that no
    // check proves: a passport's zone read upside down can start with a visa's `V`.
    if (best && bestFound && !best.parse?.valid && (best.format === 'TD3' || (best.count === 44 && !proven(best)))) {
      const lines = bestFound;
      for (const flipped of [false, true]) {
        for (const grid of gridHomographies(lines, flipped, best.count, factor, td3Frame, true)) {
          if (grid.withinInk && proven(best)) continue;
          const attempt = readGrid(grey, grid.h, grid.centres, best.count, unnudged, options.now, grid.lineMaps);
          if (better(best, attempt)) best = attempt;
        }
      }
      if (settled(best)) break;
    }
  }

  if (best !== null && bestFound !== null) best = linesOnOwnMaps(grey, best, bestFound, factor, options.now, options.imaging.applyHomography);
  if (best !== null) best = lineOneRealigned(grey, best, options.now);
  if (best !== null) best = lineTwoRealigned(grey, best, options.now);
  // The CNN reads the settled grid only: one pass of the network per page, not one per grid tried.
  if (best !== null && mrzCnnUse !== 'off') best = withCnn(best, options.now);
  if (best !== null && best.format === 'TD3' && !proven(best)) best = readCrisper(grey, best, options.now, options.signal);

  if (!best || !bestFound) {
    if (quality.meanLuminance < 40 || quality.contrast < 25) return { failure: 'too_dark', detail: `mean luminance ${quality.meanLuminance.toFixed(0)}, contrast ${quality.contrast}` };
    if (longSide < 400) return { failure: 'too_small', detail: `image ${grey.width}×${grey.height} px` };
    return { failure: 'no_mrz', detail: anyFound ? 'text lines found, none shaped like an MRZ' : 'no machine-readable zone found' };
  }
  const meanConfidence = best.confidence.flat().reduce((s, c) => s + c, 0) / best.confidence.flat().length;
  if (!best.parse?.valid && meanConfidence < 0.45) {
    if (capHeight < minCapHeightPx) return { failure: 'too_small', detail: `MRZ characters about ${capHeight.toFixed(0)} px tall` };
    if (quality.contrast < 40) return { failure: 'too_dark', detail: `contrast ${quality.contrast}` };
    if (best.sharpness < 0.06) return { failure: 'too_blurry', detail: `edge sharpness ${best.sharpness.toFixed(3)}` };
    return { failure: 'no_mrz', detail: 'the MRZ-like lines did not read as MRZ characters' };
  }

  const aligned = withLinesAligned(best, options.imaging);
  // Orientation from the reading direction in the input.
  const { rotation, skewDeg, quad, pxPerMm: pxPerMmInput } = zonePlacement(aligned.h, best.centres, best.count, td3Frame);

  let page: MrzReading['page'] = null;
  if (best.format === 'TD3') {
    checkAbort(options.signal);
    const pxPerMm = Math.min(12, Math.max(6, Math.round(pxPerMmInput)));
    page = { image: rectifyPage(grey, aligned.h, pxPerMm, options.imaging), pxPerMm, sourcePxPerMm: pxPerMmInput };
  }

  const reading: MrzReading = {
    format: best.format,
    lines: best.lines,
    charConfidence: best.confidence.map((l) => l.map((c) => Math.round(c * 1000) / 1000)),
    second: best.second,
    washed: best.washed,
    outvoted: best.outvoted,
    unanimous: best.unanimous,
    parse: best.parse,
    rotation,
    skewDeg,
    quad,
    page,
    frame: { toImage: aligned.h, lineCentresMm: best.centres, count: best.count, ...(aligned.lineShifts === undefined ? {} : { lineShifts: aligned.lineShifts }) },
  };
  cellsRead.set(reading, best.cells);
  if (page !== null) pageSources.set(reading, { grey, h: aligned.h, pxPerMm: page.pxPerMm, imaging: options.imaging });
  return reading;
}

/**
 * What a reading's page was rectified from, kept beside it as its cells are: a printed line the page's edge cut (its
 * MRZ pitched under ICAO's, so the page drawn is narrower than the printed one) is drawn again past that edge.
 */
const pageSources = new WeakMap<
  MrzReading,
  { grey: GreyImage; h: Homography; pxPerMm: number; imaging: Pick<PluginImaging, 'toNeutralGrey' | 'applyHomography' | 'sampleBilinear'> }
>();
/** The image each reading was read from, in its colours. */
const inputs = new WeakMap<MrzReading, RawImage>();

/** A region of the reading's rectified page, in its pixels, drawn from the input: past the page's edges too. */
export function rectifiedRegion(reading: MrzReading, region: PageRegion): RawImage | null {
  const source = pageSources.get(reading);
  return source === undefined ? null : rectifyPage(source.grey, source.h, source.pxPerMm, source.imaging, region);
}

/** The input as toNeutralGrey gives it, made once a reading; null for a grey input. */
const neutralInputs = new WeakMap<MrzReading, GreyImage | null>();
function neutralInput(reading: MrzReading, imaging: Pick<PluginImaging, 'toNeutralGrey'>): GreyImage | null {
  if (!neutralInputs.has(reading)) {
    const input = inputs.get(reading);
    neutralInputs.set(reading, input === undefined ? null : imaging.toNeutralGrey(input));
  }
  return neutralInputs.get(reading) ?? null;
}

/**
 * A region of the reading's rectified page (rectifiedRegion's pixels) with coloured ink lightened (toNeutralGrey);
 * the whole page by default. Null where the input had no colour or the reading rectified no page.
 */
export function rectifiedNeutralRegion(reading: MrzReading, region?: PageRegion): RawImage | null {
  const source = pageSources.get(reading);
  if (source === undefined) return null;
  const neutral = neutralInput(reading, source.imaging);
  return neutral === null ? null : rectifyPage(neutral, source.h, source.pxPerMm, source.imaging, region);
}

/** The reading's rectified page (the same pixels as `reading.page.image`) with coloured ink lightened. */
export const rectifiedNeutralPage = (reading: MrzReading): RawImage | null => rectifiedNeutralRegion(reading);

/**
 * The cells a reading was classified from, kept beside it rather than in it (a reading is logged and serialised):
 * scripts/export-mrz-cells.ts labels them for training.
 */
const cellsRead = new WeakMap<MrzReading, CellGridReading['cells']>();
export const cellsOfReading = (reading: MrzReading): CellGridReading['cells'] | undefined => cellsRead.get(reading);
