/**
 * Writes the committed sample documents under fixtures/samples/: synthetic passports and PAN cards from the fixture
 * generator, each overprinted SPECIMEN, as small JPEGs (and one e-PAN PDF). The holders are invented (the passport
 * specimen is ICAO 9303's own fictitious Utopian); none is a real person. Deterministic: the same seed, the same files.
 *
 *   npx tsx scripts/make-samples.ts
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createEpanPdf } from '../fixtures/epan.ts';
import { renderPanCard, type PanCardStyle } from '../fixtures/panCard.ts';
import { inventPan, panExpected } from '../fixtures/panRecord.ts';
import { renderPassportDataPage, renderPassportLastPage } from '../fixtures/passportPage.ts';
import { inventPassport, passportExpected, type PassportRecord } from '../fixtures/passportRecord.ts';
import { mrzBandPx } from '../fixtures/passportSet.ts';
import { photograph } from '../fixtures/photograph.ts';
import { createRandom, type Random } from '../fixtures/random.ts';
import type { RenderedImage } from '../fixtures/renderedImage.ts';
import { icaoSpecimenRecord } from '../fixtures/specimenSet.ts';

export const samplesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/samples');
const SEED = 140_014;

/** One sample: the endpoint, its upload parts (part name -> file under fixtures/samples/) and what it should read. */
export interface SampleEntry {
  readonly id: string;
  readonly title: string;
  readonly endpoint: 'passport' | 'pan';
  readonly files: Record<string, string>;
  readonly expected: unknown;
}

/**
 * SPECIMEN in translucent red across the document, kept off the band given (the MRZ or the PAN line) so the
 * sample still reads as the generator drew it.
 */
async function overprint(image: RenderedImage, keepClear?: { y: number; h: number }): Promise<RenderedImage> {
  const { width, height } = image;
  const size = Math.round(height * 0.16);
  const centreY = keepClear === undefined ? height / 2 : Math.max(size, keepClear.y - size * 0.9);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <text x="${width / 2}" y="${centreY}" text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans"
      font-weight="bold" font-size="${size}" fill="#d01818" fill-opacity="0.22" letter-spacing="${size * 0.15}"
      transform="rotate(-12 ${width / 2} ${centreY})">SPECIMEN</text></svg>`;
  const data = await sharp(image.data, { raw: { width, height, channels: 4 } })
    .composite([{ input: Buffer.from(svg) }])
    .raw()
    .toBuffer();
  return { width, height, data };
}

/** A photographed page as a small JPEG (long side `longSide` px). */
async function asJpeg(page: RenderedImage, kind: 'scan' | 'photo', random: Random, longSide: number, protect?: Parameters<typeof photograph>[3]['protect']): Promise<Buffer> {
  const shot = await photograph(page, kind, random, { longSidePx: longSide, ...(protect === undefined ? {} : { protect }) });
  return sharp(shot.bytes).resize({ width: longSide, height: longSide, fit: 'inside' }).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}

async function passportSample(id: string, title: string, record: PassportRecord, layout: 'classic' | 'modern' | 'compact', kind: 'scan' | 'photo', random: Random) {
  const band = mrzBandPx();
  const first = await overprint(renderPassportDataPage(record, layout, random.fork('page')), { y: band.y, h: band.h });
  const files: Record<string, [string, Buffer]> = {
    first_page: [`passport/${id}.first_page.jpg`, await asJpeg(first, kind, random.fork('photo'), 1600, band)],
  };
  if (record.lastPage !== null) {
    const last = await overprint(renderPassportLastPage(record, layout, random.fork('last')));
    files['last_page'] = [`passport/${id}.last_page.jpg`, await asJpeg(last, kind, random.fork('last-photo'), 1600)];
  }
  return { entry: { id, title, endpoint: 'passport' as const, files: Object.fromEntries(Object.entries(files).map(([k, [n]]) => [k, n])), expected: passportExpected(record) }, files: Object.values(files) };
}

async function panSample(id: string, title: string, style: PanCardStyle | 'e-pan', kind: 'scan' | 'photo', random: Random, holderCode?: 'P' | 'C') {
  const record = inventPan(random.fork('record'), holderCode === undefined ? {} : { holderCode });
  const card = await overprint(renderPanCard(record, style === 'e-pan' ? 'new' : style, random.fork('card')));
  let name: string;
  let bytes: Buffer;
  if (style === 'e-pan') {
    // The card image is shown, not read (the text layer is): a smaller copy keeps the PDF small.
    const png = await sharp(card.data, { raw: { width: card.width, height: card.height, channels: 4 } }).resize({ width: 640 }).png({ palette: true }).toBuffer();
    name = `pan/${id}.pdf`;
    bytes = await createEpanPdf(record, png);
  } else {
    name = `pan/${id}.jpg`;
    bytes = await asJpeg(card, kind, random.fork('photo'), 1200);
  }
  return { entry: { id, title, endpoint: 'pan' as const, files: { file: name }, expected: panExpected(record, style) }, files: [[name, bytes] as [string, Buffer]] };
}

export async function makeSamples(dir = samplesDir): Promise<SampleEntry[]> {
  const random = createRandom(SEED);
  const built = [
    await passportSample('uto-specimen', 'Passport, ICAO specimen (Utopia), scan', icaoSpecimenRecord(), 'classic', 'scan', random.fork('uto')),
    await passportSample(
      'ind-photo',
      'Passport, Indian layout with last page, phone photo',
      inventPassport(random.fork('ind-record'), { issuerCode: 'IND', withLastPage: true }),
      'modern',
      'photo',
      random.fork('ind'),
    ),
    await panSample('pan-new-photo', 'PAN card, new design, phone photo', 'new', 'photo', random.fork('pan-new'), 'P'),
    await panSample('pan-old-scan', 'PAN card, old design, scan', 'old', 'scan', random.fork('pan-old'), 'P'),
    await panSample('pan-company-scan', 'PAN card of a company, scan', 'new', 'scan', random.fork('pan-company'), 'C'),
    await panSample('pan-epan', 'e-PAN (PDF with a text layer)', 'e-pan', 'scan', random.fork('pan-epan'), 'P'),
  ];
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'passport'), { recursive: true });
  await mkdir(path.join(dir, 'pan'), { recursive: true });
  for (const sample of built) for (const [name, bytes] of sample.files) await writeFile(path.join(dir, name), bytes);
  const entries = built.map((sample) => sample.entry);
  await writeFile(path.join(dir, 'samples.json'), `${JSON.stringify({ note: 'Synthetic, fictitious holders; made by scripts/make-samples.ts', samples: entries }, null, 2)}\n`);
  return entries;
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  makeSamples().then(
    (entries) => process.stdout.write(`${entries.length} samples in ${samplesDir}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
