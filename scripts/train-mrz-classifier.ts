/**
 * Trains the OCR-B MRZ cell classifier (plugins/passport/mrz/mrzClassifier.ts) from glyphs rendered with the
 * Debian OCR-B font, degraded the way phone photos degrade, and cut into cells by the reader's own sampler.
 *   npx tsx scripts/train-mrz-classifier.ts [--bands 2500] [--epochs 12] [--hidden 128] [--seed 9303] [--soft-bands 0]
 *     [--face-bands 0 --faces FONT,FONT,…]
 * Deterministic for a seed. Writes plugins/passport/mrz/model/mrz-ocrb-mlp.json with the held-out accuracy.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { drawMrzGlyphs, randomMrzText, registerMrzFace, seededRandom, td3Layout, type MrzFaceFont } from './mrz-render.ts';
import { td3Page } from '../plugins/passport/mrz/td3Geometry.ts';
import { homographyFromPoints, type Homography } from '../core/imaging/homography.ts';
import type { GreyImage } from '../core/imaging/greyImage.ts';
import { cellFeatureLength, measureLineBand, normaliseLineCells, sampleLineCells } from '../core/mrz/sampleCells.ts';
import { classifyCellProbabilities, encodeWeights, mrzClasses, type MrzClassifierWeights } from '../core/mrz/mrzClassifier.ts';

const modelVersion = 2;
const { values: args } = parseArgs({
  options: {
    bands: { type: 'string', default: '2500' },
    epochs: { type: 'string', default: '12' },
    hidden: { type: 'string', default: '128' },
    seed: { type: 'string', default: '9303' },
    lr: { type: 'string', default: '0.01' },
    /**
     * Bands drawn small and soft (softDegradation) after the others, from a stream of their own so that the
     * others, and the model trained on them alone, stay what they were.
     */
    'soft-bands': { type: 'string', default: '0' },
    /**
     * Bands drawn in other faces than OCR-B (`--faces`, font files, one picked per band), after the soft ones and from
     * a stream of their own: a renderer may draw its zone in any monospace face, and a recogniser that knows OCR-B
     * alone reads another face's 6 as G surely.
     */
    'face-bands': { type: 'string', default: '0' },
    faces: { type: 'string', default: '' },
    /** Keeps the rendered cells between runs while tuning the network (the rendering dominates the time). */
    cache: { type: 'string' },
    out: { type: 'string', default: new URL('../core/mrz/model/mrz-ocrb-mlp.json', import.meta.url).pathname },
  },
});
const seed = Number(args.seed);
/** Switched to its own stream for the soft bands (see 'soft-bands'). */
let random = seededRandom(seed);
const uniform = (a: number, b: number): number => a + (b - a) * random();
const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());


/**
 * Convolves rows, then columns, with `weights` (centred, odd length), each sum divided by `divisor`, the edges
 * clamped. The box blur passes ones and its width, so its sums are the plain sums they always were.
 */
function separable(img: GreyImage, weights: readonly number[], divisor: number): GreyImage {
  const r = (weights.length - 1) / 2;
  const { width: w, height: h } = img;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let s = 0;
    for (let k = -r; k <= r; k++) s += weights[k + r]! * img.data[y * w + Math.min(w - 1, Math.max(0, x + k))]!;
    tmp[y * w + x] = s / divisor;
  }
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let s = 0;
    for (let k = -r; k <= r; k++) s += weights[k + r]! * tmp[Math.min(h - 1, Math.max(0, y + k)) * w + x]!;
    out[y * w + x] = s / divisor;
  }
  return { data: out, width: w, height: h };
}

function boxBlur(img: GreyImage, r: number): GreyImage {
  return r < 1 ? img : separable(img, Array.from({ length: 2 * r + 1 }, () => 1), 2 * r + 1);
}

