/**
 * `npm run bench:ocr-cost -- [--split dev] [--real DIR --part train --originals] [--dir DIR] [--limit N] [--id ID]...`
 * What the passport's printed-page OCR costs and what that cost follows. Each page is located as the plugin does (the
 * MRZ read, the data page rectified); its field zone is then read by one OCR worker, one job at a time, as the first
 * pass reads it (8 px/mm, sharpened, sparse text, dark print only) and under variants of scale, extent and mode, each
 * page's variants in turn so that the machine's drift falls on all alike. Prints each variant's time and pixels as
 * ratios to the first pass's. Asserts nothing.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ProblemError, type RejectionCode } from '../core/errors.ts';
import { imagingLimits, loadConfig } from '../core/config.ts';
import { loadUpload } from '../core/imaging/loadUpload.ts';
import { pluginImaging } from '../core/imaging/pluginImaging.ts';
import type { RawImage } from '../core/imaging/types.ts';
import { createOcrPool } from '../core/ocr/tesseractPool.ts';
import type { OcrRequest } from '../core/ocr/types.ts';
import type { PluginContext } from '../core/plugins/types.ts';
import { td3Page } from '../plugins/passport/mrz/td3Geometry.ts';
import { passportPlugin } from '../plugins/passport/index.ts';
import { fieldZoneRows, vizAgainPxPerMm, vizPxPerMm, vizSharpenSigma } from '../plugins/passport/viz/readPrintedPage.ts';
import { parseBenchArgs } from './cliArgs.ts';
import { ensureSplit, loadItem, readManifest, selectItems } from './labelledSet.ts';

type Rectangle = NonNullable<OcrRequest['rectangle']>;

interface Variant {
  readonly name: string;
  readonly pxPerMm: number;
  readonly sharpen: boolean;
  /** The share of the zone's width read, from its right edge. */
  readonly widthShare: number;
  readonly segmentation: OcrRequest['segmentation'];
  readonly darkTextOnly: boolean;
}

const firstPass: Variant = { name: 'first pass (8 px/mm, sharpened, sparse)', pxPerMm: vizPxPerMm, sharpen: true, widthShare: 1, segmentation: 'sparse_text', darkTextOnly: true };
const variants: readonly Variant[] = [
  firstPass,
  { ...firstPass, name: `second pass's scale (${vizAgainPxPerMm} px/mm, plain)`, pxPerMm: vizAgainPxPerMm, sharpen: false },
  { ...firstPass, name: '6 px/mm', pxPerMm: 6 },
  { ...firstPass, name: 'right 70% of the zone', widthShare: 0.7 },
  { ...firstPass, name: 'automatic layout', segmentation: 'auto' },
  { ...firstPass, name: 'inverted print read too', darkTextOnly: false },
];

const quiet = { debug() {}, info() {}, warn() {} };

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2), { split: 'dev', concurrency: [1] });
  if (args.set !== 'passport') throw new Error('bench:ocr-cost reads passports only');
  const given = args.real ?? args.dir;
  const directory = given === null ? ensureSplit(args.set, args.split) : path.resolve(given);
  const manifest = await readManifest(directory);
  const items = selectItems(manifest.items.filter((item) => item.expect === 'ok'), args);

  const ocr = createOcrPool({ workers: 1 });
  await ocr.ready();
  const limits = imagingLimits(loadConfig());
  const ctx: PluginContext = {
    ocr,
    imaging: pluginImaging,
    logger: quiet,
    signal: new AbortController().signal,
    now: new Date(),
    fields: {},
    reject(code: RejectionCode, detail: string): never {
      throw new ProblemError(code, detail);
    },
  };
  const totals = variants.map(() => ({ ms: 0, pixels: 0 }));
  let pages = 0;
  try {
    for (const item of items) {
      const loaded = await loadItem(directory, item);
      let page: { image: RawImage; pxPerMm: number | null };
      let lineOneMm: number | undefined;
      try {
        const upload = await loadUpload(loaded.files, passportPlugin.parts, limits, loaded.fields);
        const located = await passportPlugin.locate!(await passportPlugin.preprocess!(upload, ctx), ctx);
        page = located.page;
        lineOneMm = located.reading.frame.lineCentresMm[0];
      } catch (error) {
        if (error instanceof ProblemError) continue;
        throw error;
      }
      if (page.pxPerMm === null) continue;
      pages += 1;
      const perPage: string[] = [];
      for (const [v, variant] of variants.entries()) {
        const scaled = await pluginImaging.greyScaled(page.image, { maxWidth: Number.POSITIVE_INFINITY, exactWidth: Math.round(td3Page.widthMm * variant.pxPerMm) });
        const image = variant.sharpen ? await pluginImaging.sharpened(scaled, vizSharpenSigma) : scaled;
        const { top, bottom } = fieldZoneRows(image, lineOneMm);
        const left = Math.round(image.width * (1 - variant.widthShare));
        const rectangle: Rectangle = { left, top, width: image.width - left, height: bottom - top };
        const started = performance.now();
        await ocr.recognize({ image, rectangle, segmentation: variant.segmentation, darkTextOnly: variant.darkTextOnly });
        const ms = performance.now() - started;
        totals[v]!.ms += ms;
        totals[v]!.pixels += rectangle.width * rectangle.height;
        perPage.push(`${Math.round(ms)}`);
      }
      process.stderr.write(`${item.id}: ${perPage.join(' / ')} ms\n`);
    }
  } finally {
    await ocr.terminate();
  }
  const base = totals[0]!;
  process.stdout.write(`passport printed-page OCR cost, ${pages} pages, one worker, one job at a time\n`);
  for (const [v, variant] of variants.entries()) {
    const t = totals[v]!;
    const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(2) : 'n/a');
    process.stdout.write(`  ${variant.name.padEnd(44)} time ${ratio(t.ms, base.ms)}×  pixels ${ratio(t.pixels, base.pixels)}×  (${Math.round(t.ms / Math.max(1, pages))} ms a page)\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
