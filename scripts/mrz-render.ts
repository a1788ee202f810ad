/**
 * Renders synthetic MRZ documents with the Debian OCR-B font, for training the cell classifier and for the MRZ
 * reader's tests. Geometry follows plugins/passport/td3Geometry.ts; nothing here reads real documents.
 */
import { GlobalFonts, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { RawImage } from '../core/imaging/types.ts';
import { td3Page } from '../plugins/passport/mrz/td3Geometry.ts';

const ocrbPath = '/usr/share/fonts/opentype/ocr-b/OCRB.otf';
const sansPath = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
let fontsReady = false;
function ensureFonts(): void {
  if (fontsReady) return;
  if (!GlobalFonts.registerFromPath(ocrbPath, 'MrzOcrB')) throw new Error(`OCR-B font missing at ${ocrbPath} (apt package fonts-ocr-b)`);
  GlobalFonts.registerFromPath(sansPath, 'MrzSans');
  fontsReady = true;
}

/** A face other than OCR-B to draw code lines in: the family it was registered as and its capital's height in ems. */
export interface MrzFaceFont {
  readonly family: string;
  readonly capEm: number;
}

/** Registers a font file for drawing code lines (train-mrz-classifier.ts --faces), its cap height measured once. */
export function registerMrzFace(path: string, family: string): MrzFaceFont {
  if (!GlobalFonts.registerFromPath(path, family)) throw new Error(`font missing at ${path}`);
  const ctx = createCanvas(10, 10).getContext('2d');
  ctx.font = `100px ${family}`;
  return { family, capEm: ctx.measureText('H').actualBoundingBoxAscent / 100 };
}

/** OCR-B's advance is 0.723 em, so this font size puts one character per 2.54 mm cell. */
export const ocrbAdvanceEm = 0.723;
export const ocrbCapEm = 0.71;

/** Deterministic PRNG (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface MrzLayout {
  readonly widthMm: number;
  readonly heightMm: number;
  readonly leftMm: number;
  readonly lineCentresMm: readonly number[];
  readonly pitchMm: number;
}

export const td3Layout: MrzLayout = {
  widthMm: td3Page.widthMm,
  heightMm: td3Page.heightMm,
  leftMm: td3Page.mrzLeftMm,
  lineCentresMm: [td3Page.mrzLine1CentreMm, td3Page.mrzLine2CentreMm],
  pitchMm: td3Page.mrzPitchMm,
};

/** ID-1 card (TD1): 85.6 × 54 mm, three lines of 30. */
export const td1Layout: MrzLayout = { widthMm: 85.6, heightMm: 54, leftMm: 4.6, lineCentresMm: [40.2, 44.4, 48.6], pitchMm: 2.54 };

/** Draws MRZ lines in OCR-B, each character centred in its fixed-pitch cell. */
export function drawMrz(ctx: SKRSContext2D, lines: readonly string[], layout: MrzLayout, pxPerMm: number, ink = '#141414', boldPx = 0): void {
  ensureFonts();
  const size = (layout.pitchMm / ocrbAdvanceEm) * pxPerMm;
  ctx.font = `${size}px MrzOcrB`;
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  ctx.textBaseline = 'alphabetic';
  lines.forEach((line, l) => {
    const baseline = (layout.lineCentresMm[l]! + (ocrbCapEm * size) / pxPerMm / 2) * pxPerMm;
    for (let i = 0; i < line.length; i++) {
      const x = (layout.leftMm + i * layout.pitchMm) * pxPerMm;
      ctx.fillText(line[i]!, x, baseline);
      if (boldPx > 0) {
        ctx.lineWidth = boldPx;
        ctx.strokeText(line[i]!, x, baseline);
      }
    }
  });
}

/**
 * Draws MRZ lines glyph by glyph at a printer's own geometry: capitals `capMm` tall centred in cells `pitchMm` apart,
 * each glyph moved by up to `jitterMm` as real printers leave them.
 */
export function drawMrzGlyphs(
  ctx: SKRSContext2D,
  lines: readonly string[],
  geometry: { leftMm: number; centresMm: readonly number[]; pitchMm: number; capMm: number; jitterMm: number },
  pxPerMm: number,
  ink = '#141414',
  boldPx = 0,
  random: () => number = Math.random,
  face?: MrzFaceFont,
): void {
  ensureFonts();
  const size = (geometry.capMm / (face?.capEm ?? ocrbCapEm)) * pxPerMm;
  ctx.font = `${size}px ${face?.family ?? 'MrzOcrB'}`;
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'center';
  const jitter = (): number => (random() * 2 - 1) * geometry.jitterMm * pxPerMm;
  lines.forEach((line, l) => {
    const baseline = (geometry.centresMm[l]! + geometry.capMm / 2) * pxPerMm;
    for (let i = 0; i < line.length; i++) {
      const x = (geometry.leftMm + (i + 0.5) * geometry.pitchMm) * pxPerMm + jitter();
      const y = baseline + jitter();
      ctx.fillText(line[i]!, x, y);
      if (boldPx > 0) {
        ctx.lineWidth = boldPx;
        ctx.strokeText(line[i]!, x, y);
      }
    }
  });
  ctx.textAlign = 'left';
}

/** Some visual-zone text and a photo box, so finders must tell the MRZ from ordinary print. */
function drawVisualZone(ctx: SKRSContext2D, layout: MrzLayout, pxPerMm: number, random: () => number): void {
  ensureFonts();
  ctx.fillStyle = '#c9d3df';
  ctx.fillRect(5 * pxPerMm, 12 * pxPerMm, layout.widthMm * 0.26 * pxPerMm, layout.heightMm * 0.5 * pxPerMm);
  const word = (n: number): string => Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(random() * 26))).join('');
  const top = layout.heightMm * 0.12;
  const bottom = layout.lineCentresMm[0]! - 9;
  for (let y = top; y < bottom; y += 4.2) {
    ctx.fillStyle = '#5a6470';
    ctx.font = `${1.6 * pxPerMm}px MrzSans`;
    ctx.fillText(`${word(4)} / ${word(6).toLowerCase()}`, layout.widthMm * 0.36 * pxPerMm, y * pxPerMm);
    ctx.fillStyle = '#1d1d1d';
    ctx.font = `${2.4 * pxPerMm}px MrzSans`;
    ctx.fillText(`${word(3 + Math.floor(random() * 8))} ${word(2 + Math.floor(random() * 6))}`, layout.widthMm * 0.36 * pxPerMm, (y + 2.4) * pxPerMm);
  }
  ctx.font = `${3 * pxPerMm}px MrzSans`;
  ctx.fillText('PASSPORT  SPECIMEN', layout.widthMm * 0.36 * pxPerMm, top * pxPerMm - 3 * pxPerMm);
}

