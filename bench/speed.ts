/**
 * `npm run bench -- passport|pan [--split test] [--concurrency 1,4] [--limit N] [--workers N] [--pipeline N] [--json out.json]`
 * Latency and throughput of the real pipeline over a labelled split at each concurrency, and peak memory; with
 * `--pipeline N`, decoding and plugins run in N worker threads as in the server. During each round a /healthz
 * served by this process is polled: its latency is what the service's /healthz would show under that load.
 * Prints comparable figures; asserts nothing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  readonly healthzMs: { readonly p50: number | null; readonly p99: number | null; readonly max: number | null; readonly probes: number };
}

/** Polls `url` every 20 ms until stopped; the answers' latencies. */
function pollHealth(url: string): () => Promise<number[]> {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(url).then((res) => res.arrayBuffer(), () => undefined);
      latencies.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return latencies;
  };
}

const isImage = (item: LoadedItem): boolean => Object.values(item.item.files).every((name) => !name.toLowerCase().endsWith('.pdf'));

const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024));

/** Every document once, `concurrency` requests in flight at a time. */
async function round(extractor: RealExtractor, items: readonly LoadedItem[], concurrency: number, healthUrl: string): Promise<RoundFigures> {
  const stopPolling = pollHealth(healthUrl);
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
  const health = await stopPolling();
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
    healthzMs: { p50: round1(percentile(health, 50)), p99: round1(percentile(health, 99)), max: round1(health.length === 0 ? null : Math.max(...health)), probes: health.length },
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
  const extractor = await createRealExtractor({
    ...(args.workers === null ? {} : { ocrWorkers: args.workers }),
    ...(args.pipeline === null ? {} : { pipelineWorkers: args.pipeline }),
  });
  const rounds: RoundFigures[] = [];
  const health = createServer((_req, res) => res.end('{"status":"ok"}'));
  await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
  const healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}/healthz`;
  try {
    // Warm-up: the first PDF loads pdf.js, the first OCR job warms the workers.
    const warm = items.slice(0, Math.min(2, items.length));
    for (const { item, files, fields } of warm) await extractor.extract(item.endpoint, files, fields).catch(() => undefined);
    for (const concurrency of args.concurrency) rounds.push(await round(extractor, items, concurrency, healthUrl));
  } finally {
    health.close();
    await extractor.close();
  }

  const cpus = os.cpus();
  const machine = `${cpus.length} x ${cpus[0]?.model.trim() ?? 'cpu'}, Node ${process.version}`;
  const where = args.pipeline === null ? 'on the calling thread' : `in ${args.pipeline} pipeline workers`;
  process.stdout.write(`${args.set} ${label}: ${items.length} documents, ${extractor.ocrWorkers} OCR workers, plugins ${where}, ${machine}\n`);
  process.stdout.write('concurrency   docs/s   p50 ms   p95 ms   image p50   image p95   failed   peak RSS MB   /healthz p50/p99/max ms\n');
  for (const r of rounds) {
    process.stdout.write(
      `${String(r.concurrency).padStart(11)} ${r.docsPerSecond.toFixed(2).padStart(8)} ${String(r.latencyMs.p50).padStart(8)} ${String(r.latencyMs.p95).padStart(8)} ${String(r.imageLatencyMs.p50).padStart(11)} ${String(r.imageLatencyMs.p95).padStart(11)} ${String(r.failed).padStart(8)} ${String(r.peakRssMb).padStart(13)}   ${r.healthzMs.p50}/${r.healthzMs.p99}/${r.healthzMs.max} (${r.healthzMs.probes})\n`,
    );
  }
  const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`process peak RSS (whole run): ${maxRssMb} MB\n`);
  const out = args.json ?? path.join(repoRoot, 'bench', 'out', `bench-${args.set}-${label.replace(/[^A-Za-z0-9]+/g, '-')}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ set: args.set, split: manifest.split, ranAt: new Date().toISOString(), machine, ocrWorkers: extractor.ocrWorkers, pipelineWorkers: args.pipeline ?? 0, rounds, maxRssMb }, null, 2)}\n`);
  process.stdout.write(`Written to ${path.relative(process.cwd(), out)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
