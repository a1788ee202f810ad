/** Runs the passport plugin's hooks in order on files from disk, as the pipeline does, with a real OCR pool. */
import { readFile } from 'node:fs/promises';
import { ProblemError, type RejectionCode } from '../../core/errors.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import { pluginImaging } from '../../core/imaging/pluginImaging.ts';
import type { OcrPort } from '../../core/ocr/types.ts';
import type { PluginContext } from '../../core/plugins/types.ts';
import { passportPlugin } from '../../plugins/passport/index.ts';
import type { PassportResult } from '../../plugins/passport/result.ts';

export type PluginOutcome = { ok: true; result: PassportResult } | { ok: false; code: string; detail: string; hint?: string };

const quiet = { debug() {}, info() {}, warn() {} };

export async function runPassportPlugin(
  ocr: OcrPort,
  files: Readonly<Record<string, string>>,
  now = new Date('2026-11-22T00:00:00Z'),
): Promise<PluginOutcome> {
  const uploaded = await Promise.all(Object.entries(files).map(async ([field, path]) => ({ field, buffer: await readFile(path) })));
  const ctx: PluginContext = {
    ocr,
    imaging: pluginImaging,
    logger: quiet,
    signal: new AbortController().signal,
    now,
    fields: {},
    reject(code: RejectionCode, detail: string, hint?: string): never {
      throw new ProblemError(code, detail, { extensions: hint === undefined ? {} : { hint } });
    },
  };
  try {
    const upload = await loadUpload(uploaded, passportPlugin.parts, { maxImagePixels: 40_000_000, maxPdfPages: 1, pdfDpi: 200 }, {});
    // The passport plugin writes all four hooks (preprocess and locate are optional in the contract).
    const prepared = await passportPlugin.preprocess!(upload, ctx);
    const located = await passportPlugin.locate!(prepared, ctx);
    const readings = await passportPlugin.read(located, ctx);
    const result = await passportPlugin.decode(readings, ctx);
    return { ok: true, result: passportPlugin.resultSchema.parse(result) };
  } catch (error) {
    if (error instanceof ProblemError) {
      const hint = error.extensions.hint;
      return { ok: false, code: error.code, detail: error.message, ...(typeof hint === 'string' ? { hint } : {}) };
    }
    throw error;
  }
}
