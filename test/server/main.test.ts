/**
 * server/main.ts as a process: starts on a free port with SQLite in a temp dir, becomes ready, serves a metered
 * extraction, and on SIGTERM lets the in-flight request finish before it exits 0.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { createLedger } from '../../core/credits/ledger.ts';
import { createDatabase } from '../../core/db/createDatabase.ts';
import { migrateToLatest } from '../../core/db/migrateToLatest.ts';
import { labelPng } from '../plugins/labelImages.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let child: ChildProcessWithoutNullStreams;
let output = '';
let baseUrl: string;
let apiKey: string;

function waitFor<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${what}\n${output}`));
      setTimeout(tick, 100);
    };
    tick();
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docex-main-'));
  // The key is made through the ledger on the same SQLite file the server will open.
  const database = createDatabase({ DOCEX_DATA_DIR: dataDir });
  await migrateToLatest(database.db);
  const ledger = createLedger(database);
  apiKey = (await ledger.createKey({ name: 'main-test', credits: 3, scopes: ['extract'] })).key;
  await ledger.close();
  await database.destroy().catch(() => {});

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DOCEX_DATA_DIR: dataDir,
    DOCEX_OCR_WORKERS: '1',
    DOCEX_SHUTDOWN_GRACE_MS: '20000',
    LOG_LEVEL: 'info',
  };
  delete env['DATABASE_URL'];
  delete env['REDIS_URL'];
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  baseUrl = await waitFor(
    () => /"address":"(http:\/\/[^"]+)"/.exec(output)?.[1],
    60_000,
    'the listening line',
  );
});

afterAll(async () => {
  if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir !== undefined) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server/main.ts', () => {
  it('uses the configuration the test gave it', () => {
    expect(loadConfig({ PORT: '0' }).PORT).toBe(0);
    expect(output).toContain('"database":"sqlite"');
    expect(output).toContain('"rate_limits":"memory"');
  });

  it('becomes ready once the OCR workers are up', async () => {
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 90_000) {
      status = (await fetch(`${baseUrl}/readyz`)).status;
      if (status === 200) break;
      expect(status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
  });

  it('finishes an in-flight extraction after SIGTERM, then exits 0', async () => {
    const form = new FormData();
    // Printed text makes the PAN plugin run its OCR passes: long enough to be in flight when SIGTERM lands.
    const card = await labelPng(['INCOME TAX DEPARTMENT', 'QUOKKA ZEBRA', 'HARBOUR LANTERN', '01/01/1990', 'ABCPQ1234Z'], 1400);
    form.append('file', new Blob([new Uint8Array(card)], { type: 'image/png' }), 'card.png');
    const inFlight = fetch(`${baseUrl}/v1/documents/pan`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}` },
      body: form,
    });
    await waitFor(() => (output.includes('extraction started') ? true : undefined), 20_000, 'the extraction to start');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const res = await inFlight;
    // Whatever the plugin made of the synthetic card, the request was answered, not cut.
    expect([200, 422]).toContain(res.status);
    await res.arrayBuffer();
    expect(await exited).toBe(0);
    const shutdownAt = output.indexOf('shutting down');
    const answeredAt = Math.max(output.indexOf('extraction completed'), output.indexOf('extraction failed'));
    expect(shutdownAt).toBeGreaterThan(-1);
    expect(answeredAt).toBeGreaterThan(shutdownAt);
    expect(output).toContain('"msg":"stopped"');
  });
});
