/**
 * A pipeline worker thread: decodes and prices one upload at a time, then runs the plugin's hooks on it. OCR is
 * asked of the request thread's Tesseract pool by message, with the image cut to its rectangle and turned grey
 * here, so only those pixels cross. Plugins are imported by module URL; their code is unchanged.
 */
import { parentPort } from 'node:worker_threads';
import { loadUpload } from '../imaging/loadUpload.ts';
import { warmUpPdfRendering } from '../imaging/pdfPages.ts';
import type { LoadedUpload, RawImage } from '../imaging/types.ts';
import { clampRectangle, encodeRawAsPgm } from '../ocr/ocrImageEncoding.ts';
import { emptyOcrResult } from '../ocr/ocrResult.ts';
import type { OcrPort, OcrResult } from '../ocr/types.ts';
import type { AnyDocumentPlugin, PluginLogger } from '../plugins/types.ts';
import { loadAndPrice, runPluginHooks } from './pipeline.ts';
import { reviveError, serialiseError, type FromWorker, type OcrCall, type PluginSource, type ToWorker } from './pipelineMessages.ts';

const port = parentPort;
if (port === null) throw new Error('pipelineWorker.ts runs as a worker thread');

const post = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

const plugins = new Map<string, Promise<AnyDocumentPlugin>>();
const importPlugin = (source: PluginSource): Promise<AnyDocumentPlugin> => {
  const key = `${source.url}#${source.exportName}`;
  let loading = plugins.get(key);
  if (loading === undefined) {
    loading = import(source.url).then((module: Record<string, unknown>) => {
      const plugin = module[source.exportName];
      if (typeof plugin !== 'object' || plugin === null) throw new Error(`${source.url} exports no plugin "${source.exportName}"`);
      return plugin as AnyDocumentPlugin;
    });
    plugins.set(key, loading);
  }
  return loading;
};

let calls = 0;
const pendingOcr = new Map<number, { resolve: (result: OcrResult) => void; reject: (error: unknown) => void; detach?: () => void }>();

/** An own copy of the bytes, so its buffer can be transferred. */
const own = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

const ocr: OcrPort = {
  recognize(request) {
    let call: OcrCall;
    const transfer: ArrayBuffer[] = [];
    if (Buffer.isBuffer(request.image)) {
      const bytes = own(request.image);
      transfer.push(bytes.buffer as ArrayBuffer);
      call = { image: bytes, segmentation: request.segmentation, charWhitelist: request.charWhitelist, darkTextOnly: request.darkTextOnly, rectangle: request.rectangle, offsetX: 0, offsetY: 0 };
    } else {
      const image: RawImage = request.image;
      const area = clampRectangle(request.rectangle ?? { left: 0, top: 0, width: image.width, height: image.height }, image.width, image.height);
      if (area === null) return Promise.resolve(emptyOcrResult);
      // The same grey pixels the pool would make from this rectangle; it re-encodes them unchanged.
      const encoded = encodeRawAsPgm(image, area)!;
      const grey = own(encoded.bytes.subarray(encoded.bytes.length - area.width * area.height));
      transfer.push(grey.buffer as ArrayBuffer);
      call = {
        image: { data: grey, width: area.width, height: area.height, channels: 1 },
        segmentation: request.segmentation,
        charWhitelist: request.charWhitelist,
        darkTextOnly: request.darkTextOnly,
        offsetX: encoded.offsetX,
        offsetY: encoded.offsetY,
      };
    }
    const { withdraw } = request;
    if (withdraw?.aborted) return Promise.reject(withdraw.reason);
    calls += 1;
    const id = calls;
    return new Promise<OcrResult>((resolve, reject) => {
      if (withdraw === undefined) {
        pendingOcr.set(id, { resolve, reject });
        post({ type: 'ocr', call: id, request: call }, transfer);
        return;
      }
      // The pool drops the job only if it still waits; a started one is answered as any other.
      const onWithdraw = (): void => post({ type: 'ocrWithdraw', call: id });
      withdraw.addEventListener('abort', onWithdraw, { once: true });
      pendingOcr.set(id, { resolve, reject, detach: () => withdraw.removeEventListener('abort', onWithdraw) });
      post({ type: 'ocr', call: id, request: { ...call, withdrawable: true } }, transfer);
    });
  },
};

const forward = (level: 'debug' | 'info' | 'warn') => (fields: Record<string, unknown>, message: string) => {
  try {
    post({ type: 'log', level, fields, message });
  } catch {
    post({ type: 'log', level, fields: {}, message });
  }
};
const log: PluginLogger = { debug: forward('debug'), info: forward('info'), warn: forward('warn') };

let current: { plugin: AnyDocumentPlugin; others: AnyDocumentPlugin[]; upload: LoadedUpload } | null = null;
// The worker is terminated, never signalled, when its request is cancelled: this signal only satisfies the API.
const never = new AbortController().signal;

const fail = (error: unknown): void => post({ type: 'failed', error: serialiseError(error) });

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'warm':
      // Plugins and pdf.js loaded before the first request, not during it.
      void Promise.all([...message.plugins.map(importPlugin), warmUpPdfRendering()]).then(
        () => post({ type: 'warmed' }),
        (error: unknown) => fail(error),
      );
      return;
    case 'load':
      void (async () => {
        try {
          const [plugin, ...others] = await Promise.all([message.plugin, ...message.others].map(importPlugin));
          const files = message.files.map((file) => ({ field: file.field, buffer: Buffer.from(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength) }));
          const { upload, summary } = await loadAndPrice(plugin!, files, message.password, loadUpload, message.limits);
          current = { plugin: plugin!, others, upload };
          post({ type: 'loaded', summary });
        } catch (error) {
          fail(error);
        }
      })();
      return;
    case 'run':
      void (async () => {
        try {
          if (current === null) throw new Error('run before load');
          const result = await runPluginHooks(current.plugin, current.upload, ocr, { fields: message.fields, now: new Date(message.now), signal: never, log, onHookTimed: (hook, ms) => post({ type: 'hookTimed', hook, ms }) }, current.others);
          post({ type: 'done', result });
        } catch (error) {
          fail(error);
        } finally {
          current = null;
        }
      })();
      return;
    case 'release':
      current = null;
      return;
    case 'ocrDone': {
      const pending = pendingOcr.get(message.call);
      pendingOcr.delete(message.call);
      pending?.detach?.();
      if (message.error !== undefined) pending?.reject(reviveError(message.error));
      else pending?.resolve(message.result!);
      return;
    }
  }
});
