/**
 * `docex read`: the extraction pipeline in this process, with no server, no key and no metering (credits are an
 * HTTP matter). The same plugins, imaging limits and OCR pool as the service.
 *
 *   docex read passport FIRST_PAGE [LAST_PAGE] [--pretty]
 *   docex read pan FILE [--password P] [--pretty]
 *   docex read pan|passport DIR/ --out results.ndjson [--password P]   (passport: each file is a first page)
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../core/config.ts';
import { ProblemError } from '../../core/errors.ts';
import { createExtractor } from '../../core/extraction/extractor.ts';
import type { UploadedFile } from '../../core/extraction/types.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import { warmUpPdfRendering } from '../../core/imaging/pdfPages.ts';
import { createLogger } from '../../core/logging/logger.ts';
import { createOcrPool } from '../../core/ocr/tesseractPool.ts';
import type { AnyDocumentPlugin } from '../../core/plugins/types.ts';
import { toProblem, type Problem } from '../problem.ts';
import { createProductionRegistry } from '../productionRegistry.ts';
import { formatProgress, summarize } from './readFormat.ts';

export const readUsage = `Usage:
  docex read passport FIRST_PAGE [LAST_PAGE] [--pretty]
  docex read pan FILE [--password P] [--pretty]
  docex read pan DIR/ --out results.ndjson [--password P]
  docex read passport DIR/ --out results.ndjson        (each file read as a first page)

Runs the extraction in this process: no server, no key, not metered (credits apply to the HTTP API only).
Prints the JSON result, or with --pretty a summary in words. A refused document prints its problem (RFC 9457)
and exits 1. A folder is read file by file into one JSON line each ({"file", "ok", "result" | "problem"}) with
progress on stderr; a bad file is a problem line, never the end of the run. Sub-folders are read too. DOCEX_OCR_WORKERS sets the workers.`;

const options = {
  password: { type: 'string' },
  pretty: { type: 'boolean', default: false },
  out: { type: 'string', short: 'o' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

class UsageError extends Error {}

interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** True when stderr is a terminal: the progress bar redraws one line instead of printing lines. */
  readonly interactive: boolean;
}

const defaultIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: process.stderr.isTTY === true,
};

/** The pipeline as the service builds it, unmetered; `workers` OCR threads. */
async function createReader(workers: number) {
  const config = loadConfig(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));
  const registry = await createProductionRegistry(config.DOCEX_PLUGINS);
  const pool = createOcrPool({ workers });
  await Promise.all([pool.ready(), warmUpPdfRendering()]);
  const extractor = createExtractor({
    ocr: pool,
    ledger: null,
    loadUpload,
    limits: { maxImagePixels: config.DOCEX_MAX_IMAGE_PIXELS, maxPdfPages: config.DOCEX_MAX_PDF_PAGES, pdfDpi: config.DOCEX_PDF_DPI },
    logger: createLogger({ level: process.env['LOG_LEVEL'] ?? 'silent' }),
    timeoutMs: config.DOCEX_REQUEST_TIMEOUT_MS,
    plugins: () => registry.list(),
  });
  return {
    config,
    plugin: (documentType: string): AnyDocumentPlugin | undefined => registry.get(documentType),
    documentTypes: registry.list().map((plugin) => plugin.meta.documentType),
    /** The result, or the problem the HTTP API would answer. */
    async read(plugin: AnyDocumentPlugin, files: UploadedFile[], fields: Record<string, string>): Promise<{ ok: true; result: unknown; durationMs: number } | { ok: false; problem: Problem }> {
      const requestId = randomUUID();
      try {
        const response = await extractor.extract({
          plugin,
          files,
          fields,
          principal: null,
          requestId,
          idempotencyKey: null,
          signal: new AbortController().signal,
        });
        return { ok: true, result: response.result, durationMs: response.durationMs };
      } catch (error) {
        return { ok: false, problem: toProblem(error, requestId).body };
      }
    },
    close: () => pool.terminate(),
  };
}

/** Every file under a folder (sub-folders too), sorted, skipping hidden entries and the output file itself. */
async function folderFiles(dir: string, skip: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).some((part) => part.startsWith('.') && part !== '.' && part !== '..'))
    .filter((file) => path.resolve(file) !== skip)
    .sort();
}

