/** GET /metrics: Prometheus text with requests, outcomes, credits, hook and OCR timings and the OCR pool's load. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../../core/credits/ledger.ts';
import type { Ledger } from '../../core/credits/types.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import { createMetrics } from '../../server/metrics.ts';
import { labelPng } from '../plugins/labelImages.ts';
import { testDialects, type TestDatabase } from '../support/db.ts';
import { buildTestApp } from './appHarness.ts';

let pool: OcrPool;
let database: TestDatabase;
let ledger: Ledger;
beforeAll(async () => {
  pool = createOcrPool({ workers: 1 });
  database = await testDialects.find((dialect) => dialect.name === 'sqlite')!.create();
  ledger = createLedger(database.handle);
  await pool.ready();
});
afterAll(async () => {
  await pool?.terminate();
  await ledger?.close();
  await database?.drop();
});

/** The value of one sample line, e.g. `name{a="b"} 3`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests, outcomes and credits, and times hooks and OCR jobs', async () => {
    const metrics = createMetrics({ ocrLoad: () => pool.load(), ocrWorkers: 1 });
    const { server } = await buildTestApp({ ledger, ocr: pool, metrics });
    const { key } = await ledger.createKey({ name: 'metrics', credits: 5, scopes: ['extract'] });
    const ok = await request(server).post('/v1/documents/label').set('Authorization', `Bearer ${key}`).attach('file', await labelPng(['METRIC LABEL 42']), 'l.png');
    expect(ok.status, ok.text).toBe(200);
    const refused = await request(server).post('/v1/documents/label').set('Authorization', `Bearer ${key}`).attach('file', Buffer.from('plain text'), 'x.txt');
    expect(refused.status).toBe(415);
    await request(server).get('/no/such/route');

    const res = await request(server).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(sample(text, 'docex_http_requests_total{route="/v1/documents/label",method="POST",status="200"}')).toBe(1);
    expect(sample(text, 'docex_http_requests_total{route="/v1/documents/label",method="POST",status="415"}')).toBe(1);
    expect(sample(text, 'docex_http_requests_total{route="(unmatched)",method="GET",status="404"}')).toBe(1);
    expect(sample(text, 'docex_extractions_total{document_type="label",outcome="ok"}')).toBe(1);
    expect(sample(text, 'docex_extractions_total{document_type="label",outcome="unsupported_media_type"}')).toBe(1);
    expect(sample(text, 'docex_credits_charged_total{document_type="label"}')).toBe(1);
    for (const hook of ['preprocess', 'locate', 'read', 'decode']) {
      expect(sample(text, `docex_plugin_hook_duration_seconds_count{document_type="label",hook="${hook}"}`), hook).toBe(1);
    }
    expect(sample(text, 'docex_ocr_job_duration_seconds_count{outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'docex_ocr_queue_depth')).toBe(0);
    expect(sample(text, 'docex_ocr_workers_busy')).toBe(0);
    expect(sample(text, 'docex_ocr_workers')).toBe(1);
    expect(text).toContain('docex_process_resident_memory_bytes');
    // Nothing from the request reaches a label.
    expect(text).not.toContain('METRIC');
    expect(text).not.toContain(key);
  });

  it('without a token answers loopback only, and not a request that came through a proxy', async () => {
    const { server } = await buildTestApp({ ledger, ocr: pool });
    expect((await request(server).get('/metrics')).status).toBe(200);
    const proxied = await request(server).get('/metrics').set('X-Forwarded-For', '203.0.113.9');
    expect(proxied.status).toBe(403);
    expect(proxied.body.code).toBe('forbidden');
  });

  it('with DOCEX_METRICS_TOKEN wants it as a bearer token', async () => {
    const token = 'metrics-token-0123456789';
    const { server } = await buildTestApp({ ledger, ocr: pool, metricsToken: token });
    expect((await request(server).get('/metrics')).status).toBe(401);
    expect((await request(server).get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789')).status).toBe(401);
    const res = await request(server).get('/metrics').set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', '203.0.113.9');
    expect(res.status).toBe(200);
    expect(res.text).toContain('docex_http_requests_total');
  });
});
