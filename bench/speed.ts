/**
 * `npm run bench -- passport|pan [--split test] [--concurrency 1,4] [--limit N] [--workers N] [--json out.json]`
 * Latency and throughput of the real pipeline over a labelled split at each concurrency, and peak memory.
 * Prints comparable figures; asserts nothing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseBenchArgs } from './cliArgs.ts';
import { percentile } from './evalSummary.ts';
import { ensureSplit, loadItem, readManifest, repoRoot, type LoadedItem } from './labelledSet.ts';
import { createRealExtractor, type RealExtractor } from './realExtractor.ts';

interface RoundFigures {
  readonly concurrency: number;
  readonly documents: number;
  readonly failed: number;
  readonly wallMs: number;
  readonly docsPerSecond: number;
  readonly latencyMs: { readonly p50: number | null; readonly p95: number | null };
  /** Photos and scans sent as images only (no PDF): the PAN's speed target is per photo. */
  readonly imageLatencyMs: { readonly p50: number | null; readonly p95: number | null };
  readonly peakRssMb: number;
}

const isImage = (item: LoadedItem): boolean => Object.values(item.item.files).every((name) => !name.toLowerCase().endsWith('.pdf'));

const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024));

/** Every document once, `concurrency` requests in flight at a time. */
async function round(extractor: RealExtractor, items: readonly LoadedItem[], concurrency: number): Promise<RoundFigures> {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 50);
  const latencies: number[] = [];
  const imageLatencies: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const loaded = items[next]!;
      const { item, files, fields } = loaded;
      next += 1;
      const t0 = performance.now();
      try {
        await extractor.extract(item.endpoint, files, fields);
      } catch {
        // Refusals cost time too and are part of the load; they are counted, not timed apart.
        failed += 1;
      }
      latencies.push(performance.now() - t0);
      if (isImage(loaded)) imageLatencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  const round1 = (value: number | null) => (value === null ? null : Math.round(value));
  return {
    concurrency,
    documents: items.length,
    failed,
    wallMs: Math.round(wallMs),
    docsPerSecond: Math.round((items.length / (wallMs / 1000)) * 100) / 100,
    latencyMs: { p50: round1(percentile(latencies, 50)), p95: round1(percentile(latencies, 95)) },
    imageLatencyMs: { p50: round1(percentile(imageLatencies, 50)), p95: round1(percentile(imageLatencies, 95)) },
    peakRssMb: mb(Math.max(peakRss, process.memoryUsage.rss())),
  };
}

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2), { split: 'test', concurrency: [1, 4] });
  const directory = args.dir === null ? ensureSplit(args.set, args.split) : path.resolve(args.dir);
  const manifest = await readManifest(directory);
  // A set read from --dir is named by its path in the report and the JSON file's name.
  const label = args.dir === null ? args.split : path.relative(repoRoot, directory) || directory;
  const picked = args.ids.length === 0 ? manifest.items : manifest.items.filter((item) => args.ids.includes(item.id));
  const chosen = args.limit === null ? picked : picked.slice(0, args.limit);
  const items = await Promise.all(chosen.map((item) => loadItem(directory, item)));
  const extractor = await createRealExtractor(args.workers === null ? {} : { ocrWorkers: args.workers });
  const rounds: RoundFigures[] = [];
  try {
    // Warm-up: the first PDF loads pdf.js, the first OCR job warms the workers.
    const warm = items.slice(0, Math.min(2, items.length));
    for (const { item, files, fields } of warm) await extractor.extract(item.endpoint, files, fields).catch(() => undefined);
    for (const concurrency of args.concurrency) rounds.push(await round(extractor, items, concurrency));
  } finally {
    await extractor.close();
  }

  const cpus = os.cpus();
  const machine = `${cpus.length} x ${cpus[0]?.model.trim() ?? 'cpu'}, Node ${process.version}`;
  process.stdout.write(`${args.set} ${label}: ${items.length} documents, ${extractor.ocrWorkers} OCR workers, ${machine}\n`);
  process.stdout.write('concurrency   docs/s   p50 ms   p95 ms   image p50   image p95   failed   peak RSS MB\n');
  for (const r of rounds) {
    process.stdout.write(
      `${String(r.concurrency).padStart(11)} ${r.docsPerSecond.toFixed(2).padStart(8)} ${String(r.latencyMs.p50).padStart(8)} ${String(r.latencyMs.p95).padStart(8)} ${String(r.imageLatencyMs.p50).padStart(11)} ${String(r.imageLatencyMs.p95).padStart(11)} ${String(r.failed).padStart(8)} ${String(r.peakRssMb).padStart(13)}\n`,
    );
  }
  const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`process peak RSS (whole run): ${maxRssMb} MB\n`);
  const out = args.json ?? path.join(repoRoot, 'bench', 'out', `bench-${args.set}-${label.replace(/[^A-Za-z0-9]+/g, '-')}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ set: args.set, split: manifest.split, ranAt: new Date().toISOString(), machine, ocrWorkers: extractor.ocrWorkers, rounds, maxRssMb }, null, 2)}\n`);
  process.stdout.write(`Written to ${path.relative(process.cwd(), out)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
