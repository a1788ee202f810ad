/**
 * `docex read`: the pipeline in-process. Folder mode writes one line per file and never stops on a bad one; the
 * e-PAN sample is read from its text layer, so the OCR pool starts but these runs stay cheap.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readMain } from '../../server/cli/read.ts';
import { formatProgress, summarize } from '../../server/cli/readFormat.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const samples = JSON.parse(fs.readFileSync(path.join(root, 'fixtures/samples/samples.json'), 'utf8')) as {
  samples: { id: string; files: Record<string, string>; expected: Record<string, unknown> }[];
};
const epan = samples.samples.find((sample) => sample.id === 'pan-epan')!;
const epanFile = path.join(root, 'fixtures/samples', epan.files['file']!);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docex-read-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), interactive: false }, out, err };
}

describe('readFormat', () => {
  it('draws progress with rate and ETA', () => {
    expect(formatProgress(0, 4, 0, 8)).toBe('[--------] 0/4 files  0.0 files/s  ETA ?');
    expect(formatProgress(2, 4, 4, 8)).toBe('[####----] 2/4 files  0.5 files/s  ETA 4s');
    expect(formatProgress(4, 4, 8, 8)).toBe('[########] 4/4 files  0.5 files/s  ETA 0s');
  });

  it('says checks, repairs and warnings in words, and a refusal by its title', () => {
    const text = summarize(
      {
        pan_number: 'ABCPE1234F',
        confidence: { pan_number: 0.5 },
        checks: { format_valid: true, name_initial_matches: null },
        repairs: [{ field: 'pan_number', position: 6, from: 'O', to: '0', reason: 'digit_expected' }],
        warnings: ['a warning'],
      },
      true,
    );
    expect(text).toContain('pan_number  ABCPE1234F  (confidence 0.50)');
    expect(text).toContain('name_initial_matches: not checked');
    expect(text).toContain('pan_number position 6: read "O", repaired to "0" (digit_expected)');
    expect(text).toContain('a warning');
    expect(summarize({ title: 'Unreadable document', code: 'unreadable_document', detail: 'x' }, false)).toMatch(/^Refused: Unreadable document/);
  });
});

describe('docex read', () => {
  it('reads a folder and its sub-folders into one NDJSON line per file, bad files as problems, with progress on stderr', async () => {
    const dir = path.join(work, 'in');
    fs.mkdirSync(dir);
    fs.copyFileSync(epanFile, path.join(dir, 'a-epan.pdf'));
    fs.writeFileSync(path.join(dir, 'b-notes.txt'), 'not a document');
    fs.writeFileSync(path.join(dir, 'c-empty.jpg'), '');
    fs.writeFileSync(path.join(dir, '.hidden'), 'skipped');
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.copyFileSync(epanFile, path.join(dir, 'sub', 'd-epan.pdf'));
    const out = path.join(work, 'results.ndjson');
    const { io, err } = captureIo();
    process.env['DOCEX_OCR_WORKERS'] = '1';
    const code = await readMain(['pan', `${dir}/`, '--out', out], io);
    expect(code).toBe(0);
    const lines = fs.readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => path.basename(line.file)).sort()).toEqual(['a-epan.pdf', 'b-notes.txt', 'c-empty.jpg', 'd-epan.pdf']);
    const byName = Object.fromEntries(lines.map((line) => [path.basename(line.file), line]));
    expect(byName['a-epan.pdf']).toMatchObject({ ok: true, result: { pan_number: epan.expected['pan_number'], card_layout: 'e-pan' } });
    expect(byName['b-notes.txt']).toMatchObject({ ok: false, problem: { code: 'unsupported_media_type', status: 415 } });
    expect(byName['c-empty.jpg'].ok).toBe(false);
    expect(byName['c-empty.jpg'].problem.type).toMatch(/^urn:docex:problem:/);
    expect(byName['d-epan.pdf']).toMatchObject({ ok: true });
    expect(err.join('').match(/4\/4 files/g)).toHaveLength(1);
    expect(err.join('')).toContain('2 read, 2 refused');
  });

  it('prints one result as JSON, or a summary with --pretty, through the bin launcher', () => {
    const run = spawnSync(process.execPath, ['bin/docex.mjs', 'read', 'pan', epanFile, '--pretty'], {
      cwd: root,
      env: { ...process.env, DOCEX_OCR_WORKERS: '1' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`pan_number +${String(epan.expected['pan_number'])}`));
    expect(run.stdout).toContain('Checks:');
  });

  it('exits 2 with the usage on a missing file or an unknown type, and 1 with the problem on a refused file', async () => {
    const missing = captureIo();
    expect(await readMain(['pan', path.join(work, 'nope.jpg')], missing.io)).toBe(2);
    expect(missing.err.join('')).toContain('No such file');
    const refused = captureIo();
    const junk = path.join(work, 'junk.png');
    fs.writeFileSync(junk, 'junk');
    expect(await readMain(['pan', junk], refused.io)).toBe(1);
    expect(JSON.parse(refused.out.join(''))).toMatchObject({ code: 'unsupported_media_type' });
    const unknown = captureIo();
    expect(await readMain(['licence', junk], unknown.io)).toBe(2);
    expect(unknown.err.join('')).toContain('Unknown document type');
  });
});
