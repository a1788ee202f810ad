/**
 * The service as a newcomer runs it: `server/main.ts` in its own process on SQLite, keys made with the `docex`
 * command, synthetic documents from the fixture generator; then two instances sharing PostgreSQL and Redis.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSet, type Manifest, type ManifestItem } from '../../fixtures/generate.ts';
import { pingRedis, reach } from '../support/services.ts';
import { createKey, multipart, type RunningService, startService } from './serviceProcess.ts';

const postgresUrl = process.env.DOCEX_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.DOCEX_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const specPassportFields = [
  'full_name', 'given_name', 'surname', 'date_of_birth', 'nationality', 'passport_number', 'issue_date',
  'expiry_date', 'issuing_country', 'sex',
] as const;
const specPanFields = ['pan_number', 'full_name', 'father_name', 'date_of_birth', 'holder_type_code', 'holder_type'] as const;

interface Sample {
  readonly item: ManifestItem;
  readonly expected: Record<string, unknown>;
  readonly form: () => FormData;
  /** The sample's first file, to send under another endpoint's part name. */
  readonly first: { readonly bytes: Buffer; readonly filename: string };
}

async function sampleFrom(manifest: Manifest, dir: string, degradations: readonly string[]): Promise<Sample> {
  const item = degradations
    .map((d) => manifest.items.find((candidate) => candidate.degradation === d && candidate.expect === 'ok'))
    .find((candidate) => candidate !== undefined);
  if (!item) throw new Error(`no ${degradations.join('/')} item in ${manifest.set}/${manifest.split}`);
  const truth = JSON.parse(await readFile(path.join(dir, item.truth), 'utf8')) as { expected: Record<string, unknown> };
  const files = await Promise.all(
    Object.entries(item.files).map(async ([part, file]) => [part, { bytes: await readFile(path.join(dir, file)), filename: file }] as const),
  );
  return { item, expected: truth.expected, form: () => multipart(Object.fromEntries(files)), first: files[0]![1] };
}

