/**
 * The pipeline pool: plugins run in worker threads loaded by module URL, OCR crosses back to the real Tesseract
 * pool, refusals keep their code and hint, a full queue is a 503 with Retry-After, and a request past its
 * deadline has its worker terminated and replaced (a plugin that never yields cannot hold the pool).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../core/errors.ts';
import { createExtractor } from '../../core/extraction/extractor.ts';
import { createPipelinePool, type PipelinePool } from '../../core/extraction/pipelinePool.ts';
import type { ExtractionRequest } from '../../core/extraction/types.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import { createLogger } from '../../core/logging/logger.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import type { AnyDocumentPlugin } from '../../core/plugins/types.ts';
import { blankPng, labelPng } from '../plugins/labelImages.ts';
import { labelPlugin } from '../plugins/labelPlugin.ts';
import { spinPlugin } from '../plugins/spinPlugin.ts';
import { LogCapture } from './appHarness.ts';

const limits = { maxImagePixels: 20_000_000, maxPdfPages: 3, pdfDpi: 150 };
const sources = new Map([
  ['label', { url: new URL('../plugins/labelPlugin.ts', import.meta.url).href, exportName: 'labelPlugin' }],
  ['spin', { url: new URL('../plugins/spinPlugin.ts', import.meta.url).href, exportName: 'spinPlugin' }],
]);
let ocr: OcrPool;
let pipelines: PipelinePool;
let label: Buffer;
let blank: Buffer;
const logs = new LogCapture();

beforeAll(async () => {
  ocr = createOcrPool({ workers: 1 });
  pipelines = createPipelinePool({ size: 1, maxQueue: 1, limits, sources });
  [label, blank] = await Promise.all([labelPng(['ZEBRA QUOKKA 4711']), blankPng()]);
  await Promise.all([ocr.ready(), pipelines.ready()]);
});
afterAll(async () => {
  await pipelines?.terminate();
  await ocr?.terminate();
});

const extractor = (options: { timeoutMs?: number; inProcess?: boolean; ocr?: OcrPool } = {}) =>
  createExtractor({
    ocr: options.ocr ?? ocr,
    ledger: null,
    loadUpload,
    limits,
    logger: createLogger({ level: 'debug', destination: logs }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.inProcess === true ? {} : { runner: pipelines }),
  });

const request = (plugin: AnyDocumentPlugin, file: Buffer, fields: Record<string, string> = {}, signal = new AbortController().signal): ExtractionRequest => ({
  plugin,
  files: [{ field: 'file', buffer: file }],
  fields,
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

describe('pipeline pool', () => {
  it('reads a label in a worker exactly as on the calling thread, and forwards the plugin log', async () => {
    const inWorker = await extractor().extract(request(labelPlugin, label));
    const inProcess = await extractor({ inProcess: true }).extract(request(labelPlugin, label));
    expect(inWorker.result).toEqual({ text: 'ZEBRA QUOKKA 4711', words: 3, pages: 1 });
    expect(inWorker.result).toEqual(inProcess.result);
    expect(logs.text).toContain('"msg":"label read"');
  });

  it('a read withdrawn while it waits for the OCR worker is dropped there, never run', async () => {
    let answered = 0;
    const counting: OcrPool = {
      ...ocr,
      recognize: async (job) => {
        const result = await ocr.recognize(job);
        answered += 1;
        return result;
      },
    };
    // One OCR worker: the page's own read holds it, so the read asked behind it still waits when withdrawn.
    const result = await extractor({ ocr: counting }).extract(request(labelPlugin, label, { ahead: '1' }));
    expect(result.result).toMatchObject({ text: 'ZEBRA QUOKKA 4711', ahead: 'withdrawn' });
    expect(answered).toBe(1);
  });

  it('a refusal in the worker keeps its code and hint', async () => {
    const error = await failure(extractor().extract(request(labelPlugin, blank)));
    expect(error).toBeInstanceOf(ProblemError);
    expect(error).toMatchObject({ code: 'unreadable_document', extensions: { hint: 'The label looks blank.' } });
  });

  it('a loading refusal (not an image) comes back as the same problem', async () => {
    const error = await failure(extractor().extract(request(labelPlugin, Buffer.from('plain text'))));
    expect(error).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('a full queue: 503 service_unavailable with Retry-After, at once; a timed-out worker is terminated and replaced', async () => {
    // One worker, one queue place: the first spins until its deadline, the second waits, the third is refused.
    const spinning = failure(extractor({ timeoutMs: 1500 }).extract(request(spinPlugin, label, { spin: 'forever' })));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pipelines.load).toEqual({ running: 1, queued: 0 });
    const waiting = extractor({ timeoutMs: 60_000 }).extract(request(spinPlugin, label, { spin: '0' }));
    const refused = await failure(extractor().extract(request(spinPlugin, label)));
    expect(refused).toBeInstanceOf(ProblemError);
    expect(refused).toMatchObject({ code: 'service_unavailable', headers: { 'Retry-After': '2' } });
    // The spinning plugin never yields: only terminating its thread ends it; the waiting request then runs.
    expect(await spinning).toMatchObject({ code: 'request_timeout' });
    await expect(waiting).resolves.toMatchObject({ result: { spun: 1 } });
  });

  it('a worker that dies under a request: 500 internal for it, and the pool goes on', async () => {
    const error = await failure(extractor().extract(request(spinPlugin, label, { exit: '1' })));
    expect(error).toMatchObject({ code: 'internal' });
    await expect(extractor().extract(request(labelPlugin, label))).resolves.toMatchObject({ result: { words: 3 } });
  });

  it('a cancelled request (client gone) frees its worker the same way', async () => {
    const gone = new AbortController();
    const spinning = failure(extractor().extract(request(spinPlugin, label, { spin: 'forever' }, gone.signal)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    gone.abort(new Error('client closed the connection'));
    expect(await spinning).toMatchObject({ code: 'service_unavailable' });
    await expect(extractor().extract(request(labelPlugin, label))).resolves.toMatchObject({ result: { words: 3 } });
  });
});