/** Grey min/max filter with a 3×3 window: thins (max) or thickens (min) dark strokes. */
function morph(img: GreyImage, thicken: boolean): GreyImage {
  const { width: w, height: h } = img;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let v = img.data[y * w + x]!;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const q = img.data[Math.min(h - 1, Math.max(0, y + dy)) * w + Math.min(w - 1, Math.max(0, x + dx))]!;
      v = thicken ? Math.min(v, q) : Math.max(v, q);
    }
    out[y * w + x] = v;
  }
  return { data: out, width: w, height: h };
}

async function jpeg(img: GreyImage, quality: number): Promise<GreyImage> {
  const raw = Buffer.from(Uint8Array.from(img.data, (v) => Math.max(0, Math.min(255, Math.round(v)))));
  const buf = await sharp(raw, { raw: { width: img.width, height: img.height, channels: 1 } }).jpeg({ quality }).toBuffer();
  const back = await sharp(buf).greyscale().raw().toBuffer();
  return { data: Float32Array.from(back), width: img.width, height: img.height };
}

/**
 * The printer's geometry of one band, drawn around ICAO 9303's nominal values and past them: pitch, glyph size,
 * line spacing and per-glyph jitter vary between printers, and the reader measures them (lineCentresMm,
 * measureLineBand) rather than assuming them; the classifier must see every one of them.
 */
interface BandGeometry {
  readonly pitchMm: number;
  readonly capMm: number;
  readonly spacingMm: number;
  readonly jitterMm: number;
}

function drawGeometry(): BandGeometry {
  // One band in three at the nominal geometry: the bulk of real passports.
  if (random() < 0.33) return { pitchMm: 2.54, capMm: 2.4, spacingMm: uniform(4.4, 6.6), jitterMm: random() < 0.5 ? uniform(0, 0.05) : 0 };
  const pitchMm = uniform(2.3, 2.8);
  const capMm = Math.min(3.05, Math.max(1.95, pitchMm * uniform(0.78, 1.15)));
  return { pitchMm, capMm, spacingMm: capMm * uniform(1.5, 3.3), jitterMm: random() < 0.6 ? uniform(0, 0.08) : 0 };
}

/** Thin wavy lines and guilloche across the band, as security printing puts them behind many MRZs. */
function drawBackgroundLines(ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>, w: number, h: number, pxPerMm: number, paper: number): void {
  const tone = Math.round(paper - uniform(25, Math.min(140, paper - 20)));
  ctx.strokeStyle = `rgb(${tone},${tone},${tone})`;
  ctx.lineWidth = Math.max(0.5, uniform(0.05, 0.2) * pxPerMm);
  const period = uniform(5, 30) * pxPerMm;
  const amp = uniform(0.3, 3) * pxPerMm;
  const gap = uniform(0.8, 4) * pxPerMm;
  const slope = uniform(-0.15, 0.15);
  const phase = uniform(0, 2 * Math.PI);
  for (let y0 = -h; y0 < 2 * h; y0 += gap) {
    ctx.beginPath();
    for (let x = 0; x <= w; x += 3) ctx.lineTo(x, y0 + slope * x + amp * Math.sin((x / period) * 2 * Math.PI + phase + y0 / gap));
    ctx.stroke();
  }
}

/** Gaussian blur with a standard deviation of sigma pixels (the kernel cut at three sigmas). */
function gaussianBlur(img: GreyImage, sigma: number): GreyImage {
  const r = Math.max(1, Math.ceil(3 * sigma));
  const kernel = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const sum = kernel.reduce((a, b) => a + b, 0);
  return separable(img, kernel.map((v) => v / sum), 1);
}

/**
 * Small, soft copies: a page photographed from afar or scanned at low resolution and passed on as a blurred
 * thumbnail, down to about 7 px a character and a blur of up to a third of the pitch. The default bands stop at about
 * 9 px and a box blur of 0.14 pitches, and characters read there by eye were refused.
 */
const softDegradation = { pxPerMm: [2.9, 5.5], blurPitches: [0.06, 0.32] } as const;

