/** The pipeline, unmetered, over the real imaging loader and the real OCR pool, with the test-only label plugin. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../core/errors.ts';
import { createExtractor } from '../../core/extraction/extractor.ts';
import { PluginHookError } from '../../core/extraction/pluginHookError.ts';
import type { ExtractionRequest, UploadedFile } from '../../core/extraction/types.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import { createLogger } from '../../core/logging/logger.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import type { AnyDocumentPlugin } from '../../core/plugins/types.ts';
import { blankPng, labelPng } from '../plugins/labelImages.ts';
import { labelPlugin } from '../plugins/labelPlugin.ts';

const limits = { maxImagePixels: 20_000_000, maxPdfPages: 3, pdfDpi: 150 };
let pool: OcrPool;
let label: Buffer;
let blank: Buffer;

beforeAll(async () => {
  pool = createOcrPool({ workers: 1 });
  [label, blank] = await Promise.all([labelPng(['ZEBRA QUOKKA 4711']), blankPng()]);
  await pool.ready();
});
afterAll(async () => {
  await pool?.terminate();
});

const extractor = (timeoutMs?: number) =>
  createExtractor({
    ocr: pool,
    ledger: null,
    loadUpload,
    limits,
    logger: createLogger({ level: 'silent' }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });

const request = (plugin: AnyDocumentPlugin, files: UploadedFile[], signal = new AbortController().signal): ExtractionRequest => ({
  plugin,
  files,
  fields: {},
  principal: null,
  requestId: 'test',
  idempotencyKey: null,
  signal,
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

const broken = (changes: Partial<AnyDocumentPlugin>): AnyDocumentPlugin => ({ ...labelPlugin, ...changes });

describe('createExtractor (unmetered)', () => {
  it('reads a label through the real OCR pool and charges nothing', async () => {
    const response = await extractor().extract(request(labelPlugin, [{ field: 'file', buffer: label }]));
    expect(response.result).toEqual({ text: 'ZEBRA QUOKKA 4711', words: 3, pages: 1 });
    expect(response.credits).toEqual({ charged: 0, remaining: null });
    expect(response.extractionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    { name: 'no file', files: [] as { field: string }[], code: 'missing_file' },
    { name: 'only the optional part', files: [{ field: 'back' }], code: 'missing_file' },
    { name: 'an undeclared part', files: [{ field: 'file' }, { field: 'extra' }], code: 'unexpected_file' },
    { name: 'a part twice', files: [{ field: 'file' }, { field: 'file' }], code: 'unexpected_file' },
  ])('refuses $name with $code before decoding', async ({ files, code }) => {
    const error = await failure(
      extractor().extract(request(labelPlugin, files.map((file) => ({ field: file.field, buffer: label })))),
    );
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).code).toBe(code);
  });

  it('passes the loader refusal of a text file as unsupported_media_type', async () => {
    const error = await failure(
      extractor().extract(request(labelPlugin, [{ field: 'file', buffer: Buffer.from('just some text\n') }])),
    );
    expect((error as ProblemError).code).toBe('unsupported_media_type');
  });

  it('turns ctx.reject into a 422 problem with the hint', async () => {
    const error = await failure(extractor().extract(request(labelPlugin, [{ field: 'file', buffer: blank }])));
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).status).toBe(422);
    expect((error as ProblemError).extensions).toEqual({ hint: 'The label looks blank.' });
  });

  it.each([
    {
      hook: 'decode',
      plugin: broken({
        decode: () => {
          throw new TypeError('bug');
        },
      }),
    },
    { hook: 'locate', plugin: broken({ locate: () => Promise.reject(new RangeError('bug')) }) },
    { hook: 'resultSchema', plugin: broken({ decode: () => ({ text: '', words: 0, pages: 1 }) }) },
    { hook: 'creditsFor', plugin: broken({ creditsFor: () => 0 }) },
  ])('wraps a plugin bug in $hook as PluginHookError', async ({ hook, plugin }) => {
    const error = await failure(extractor().extract(request(plugin, [{ field: 'file', buffer: label }])));
    expect(error).toBeInstanceOf(PluginHookError);
    expect(error).toMatchObject({ plugin: 'label', hook });
  });

  it('times out a hook that ignores its signal with request_timeout', async () => {
    const stuck = broken({ read: () => new Promise(() => {}) });
    const started = Date.now();
    const error = await failure(extractor(1000).extract(request(stuck, [{ field: 'file', buffer: label }])));
    expect((error as ProblemError).code).toBe('request_timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops when the client goes away', async () => {
    const controller = new AbortController();
    const slow = broken({
      read: async (located, ctx) => {
        controller.abort(new Error('client closed'));
        return labelPlugin.read(located, ctx);
      },
    });
    const error = await failure(extractor().extract(request(slow, [{ field: 'file', buffer: label }], controller.signal)));
    expect((error as ProblemError).code).toBe('service_unavailable');
  });
});