export interface RenderDocumentOptions {
  readonly layout?: MrzLayout;
  readonly pxPerMm: number;
  /** Rotation of the document in the photo, degrees clockwise. */
  readonly rotationDeg?: number;
  /** Background around the document, in document widths. */
  readonly margin?: number;
  readonly seed?: number;
  readonly visualZone?: boolean;
  readonly mrz?: boolean;
}

/** A document with its MRZ, rotated on a darker background, as an RGB image. */
export function renderMrzDocument(lines: readonly string[], options: RenderDocumentOptions): RawImage {
  const layout = options.layout ?? td3Layout;
  const random = seededRandom(options.seed ?? 1);
  const { pxPerMm } = options;
  const pageW = Math.round(layout.widthMm * pxPerMm);
  const pageH = Math.round(layout.heightMm * pxPerMm);
  const page = createCanvas(pageW, pageH);
  const pctx = page.getContext('2d');
  pctx.fillStyle = '#f4f1ea';
  pctx.fillRect(0, 0, pageW, pageH);
  if (options.visualZone ?? true) drawVisualZone(pctx, layout, pxPerMm, random);
  if (options.mrz ?? true) drawMrz(pctx, lines, layout, pxPerMm);

  const angle = ((options.rotationDeg ?? 0) * Math.PI) / 180;
  const margin = options.margin ?? 0.15;
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  const outW = Math.round((pageW * cos + pageH * sin) * (1 + margin));
  const outH = Math.round((pageW * sin + pageH * cos) * (1 + margin));
  const out = createCanvas(outW, outH);
  const ctx = out.getContext('2d');
  ctx.fillStyle = '#5b5348';
  ctx.fillRect(0, 0, outW, outH);
  ctx.translate(outW / 2, outH / 2);
  ctx.rotate(angle);
  ctx.drawImage(page, -pageW / 2, -pageH / 2);
  const rgba = ctx.getImageData(0, 0, outW, outH).data;
  const rgb = Buffer.alloc(outW * outH * 3);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    rgb[i] = rgba[j]!;
    rgb[i + 1] = rgba[j + 1]!;
    rgb[i + 2] = rgba[j + 2]!;
  }
  return { data: rgb, width: outW, height: outH, channels: 3 };
}

/** A random line of MRZ-alphabet text shaped like real MRZ content (names, digits, runs of `<`). */
export function randomMrzText(random: () => number, length: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const digits = '0123456789';
  let s = '';
  while (s.length < length) {
    const kind = random();
    const n = 1 + Math.floor(random() * 8);
    const pool = kind < 0.4 ? letters : kind < 0.7 ? digits : kind < 0.85 ? letters + digits : '<';
    for (let i = 0; i < n; i++) s += pool[Math.floor(random() * pool.length)]!;
  }
  return s.slice(0, length);
}