/** One rendered, degraded MRZ band and the cells cut from it the way the reader cuts them. */
async function makeBand(soft = false, face?: MrzFaceFont): Promise<{ features: Float32Array[]; labels: number[] }> {
  const lines = [randomMrzText(random, 44), randomMrzText(random, 44)];
  const g = drawGeometry();
  const [pxLow, pxHigh] = soft ? softDegradation.pxPerMm : [3.5, 14];
  const pxPerMm = Math.exp(uniform(Math.log(pxLow), Math.log(pxHigh)));
  const leftMm = 6.5;
  const line2Mm = 12;
  const centresMm = [line2Mm - g.spacingMm, line2Mm];
  const w = Math.round((leftMm * 2 + 44 * g.pitchMm) * pxPerMm);
  const h = Math.round((line2Mm + 5) * pxPerMm);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const paper = Math.round(uniform(150, 250));
  ctx.fillStyle = `rgb(${paper},${paper},${paper})`;
  ctx.fillRect(0, 0, w, h);
  if (random() < 0.4) drawBackgroundLines(ctx, w, h, pxPerMm, paper);
  const ink = Math.round(uniform(0, Math.min(110, paper - 50)));
  drawMrzGlyphs(ctx, lines, { leftMm, centresMm, pitchMm: g.pitchMm, capMm: g.capMm, jitterMm: g.jitterMm }, pxPerMm, `rgb(${ink},${ink},${ink})`,
    random() < 0.3 ? uniform(0, 0.07) * g.pitchMm * pxPerMm : 0, random, face);
  const rgba = ctx.getImageData(0, 0, w, h).data;
  let img: GreyImage = { data: Float32Array.from({ length: w * h }, (_, i) => rgba[i * 4]!), width: w, height: h };
  const pitchPx = g.pitchMm * pxPerMm;

  if (random() < 0.2) img = morph(img, random() < 0.5);
  if (soft) img = gaussianBlur(img, uniform(...softDegradation.blurPitches) * pitchPx);
  else {
    if (random() < 0.6) img = boxBlur(img, Math.round(uniform(0.02, 0.14) * pitchPx));
    if (random() < 0.3) img = boxBlur(img, Math.round(uniform(0.02, 0.09) * pitchPx));
  }
  // Uneven light: a linear gradient and sometimes a glare spot that washes out contrast.
  const gx = uniform(-0.4, 0.4) / w;
  const glare = random() < 0.25 ? { x: uniform(0, w), y: uniform(0, h), r: uniform(0.1, 0.4) * w, a: uniform(0.2, 0.65) } : null;
  const dim = random() < 0.25 ? uniform(0.4, 0.85) : 1;
  const noise = random() < 0.6 ? uniform(2, 15) : 0;
  const d = img.data;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let v = d[y * w + x]! * dim * (1 + gx * (x - w / 2));
    if (glare) {
      const gl = glare.a * Math.exp(-((x - glare.x) ** 2 + (y - glare.y) ** 2) / (2 * glare.r ** 2));
      v = v + (255 - v) * gl;
    }
    if (noise) v += noise * gauss();
    d[y * w + x] = Math.max(0, Math.min(255, v));
  }
  if (soft ? random() < 0.7 : random() < 0.35) img = await jpeg(img, Math.round(soft ? uniform(35, 90) : uniform(15, 50)));

  // The reader's frame: the pitch scaled to 2.54 mm, the last line at TD3's nominal place, the first at the measured
  // spacing above it (lineCentresMm); then the residual error of its grid: shift, rotation, scale and perspective.
  const k = td3Layout.pitchMm / g.pitchMm;
  const frameCentres = [td3Page.mrzLine2CentreMm - g.spacingMm * k, td3Page.mrzLine2CentreMm];
  const toPx = (x: number, y: number): { x: number; y: number } => ({
    x: (leftMm + (x - td3Layout.leftMm) / k) * pxPerMm,
    y: (line2Mm + (y - td3Page.mrzLine2CentreMm) / k) * pxPerMm,
  });
  const rightMm = td3Layout.leftMm + 44 * td3Layout.pitchMm;
  const yTop = frameCentres[0]! - 2;
  const yBottom = frameCentres[1]! + 2;
  const corners = [
    { x: td3Layout.leftMm, y: yTop },
    { x: rightMm, y: yTop },
    { x: rightMm, y: yBottom },
    { x: td3Layout.leftMm, y: yBottom },
  ];
  const dx = uniform(-0.22, 0.22) * td3Layout.pitchMm;
  const dy = uniform(-0.4, 0.4);
  const rot = (uniform(-0.3, 0.3) * Math.PI) / 180;
  const scale = 1 + uniform(-0.006, 0.006);
  const cx = (td3Layout.leftMm + rightMm) / 2;
  const cy = (yTop + yBottom) / 2;
  const target = corners.map((p) => {
    const x = (p.x - cx) * scale;
    const y = p.y - cy;
    return toPx(cx + x * Math.cos(rot) - y * Math.sin(rot) + dx + uniform(-0.15, 0.15), cy + x * Math.sin(rot) + y * Math.cos(rot) + dy + uniform(-0.15, 0.15));
  });
  const hom = homographyFromPoints(corners, target) as Homography;
  const features: Float32Array[] = [];
  const labels: number[] = [];
  const spacingFrame = g.spacingMm * k;
  lines.forEach((text, l) => {
    const line = { leftMm: td3Layout.leftMm, centreMm: frameCentres[l]!, pitchMm: td3Layout.pitchMm, count: 44 };
    const band = measureLineBand(img, hom, line, Math.min(3.2, 0.48 * spacingFrame));
    const cells = normaliseLineCells(sampleLineCells(img, hom, { ...line, ...(band === null ? {} : { centreMm: band.centreMm, capMm: band.capMm }) }));
    cells.forEach((c, i) => {
      features.push(c);
      labels.push(mrzClasses.indexOf(text[i]!));
    });
  });
  return { features, labels };
}

