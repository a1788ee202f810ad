import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLedger } from '../../core/credits/ledger.ts';
import { createDatabase, sqliteFileName } from '../../core/db/createDatabase.ts';
import { migrateToLatest } from '../../core/db/migrateToLatest.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docex-perms-'));
let previousUmask: number;
beforeAll(() => {
  // The most permissive umask: whatever stays private does so because docex made it so.
  previousUmask = process.umask(0o000);
});
afterAll(() => {
  process.umask(previousUmask);
  fs.rmSync(root, { recursive: true, force: true });
});

const mode = (file: string) => fs.statSync(file).mode & 0o777;

async function openAndWrite(dataDir: string): Promise<void> {
  const database = createDatabase({ DOCEX_DATA_DIR: dataDir });
  try {
    await migrateToLatest(database.db);
    await createLedger(database).createKey({ name: 'perms', credits: 1 });
    const file = path.join(dataDir, sqliteFileName);
    // While the connection is open, the write-ahead log and shared memory exist beside the file.
    expect([file, `${file}-wal`, `${file}-shm`].map(mode)).toEqual([0o600, 0o600, 0o600]);
    expect(mode(dataDir)).toBe(0o700);
  } finally {
    await database.destroy();
  }
}

it('creates the data directory 0700 and the database files 0600 under umask 000', async () => {
  await openAndWrite(path.join(root, 'fresh', 'data'));
});

it('tightens an existing installation that was left readable', async () => {
  const dataDir = path.join(root, 'old');
  fs.mkdirSync(dataDir, { mode: 0o755 });
  for (const suffix of ['', '-wal', '-shm']) fs.writeFileSync(path.join(dataDir, `${sqliteFileName}${suffix}`), '', { mode: 0o644 });
  expect(mode(dataDir)).toBe(0o755);
  await openAndWrite(dataDir);
});
