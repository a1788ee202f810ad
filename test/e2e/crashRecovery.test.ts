/**
 * kill -9 with requests in flight, then a restart: the holds the dead process left expire and are closed in the
 * log (CreditsReleased `expired`, ExtractionAbandoned) by the new process's sweeper, usage shows nothing in
 * progress, and no credit is charged twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createLedger } from '../../core/credits/ledger.ts';
import { createDatabase } from '../../core/db/createDatabase.ts';
import { migrateToLatest } from '../../core/db/migrateToLatest.ts';
import { labelPng } from '../plugins/labelImages.ts';
import { type RunningService, startService } from './serviceProcess.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docex-crash-'));
const services: RunningService[] = [];
afterAll(async () => {
  for (const service of services) await service.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface AuditRow {
  stream_id: string;
  type: string;
  data: Record<string, unknown>;
}

it('closes the holds of requests killed in flight once they expire, and charges nothing twice', async () => {
  const database = createDatabase({ DOCEX_DATA_DIR: dataDir });
  await migrateToLatest(database.db);
  const key = (await createLedger(database).createKey({ name: 'crash', credits: 10, scopes: ['extract', 'audit'] })).key;
  const holdsLeft = async () => Number((await database.db.selectFrom('credit_holds').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n);

  // One OCR worker: four PAN cards with printed text queue behind each other, so all four are in flight at once.
  const env = { DOCEX_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', DOCEX_OCR_WORKERS: '1', DOCEX_HOLD_TTL_MS: '4000' };
  const first = await startService(env);
  services.push(first);
  const card = await labelPng(['INCOME TAX DEPARTMENT', 'QUOKKA ZEBRA', 'HARBOUR LANTERN', '01/01/1990', 'ABCPQ1234Z'], 1400);
  const requests = Array.from({ length: 4 }, () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(card)], { type: 'image/png' }), 'card.png');
    return fetch(`${first.baseUrl}/v1/documents/pan`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form }).then(
      (res) => res.status,
      () => 'cut' as const,
    );
  });
  await until(() => ((first.output().match(/extraction started/g) ?? []).length === 4 ? true : undefined), 30_000, 'four starts');
  await first.stop('SIGKILL');
  await Promise.all(requests);
  const orphaned = await holdsLeft();
  expect(orphaned).toBeGreaterThan(0);

  const second = await startService(env);
  services.push(second);
  // The new process's sweeper closes them, with no read of this key to trigger it.
  await until(async () => ((await holdsLeft()) === 0 ? true : undefined), 30_000, 'the holds to be released');
  await database.destroy();

  const usage = (await (await fetch(`${second.baseUrl}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
    credits_remaining: number;
    credits_used: number;
    credits_held: number;
    credits_available: number;
    requests_by_outcome: Record<string, number>;
  };
  expect(usage.requests_by_outcome['in_progress']).toBeUndefined();
  expect(usage.requests_by_outcome['abandoned']).toBe(orphaned);
  expect(usage).toMatchObject({ credits_held: 0, credits_available: usage.credits_remaining });
  expect(usage.credits_used + usage.credits_remaining).toBe(10);

  const audit = await fetch(`${second.baseUrl}/v1/audit/events?format=ndjson`, { headers: { authorization: `Bearer ${key}` } });
  const events = (await audit.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditRow);
  const released = events.filter((event) => event.type === 'CreditsReleased' && event.data['reason'] === 'expired');
  expect(released).toHaveLength(orphaned);
  expect(new Set(released.map((event) => event.data['extractionId'])).size).toBe(orphaned);
  const charged = events.filter((event) => event.type === 'CreditsCharged');
  expect(new Set(charged.map((event) => event.data['extractionId'])).size).toBe(charged.length);
  expect(charged.reduce((sum, event) => sum + Number(event.data['credits']), 0)).toBe(usage.credits_used);
  // Every request the dead process started is closed by exactly one event on its stream.
  const closing = new Set(['ExtractionCompleted', 'ExtractionFailed', 'ExtractionAbandoned']);
  const requested = events.filter((event) => event.type === 'ExtractionRequested').map((event) => event.stream_id);
  expect(requested).toHaveLength(4);
  for (const stream of requested) {
    expect(events.filter((event) => event.stream_id === stream && closing.has(event.type))).toHaveLength(1);
  }
  await second.stop();
});