const post = (service: RunningService, route: string, key: string | null, body: FormData, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${route}`, {
    method: 'POST',
    body,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  });

const get = (service: RunningService, route: string, key: string) =>
  fetch(`${service.baseUrl}${route}`, { headers: { authorization: `Bearer ${key}` } });

let fixturesDir: string;
let passport: Sample;
let pan: Sample;

beforeAll(async () => {
  fixturesDir = await mkdtemp(path.join(tmpdir(), 'docex-e2e-fixtures-'));
  const [passports, pans] = await Promise.all([
    generateSet('passport', 'dev', { count: 12, out: fixturesDir }),
    generateSet('pan', 'dev', { count: 12, out: fixturesDir }),
  ]);
  passport = await sampleFrom(passports, path.join(fixturesDir, 'passport', 'dev'), ['photo', 'scan']);
  pan = await sampleFrom(pans, path.join(fixturesDir, 'pan', 'dev'), ['photo', 'scan']);
});

afterAll(async () => {
  await rm(fixturesDir, { recursive: true, force: true });
});

describe('one instance on embedded SQLite', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let service: RunningService;
  let key: string;
  const extractedValues: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'docex-e2e-sqlite-'));
    env = { DOCEX_DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', REDIS_URL: '' };
    service = await startService(env);
    key = (await createKey(env, { name: 'e2e main', credits: 100 })).key;
  });

  afterAll(async () => {
    await service?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a request without a key with 401 problem+json', async () => {
    const response = await post(service, '/v1/documents/passport', null, passport.form());
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await response.json()) as Record<string, unknown>;
    expect(problem).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(typeof problem.type).toBe('string');
    expect(typeof problem.title).toBe('string');
  });

  it('extracts a synthetic passport photo into spec-typed JSON', async () => {
    const response = await post(service, '/v1/documents/passport', key, passport.form());
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(body)).toBe(200);
    const parts = Object.keys(passport.item.files).length;
    expect(response.headers.get('x-credits-charged')).toBe(String(parts));
    expect(response.headers.get('x-credits-remaining')).toBe(String(100 - parts));
    for (const field of specPassportFields) expect(body[field], field).toBe(passport.expected[field]);
    for (const field of ['date_of_birth', 'issue_date', 'expiry_date']) expect(body[field]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const mrz = body.mrz as Record<string, unknown>;
    expect(mrz).toEqual(passport.expected.mrz);
    expect(typeof mrz.check_digits_valid).toBe('boolean');
    extractedValues.push(...specPassportFields.map((f) => String(body[f])).filter((v) => v.length >= 4), String(mrz.line2));
  });

  it('extracts a synthetic PAN card photo into spec-typed JSON', async () => {
    const response = await post(service, '/v1/documents/pan', key, pan.form());
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(response.headers.get('x-credits-charged')).toBe('1');
    for (const field of specPanFields) expect(body[field], field).toEqual(pan.expected[field]);
    expect(body.pan_structure).toEqual(pan.expected.pan_structure);
    extractedValues.push(String(body.pan_number), String(body.full_name), String(body.date_of_birth));
  });

  it('refuses each document at the other\'s endpoint, naming the endpoint that reads it, free', async () => {
    const sent = [
      { route: '/v1/documents/passport', form: multipart({ first_page: pan.first }), likely: 'pan' },
      { route: '/v1/documents/pan', form: multipart({ file: passport.first }), likely: 'passport' },
    ];
    const before = (await (await get(service, '/v1/usage', key)).json()) as { credits_remaining: number };
    for (const { route, form, likely } of sent) {
      const response = await post(service, route, key, form);
      const problem = (await response.json()) as Record<string, unknown>;
      expect(response.status, JSON.stringify(problem)).toBe(422);
      expect(problem).toMatchObject({ code: 'wrong_document_type', likely_document_type: likely, hint: `Send it to POST /v1/documents/${likely}.` });
    }
    const after = (await (await get(service, '/v1/usage', key)).json()) as { credits_remaining: number };
    expect(after.credits_remaining).toBe(before.credits_remaining);
  });

  it('gives a 1-credit key one 200, then 402 before any OCR', async () => {
    const oneCredit = (await createKey(env, { name: 'one credit', credits: 1 })).key;
    const first = await post(service, '/v1/documents/pan', oneCredit, pan.form());
    expect(first.status).toBe(200);
    expect(first.headers.get('x-credits-remaining')).toBe('0');
    const second = await post(service, '/v1/documents/pan', oneCredit, pan.form());
    expect(second.status).toBe(402);
    expect(await second.json()).toMatchObject({ code: 'insufficient_credits', status: 402 });
  });

  it('gives a 2-a-minute key 429 with Retry-After on its third call', async () => {
    const limited = (await createKey(env, { name: 'two a minute', credits: 5, rateLimit: 2 })).key;
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      last = await get(service, '/v1/usage', limited);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.headers.get('ratelimit-limit')).toBe('2');
    expect(await last?.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('describes both endpoints in /openapi.json', async () => {
    const response = await fetch(`${service.baseUrl}/openapi.json`);
    const spec = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(spec.openapi).toMatch(/^3\.1/);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/v1/documents/passport', '/v1/documents/pan']));
  });

  it('lists every request to an audit key, without any extracted personal value', async () => {
    const auditor = (await createKey(env, { name: 'auditor', credits: 0, scopes: 'audit' })).key;
    const response = await get(service, '/v1/audit/events?limit=1000', auditor);
    expect(response.status).toBe(200);
    const text = await response.text();
    const { events } = JSON.parse(text) as { events: { type: string; data: Record<string, unknown> }[] };
    const requested = events.filter((e) => e.type === 'ExtractionRequested');
    // Passport, PAN, and the 1-credit key's accepted request; its 402 was refused before any reading, free, and
    // is on the trail as a failure.
    expect(requested.length).toBeGreaterThanOrEqual(3);
    expect(events.filter((e) => e.type === 'ExtractionCompleted').length).toBeGreaterThanOrEqual(3);
    expect(events.filter((e) => e.type === 'ExtractionFailed').map((e) => e.data['code'])).toContain('insufficient_credits');
    expect(extractedValues.length).toBeGreaterThan(5);
    for (const value of extractedValues) expect(text).not.toContain(value);
    for (const value of extractedValues) expect(service.output()).not.toContain(value);
    const extractOnly = await get(service, '/v1/audit/events', key);
    expect(extractOnly.status).toBe(403);
  });
});

describe('two instances on one PostgreSQL database and Redis', () => {
  const database = `docex_e2e_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let env: Record<string, string>;
  let services: RunningService[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await reach('PostgreSQL', postgresUrl, () => admin.connect());
    await pingRedis(redisUrl);
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${database}`;
    env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl, LOG_LEVEL: 'warn', DOCEX_OCR_WORKERS: '1' };
    services = await Promise.all([startService(env), startService(env)]);
  });

  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('racing 30 requests for a 10-credit key gives exactly 10 successes, 20 × 402 and a balance of 0', async () => {
    const { key } = await createKey(env, { name: 'race', credits: 10, rateLimit: 1000 });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(services[i % 2]!, '/v1/documents/pan', key, pan.form())),
    );
    const statuses = responses.map((r) => r.status);
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<Record<string, unknown>>));
    const outcomes = JSON.stringify(bodies.map((body, i) => (statuses[i] === 200 ? 200 : `${statuses[i]} ${String(body.code)}`)));
    expect(statuses.filter((s) => s === 200), outcomes).toHaveLength(10);
    expect(statuses.filter((s) => s === 402), outcomes).toHaveLength(20);
    for (const [i, body] of bodies.entries()) if (statuses[i] === 402) expect(body.code).toBe('insufficient_credits');
    const usage = (await (await get(services[1]!, '/v1/usage', key)).json()) as Record<string, unknown>;
    expect(usage).toMatchObject({ credits_remaining: 0, credits_used: 10 });
  });

  it('shares rate limits between the instances through Redis', async () => {
    const { key } = await createKey(env, { name: 'shared limit', credits: 1, rateLimit: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(services[i % 2]!, '/v1/usage', key)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('finishes an in-flight extraction on SIGTERM, then exits 0', async () => {
    const { key } = await createKey(env, { name: 'shutdown', credits: 5, rateLimit: 1000 });
    const service = services[0]!;
    const inFlight = post(service, '/v1/documents/passport', key, passport.form());
    await new Promise((r) => setTimeout(r, 150));
    const exit = service.stop('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await exit).toBe(0);
  });
});