/** Initialisation and shuffling draw from their own stream, so a cached rendering trains the same network. */
const trainRandom = seededRandom(seed + 1);
const trainGauss = (): number => Math.sqrt(-2 * Math.log(1 - trainRandom())) * Math.cos(2 * Math.PI * trainRandom());

function train(x: Float32Array[], y: number[], hidden: number, epochs: number): MrzClassifierWeights {
  const inputs = cellFeatureLength;
  const k = mrzClasses.length;
  const w1 = Float32Array.from({ length: hidden * inputs }, () => trainGauss() * Math.sqrt(2 / inputs));
  const b1 = new Float32Array(hidden);
  const w2 = Float32Array.from({ length: k * hidden }, () => trainGauss() * Math.sqrt(1 / hidden));
  const b2 = new Float32Array(k);
  const weights: MrzClassifierWeights = { version: modelVersion, seed, inputs, hidden, classes: mrzClasses, w1, b1, w2, b2 };
  const order = Array.from(x.keys());
  const h = new Float32Array(hidden);
  const dh = new Float32Array(hidden);
  const decay = 1e-5;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(trainRandom() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const lr = Number(args.lr) * (1 - epoch / epochs) + Number(args.lr) / 20;
    let loss = 0;
    for (const n of order) {
      const xi = x[n]!;
      const p = classifyCellProbabilities(weights, xi, h);
      loss -= Math.log(Math.max(p[y[n]!]!, 1e-9));
      p[y[n]!] = p[y[n]!]! - 1; // now dL/dlogits
      dh.fill(0);
      for (let c = 0; c < k; c++) {
        const g = p[c]!;
        const row = c * hidden;
        for (let q = 0; q < hidden; q++) {
          dh[q] = dh[q]! + g * w2[row + q]!;
          w2[row + q] = w2[row + q]! - lr * (g * h[q]! + decay * w2[row + q]!);
        }
        b2[c] = b2[c]! - lr * g;
      }
      for (let q = 0; q < hidden; q++) {
        if (h[q]! <= 0) continue;
        const g = dh[q]!;
        const row = q * inputs;
        for (let i = 0; i < inputs; i++) w1[row + i] = w1[row + i]! - lr * g * xi[i]!;
        b1[q] = b1[q]! - lr * g;
      }
    }
    console.log(`epoch ${epoch + 1}/${epochs} loss ${(loss / order.length).toFixed(4)}`);
  }
  return weights;
}