async function readFolder(
  reader: Awaited<ReturnType<typeof createReader>>,
  plugin: AnyDocumentPlugin,
  dir: string,
  out: string,
  fields: Record<string, string>,
  concurrency: number,
  io: Io,
): Promise<{ ok: number; failed: number }> {
  const files = await folderFiles(dir, path.resolve(out));
  const part = plugin.parts[0]?.name ?? 'file';
  const sink = out === '-' ? null : createWriteStream(out);
  const write = (line: string) => (sink === null ? io.stdout(line) : sink.write(line));
  const started = Date.now();
  let done = 0;
  let ok = 0;
  let lastPrinted = 0;
  let lastDone = -1;
  const progress = (final: boolean) => {
    const now = Date.now();
    const text = formatProgress(done, files.length, (now - started) / 1000);
    if (io.interactive) io.stderr(`\r${text}${final ? '\n' : ''}`);
    // Not a terminal (a log, CI): a line every 2 s at most, and the last one once.
    else if ((final && lastDone !== done) || now - lastPrinted >= 2000) {
      io.stderr(`${text}\n`);
      lastPrinted = now;
      lastDone = done;
    }
  };
  progress(false);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      let line: Record<string, unknown>;
      try {
        const buffer = await readFile(file);
        const outcome = await reader.read(plugin, [{ field: part, buffer }], fields);
        line = outcome.ok
          ? { file, ok: true, duration_ms: outcome.durationMs, result: outcome.result }
          : { file, ok: false, problem: outcome.problem };
      } catch (error) {
        // A file that cannot be read from disk is a problem line too; the run goes on.
        line = { file, ok: false, problem: toProblem(new ProblemError('invalid_request', `Cannot read ${path.basename(file)}: ${(error as Error).message}`), randomUUID()).body };
      }
      if (line['ok'] === true) ok += 1;
      write(`${JSON.stringify(line)}\n`);
      done += 1;
      progress(false);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, files.length)) }, worker));
  progress(true);
  if (sink !== null) await new Promise<void>((resolve, reject) => sink.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { ok, failed: files.length - ok };
}

export async function readMain(argv: string[], io: Io = defaultIo): Promise<number> {
  const parse = () => parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${readUsage}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${readUsage}\n`);
    return 0;
  }
  const [documentType, ...paths] = positionals;
  try {
    if (documentType === undefined || paths.length === 0) throw new UsageError('Say what to read: a document type and a file.');
    const kinds = await Promise.all(paths.map((p) => stat(p).then((s) => (s.isDirectory() ? 'dir' : 'file'), () => 'missing')));
    const missing = paths.filter((_, i) => kinds[i] === 'missing');
    if (missing.length > 0) throw new UsageError(`No such file or folder: ${missing.join(', ')}`);
    const folder = kinds[0] === 'dir';
    if (folder && paths.length > 1) throw new UsageError('Give one folder.');
    if (!folder && kinds.includes('dir')) throw new UsageError('Give files, or one folder.');
    if (folder && values.out === undefined) throw new UsageError('Reading a folder writes NDJSON: add --out results.ndjson (or --out - for stdout).');

    const config = loadConfig(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));
    // One file uses one OCR worker (its hooks run in turn); a folder reads as many files at once as there are workers.
    const workers = folder ? config.DOCEX_OCR_WORKERS : 1;
    const reader = await createReader(workers);
    try {
      const plugin = reader.plugin(documentType);
      if (plugin === undefined) throw new UsageError(`Unknown document type "${documentType}"; known: ${reader.documentTypes.join(', ')}.`);
      const fields: Record<string, string> = values.password === undefined ? {} : { password: values.password };
      if (folder) {
        const { ok, failed } = await readFolder(reader, plugin, paths[0] as string, values.out as string, fields, workers, io);
        io.stderr(`${ok} read, ${failed} refused${values.out === '-' ? '' : ` -> ${values.out}`}\n`);
        return 0;
      }
      if (paths.length > plugin.parts.length) {
        throw new UsageError(`${documentType} takes at most ${plugin.parts.length} file(s): ${plugin.parts.map((p) => p.name).join(', ')}.`);
      }
      const files = await Promise.all(paths.map(async (file, i) => ({ field: plugin.parts[i]?.name as string, buffer: await readFile(file) })));
      const outcome = await reader.read(plugin, files, fields);
      const body = outcome.ok ? outcome.result : outcome.problem;
      io.stdout(values.pretty ? `${summarize(body, outcome.ok)}\n` : `${JSON.stringify(body, null, 2)}\n`);
      return outcome.ok ? 0 : 1;
    } finally {
      await reader.close();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n\n${readUsage}\n`);
      return 2;
    }
    throw error;
  }
}
