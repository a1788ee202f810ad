import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createLedger } from '../../core/credits/ledger.ts';
import { createDatabase } from '../../core/db/createDatabase.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docex-cli-'));

function docex(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DOCEX_DATA_DIR: dataDir };
  delete env['DATABASE_URL'];
  const run = spawnSync(process.execPath, ['bin/docex.mjs', ...args], { cwd: root, env, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the docex command', () => {
  let created: { id: string; key: string; credits_remaining: number; scopes: string[]; rate_limit_per_minute: number };

  it('creates a key and prints its secret once, as JSON', () => {
    const run = docex('keys', 'create', '--name', 'cli test', '--credits', '4', '--rate-limit', '30', '--scopes', 'extract,audit', '--json');
    expect(run.code, run.stderr).toBe(0);
    created = JSON.parse(run.stdout);
    expect(created).toMatchObject({ credits_remaining: 4, scopes: ['extract', 'audit'], rate_limit_per_minute: 30 });
    expect(created.key).toMatch(/^dx_/);
  });

  it('grants credits, lists keys without secrets, and revokes', async () => {
    const grant = docex('credits', 'grant', created.id, '6', '--reason', 'top-up', '--json');
    expect(grant.code, grant.stderr).toBe(0);
    expect(JSON.parse(grant.stdout)).toEqual({ id: created.id, granted: 6, credits_remaining: 10 });

    const list = docex('keys', 'list', '--json');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).not.toContain(created.key);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ id: created.id, credits_remaining: 10, revoked_at: null })]);

    const revoke = docex('keys', 'revoke', created.id, '--reason', 'rotated');
    expect(revoke.code, revoke.stderr).toBe(0);

    // The server sees what the command wrote: the same database, the same ledger.
    const database = createDatabase({ DOCEX_DATA_DIR: dataDir });
    try {
      expect(await createLedger(database).authenticate(created.key)).toBeNull();
    } finally {
      await database.destroy();
    }
  });

  it('lists the projections and rebuilds them from the log', () => {
    const rebuild = docex('projections', 'rebuild', '--json');
    expect(rebuild.code, rebuild.stderr).toBe(0);
    const rebuilt = JSON.parse(rebuild.stdout) as { name: string; events: number }[];
    expect(rebuilt.find((result) => result.name === 'credit_balances')?.events).toBeGreaterThanOrEqual(4);
    const one = docex('projections', 'rebuild', 'api_keys');
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/Rebuilt api_keys from 2 event/);
    const list = docex('projections', 'list', '--json');
    expect(JSON.parse(list.stdout)).toContainEqual(expect.objectContaining({ name: 'api_keys', version: 1, built_version: 1 }));
    expect(docex('projections', 'rebuild', 'nosuch').code).toBe(2);
  });

  it('explains bad usage with exit code 2 and unknown keys with exit code 1', () => {
    expect(docex('keys', 'create', '--credits', '3').code).toBe(2);
    expect(docex('keys', 'create', '--name', 'x', '--credits', '-3').code).toBe(2);
    expect(docex('keys', 'create', '--name', 'x', '--credits', '3', '--scopes', 'root').code).toBe(1);
    expect(docex('frobnicate').code).toBe(2);
    const missing = docex('credits', 'grant', 'nosuchkey000', '5');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nosuchkey000');
  });
});
