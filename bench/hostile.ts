/**
 * `npm run bench:hostile` — the hostile inputs of issue 12 against the real server (server/main.ts as a child
 * process, warmed by one ordinary PDF): per input, the answer, its time, the server's RSS growth, and /healthz
 * latency while it ran; then a 500 MB upload, and how long after passing DOCEX_MAX_FILE_BYTES it was cut off.
 * Prints figures; asserts nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createKey, startService } from '../test/e2e/serviceProcess.ts';
import { contentBombPdf, hugePagesPdf, imageBombPdf } from '../test/support/hostilePdf.ts';

const GiB = 1024 ** 3;
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const CASE_TIMEOUT_MS = Number(process.env['BENCH_CASE_TIMEOUT_MS'] ?? 90_000);

const rssMb = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
};

/** Polls /healthz every 25 ms until stopped: latencies of the answers, and probes still unanswered at the end. */
function probeHealth(baseUrl: string): () => Promise<{ p50: number; p99: number; max: number; count: number }> {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(`${baseUrl}/healthz`).then((r) => r.arrayBuffer(), () => undefined);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    return { p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0), count: sorted.length };
  };
}

async function post(baseUrl: string, key: string, pdf: Buffer, endpoint = 'pan'): Promise<{ status: number; code: string }> {
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'doc.pdf');
  const res = await fetch(`${baseUrl}/v1/documents/${endpoint}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: form,
    signal: AbortSignal.timeout(CASE_TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  return { status: res.status, code: body.code ?? 'ok' };
}

/** A multipart upload of `total` bytes sent as fast as the socket takes it; ms from passing `limit` to the answer. */
function bigUpload(port: number, key: string, total: number, limit: number, chunked: boolean): Promise<{ status: number; afterLimitMs: number; sentMb: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const preamble = '--b\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n';
    const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${total}`;
    let sent = 0;
    let passedAt: number | null = null;
    let answer = '';
    let done = false;
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const finish = (status: number) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ status, afterLimitMs: passedAt === null ? -1 : Math.round(performance.now() - passedAt), sentMb: Math.round(sent / 2 ** 20) });
    };
    const pump = () => {
      while (!done && sent < total) {
        const piece = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
        sent += chunk.length;
        if (passedAt === null && sent > limit) passedAt = performance.now();
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
    };
    socket.on('connect', () => {
      socket.write(`POST /v1/documents/pan HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: multipart/form-data; boundary=b\r\n${framing}\r\n\r\n`);
      socket.write(chunked ? `${preamble.length.toString(16)}\r\n${preamble}\r\n` : preamble);
      pump();
    });
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) finish(Number(status[1]));
    });
    socket.on('error', () => finish(-1));
    socket.on('close', () => finish(-1));
    setTimeout(() => (done ? undefined : reject(new Error('upload timed out'))), CASE_TIMEOUT_MS).unref();
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docex-hostile-'));
  const env = { DOCEX_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DOCEX_MAX_FILE_BYTES: String(MAX_FILE_BYTES) };
  const service = await startService(env);
  const pid = service.process.pid!;
  try {
    const { key } = await createKey(env, { name: 'bench', credits: 1000, rateLimit: 100000 });
    const ordinary = await PDFDocument.create();
    ordinary.addPage([595, 842]).drawText('HELLO', { x: 72, y: 700, size: 24, font: await ordinary.embedFont(StandardFonts.Helvetica) });
    const warm = Buffer.from(await ordinary.save());
    await post(service.baseUrl, key, warm);
    const only = process.argv.slice(2);
    const cases: [string, () => Buffer][] = [
      ['ordinary one-page PDF (warm)', () => warm],
      ['1 GiB Flate content bomb', () => contentBombPdf(1 * GiB)],
      ['4 GiB Flate content bomb', () => contentBombPdf(4 * GiB)],
      ['1 GiB image stream, declared 2000²', () => imageBombPdf(2000, 1 * GiB)],
      ['image XObject declared 20000², 1 GiB', () => imageBombPdf(20_000, 1 * GiB)],
      ['one 14400² pt page', () => hugePagesPdf(14_400, 1)],
      ['ten 14400² pt pages', () => hugePagesPdf(14_400, 10)],
    ];
    process.stdout.write(`server pid ${pid}, ${os.cpus().length} cores, Node ${process.version}\n`);
    process.stdout.write('case                                   file KB  answer                      ms   +RSS MB  healthz p50/p99/max ms\n');
    for (const [name, make] of cases) {
      if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
      const pdf = make();
      const base = rssMb(pid);
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
      const stopProbe = probeHealth(service.baseUrl);
      const t0 = performance.now();
      const answer = await post(service.baseUrl, key, pdf).catch((error: Error) => ({ status: 0, code: error.name }));
      const ms = Math.round(performance.now() - t0);
      clearInterval(sampler);
      const health = await stopProbe();
      process.stdout.write(
        `${name.padEnd(38)} ${String(Math.round(pdf.length / 1024)).padStart(8)}  ${`${answer.status} ${answer.code}`.padEnd(24)} ${String(ms).padStart(7)} ${String(peak - base).padStart(9)}  ${health.p50}/${health.p99}/${health.max} (${health.count} probes)\n`,
      );
    }
    const port = Number(new URL(service.baseUrl).port);
    for (const chunked of [false, true]) {
      const up = await bigUpload(port, key, 500 * 2 ** 20, MAX_FILE_BYTES, chunked);
      process.stdout.write(`500 MB upload (${chunked ? 'chunked' : 'Content-Length'}): answered ${up.status} ${up.afterLimitMs < 0 ? 'before the body reached the limit' : `${up.afterLimitMs} ms after passing the limit`}; ${up.sentMb} MB handed to the socket\n`);
    }
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
