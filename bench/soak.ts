/**
 * `npm run soak [-- --clients 50 --seconds 60]` — the real server (server/main.ts, child process, loopback) under
 * 50 clients for 60 s: real passport pages (which keep the extract workers busy and fill the queue), hostile
 * PDFs, unauthenticated and junk uploads. Stops by itself; prints answers by status and code, /healthz latency
 * and the server's RSS; exits 1 on any 500, any 503 without Retry-After, or a probe that got no answer.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { createKey, startService } from '../test/e2e/serviceProcess.ts';
import { contentBombPdf, hugePagesPdf, imageBombPdf } from '../test/support/hostilePdf.ts';
import { percentile } from './evalSummary.ts';
import { ensureSplit, loadItem, readManifest } from './labelledSet.ts';

const arg = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const CLIENTS = arg('clients', 50);
const SECONDS = arg('seconds', 60);

const rssMb = (pid: number): number => {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
};

interface Input {
  readonly kind: string;
  readonly endpoint: string;
  readonly parts: readonly { field: string; buffer: Buffer; type: string }[];
  readonly auth: boolean;
}

async function main(): Promise<void> {
  const directory = ensureSplit('passport', 'test', 12);
  const manifest = await readManifest(directory);
  const passports = await Promise.all(manifest.items.slice(0, 12).map((item) => loadItem(directory, item)));
  const junk = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#7f7f7f' } }).png().toBuffer();
  const pdf = (buffer: Buffer) => [{ field: 'file', buffer, type: 'application/pdf' }];
  const inputs: Input[] = [
    ...passports.map((p) => ({ kind: 'passport', endpoint: 'passport', parts: p.files.map((f) => ({ ...f, type: 'application/octet-stream' })), auth: true })),
    ...passports.map((p) => ({ kind: 'passport', endpoint: 'passport', parts: p.files.map((f) => ({ ...f, type: 'application/octet-stream' })), auth: true })),
    { kind: '4 GiB bomb', endpoint: 'pan', parts: pdf(contentBombPdf(4 * 1024 ** 3)), auth: true },
    { kind: 'image bomb', endpoint: 'pan', parts: pdf(imageBombPdf(20_000, 1024 ** 3)), auth: true },
    { kind: '14400² page', endpoint: 'pan', parts: pdf(hugePagesPdf(14_400, 10)), auth: true },
    { kind: 'junk image', endpoint: 'pan', parts: [{ field: 'file', buffer: junk, type: 'image/png' }], auth: true },
    { kind: 'no key', endpoint: 'passport', parts: passports[0]!.files.map((f) => ({ ...f, type: 'application/octet-stream' })), auth: false },
  ];

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docex-soak-'));
  const env = { DOCEX_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const service = await startService(env);
  const pid = service.process.pid!;
  const counts = new Map<string, number>();
  const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  let failures = 0;
  const health: number[] = [];
  let healthMissed = 0;
  const rss = { start: rssMb(pid), peak: 0, end: 0 };
  try {
    const { key } = await createKey(env, { name: 'soak', credits: 1_000_000, rateLimit: 1_000_000 });
    const deadline = performance.now() + SECONDS * 1000;
    const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, rssMb(pid))), 200);
    const prober = (async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const ok = await fetch(`${service.baseUrl}/healthz`, { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false);
        if (ok) health.push(performance.now() - t0);
        else healthMissed += 1;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    let next = 0;
    const client = async () => {
      while (performance.now() < deadline) {
        const input = inputs[next++ % inputs.length]!;
        const form = new FormData();
        for (const part of input.parts) form.append(part.field, new Blob([part.buffer], { type: part.type }), part.field);
        const res = await fetch(`${service.baseUrl}/v1/documents/${input.endpoint}`, {
          method: 'POST',
          headers: input.auth ? { Authorization: `Bearer ${key}` } : {},
          body: form,
          signal: AbortSignal.timeout(120_000),
        }).catch(() => null);
        if (res === null) {
          bump('no answer');
          failures += 1;
          continue;
        }
        const body = (await res.json().catch(() => ({}))) as { code?: string };
        const code = body.code ?? 'ok';
        bump(`${res.status} ${code}`);
        if (res.status === 500) failures += 1;
        if (res.status === 503 && code === 'service_unavailable') {
          const retryAfter = Number(res.headers.get('retry-after'));
          if (!(retryAfter > 0)) failures += 1;
          await new Promise((r) => setTimeout(r, Math.min(1000, retryAfter * 1000 || 1000)));
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    clearInterval(sampler);
    await prober;
    rss.end = rssMb(pid);
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const round = (value: number | null) => (value === null ? '-' : String(Math.round(value)));
  process.stdout.write(`soak: ${CLIENTS} clients for ${SECONDS} s on ${os.cpus().length} cores, Node ${process.version}\n`);
  for (const [answer, count] of [...counts].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${String(count).padStart(6)}  ${answer}\n`);
  process.stdout.write(
    `/healthz: ${health.length} answered, ${healthMissed} unanswered within 5 s; p50 ${round(percentile(health, 50))} ms, p99 ${round(percentile(health, 99))} ms, max ${round(health.length ? Math.max(...health) : null)} ms\n`,
  );
  process.stdout.write(`server RSS: ${rss.start} MB at start, ${rss.peak} MB peak, ${rss.end} MB at the end\n`);
  const failed = failures > 0 || healthMissed > 0;
  process.stdout.write(failed ? `FAILED: ${failures} bad answers (500, 503 without Retry-After, none), ${healthMissed} unanswered probes\n` : 'OK: no 500, every 503 with Retry-After, /healthz always answered\n');
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