function evaluate(w: MrzClassifierWeights, x: Float32Array[], y: number[]): { accuracy: number; samples: number; worst: string } {
  let right = 0;
  const confusions = new Map<string, number>();
  x.forEach((xi, n) => {
    const p = classifyCellProbabilities(w, xi);
    let best = 0;
    for (let c = 1; c < p.length; c++) if (p[c]! > p[best]!) best = c;
    if (best === y[n]) right++;
    else {
      const key = `${mrzClasses[y[n]!]}->${mrzClasses[best]}`;
      confusions.set(key, (confusions.get(key) ?? 0) + 1);
    }
  });
  const worst = [...confusions].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k}:${v}`).join(' ');
  return { accuracy: right / x.length, samples: x.length, worst };
}

const bands = Number(args.bands);
const softBands = Number(args['soft-bands']);
const faceBands = Number(args['face-bands']);
const faceFiles = args.faces.split(',').filter((f) => f !== '');
if (faceBands > 0 && faceFiles.length === 0) throw new Error('--face-bands needs --faces');
const faces = faceFiles.map((path, i) => registerMrzFace(path, `MrzFace${i}`));
const started = Date.now();
const trainX: Float32Array[] = [];
const trainY: number[] = [];
const testX: Float32Array[] = [];
const testY: number[] = [];
const cacheFile = args.cache ? `${args.cache}-${seed}-${bands}${softBands ? `-soft${softBands}` : ''}${faceBands ? `-faces${faceBands}` : ''}.bin` : null;
if (cacheFile && existsSync(cacheFile)) {
  const buf = readFileSync(cacheFile);
  const per = cellFeatureLength + 2;
  for (let o = 0; o + per <= buf.length; o += per) {
    const x = Float32Array.from(buf.subarray(o, o + cellFeatureLength), (v) => v / 255);
    (buf[o + cellFeatureLength + 1] ? testX : trainX).push(x);
    (buf[o + cellFeatureLength + 1] ? testY : trainY).push(buf[o + cellFeatureLength]!);
  }
} else {
  const chunks: Buffer[] = [];
  for (let b = 0; b < bands + softBands + faceBands; b++) {
    if (b === bands) random = seededRandom(seed + 2);
    if (b === bands + softBands) random = seededRandom(seed + 3);
    const inFace = b >= bands + softBands;
    const face = inFace ? faces[Math.floor(random() * faces.length)] : undefined;
    const { features, labels } = await makeBand(b >= bands && !inFace, face);
    const held = (b < bands ? b : b < bands + softBands ? b - bands : b - bands - softBands) % 10 === 9;
    (held ? testX : trainX).push(...features);
    (held ? testY : trainY).push(...labels);
    if (cacheFile) features.forEach((f, i) => chunks.push(Buffer.from([...Array.from(f, (v) => Math.round(v * 255)), labels[i]!, held ? 1 : 0])));
  }
  if (cacheFile) writeFileSync(cacheFile, Buffer.concat(chunks));
}
console.log(`rendered ${bands} + ${softBands} soft + ${faceBands} other-face bands (${trainX.length} train / ${testX.length} held-out cells) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const weights = train(trainX, trainY, Number(args.hidden), Number(args.epochs));
const heldOut = evaluate(weights, testX, testY);
console.log(`held-out per-character accuracy ${(heldOut.accuracy * 100).toFixed(2)}% on ${heldOut.samples} cells; top confusions ${heldOut.worst}`);
writeFileSync(args.out, encodeWeights(weights, { accuracy: Number(heldOut.accuracy.toFixed(5)), cells: heldOut.samples, bands, ...(softBands ? { softBands } : {}), epochs: Number(args.epochs) }));
console.log(`wrote ${args.out} in ${((Date.now() - started) / 1000).toFixed(1)} s total`);
