/**
 * `npm run eval -- passport|pan [--split dev|test|styled-dev|foreign] [--limit N] [--json out.json] [--workers N] [--id ID]... [--diff] [--jobs]`
 * `npm run eval -- passport|pan --real DIR [--part train|eval|all] [--originals] [--diff]` (a set from `npm run real:build`)
 * `npm run eval -- report` writes the README's and docs/accuracy.md's accuracy tables from the saved reports.
 * Runs the real pipeline over a labelled split and reports accuracy against the truth. Prints ids and
 * right/wrong only; `--diff` (for debugging readers on these synthetic sets) also prints expected and read values,
 * `--jobs` each OCR job's mode, pixels and start and end on the item's clock (to see where a worker idles).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ProblemError } from '../core/errors.ts';
import { formatAccuracyTables, panColumns, passportColumns, replaceBetweenMarkers, reportBegin, type SavedReport } from './accuracyReport.ts';
import { parseBenchArgs } from './cliArgs.ts';
import { judgeItem, leafMatches, pairFields, type ExtractionOutcome } from './compareResult.ts';
import { formatSummary, summarize, type JudgedRun } from './evalSummary.ts';
import { ensureSplit, loadItem, readManifest, repoRoot, selectItems } from './labelledSet.ts';
import { createRealExtractor, type OcrJobTiming } from './realExtractor.ts';
import { formatRealSummary, realItemOutcome, summarizeReal, type RealItemOutcome } from './realSummary.ts';

/** The short commit the evaluation ran at, for the report; null outside a git checkout. */
function currentCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

/** `npm run eval -- report`: the README's and docs/accuracy.md's tables from the saved reports in bench/out. */
async function writeReport(): Promise<void> {
  const load = async (file: string): Promise<SavedReport | undefined> => {
    try {
      return JSON.parse(await readFile(path.join(repoRoot, 'bench', 'out', file), 'utf8')) as SavedReport;
    } catch {
      process.stderr.write(`  no bench/out/${file}: that column shows as not measured\n`);
      return undefined;
    }
  };
  const passport = Object.fromEntries(await Promise.all(passportColumns.map(async (c) => [c.key, await load(c.file)] as const)));
  const pan = Object.fromEntries(await Promise.all(panColumns.map(async (c) => [c.key, await load(c.file)] as const)));
  const tables = formatAccuracyTables(passport, pan);
  for (const file of ['README.md', path.join('docs', 'accuracy.md')]) {
    const full = path.join(repoRoot, file);
    const updated = replaceBetweenMarkers(await readFile(full, 'utf8'), tables);
    if (updated === null) throw new Error(`${file} has no report markers (${reportBegin})`);
    await writeFile(full, updated);
    process.stdout.write(`wrote the accuracy tables into ${file}\n`);
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === 'report') return writeReport();
  const diff = argv.includes('--diff');
  const showJobs = argv.includes('--jobs');
  const args = parseBenchArgs(argv.filter((arg) => arg !== '--diff' && arg !== '--jobs'), { split: 'dev', concurrency: [1] });
  const given = args.real ?? args.dir;
  const directory = given === null ? ensureSplit(args.set, args.split) : path.resolve(given);
  const manifest = await readManifest(directory);
  // A set read from --dir or --real is named by its path (and part) in the report and the JSON file's name.
  const label =
    given === null
      ? args.split
      : `${path.relative(repoRoot, directory) || directory}${args.real === null ? '' : ` ${args.part}${args.originals ? ' originals' : ''}`}`;
  const items = selectItems(manifest.items, args);
  const extractor = await createRealExtractor(args.workers === null ? {} : { ocrWorkers: args.workers });

  const runs: JudgedRun[] = [];
  const realOutcomes: RealItemOutcome[] = [];
  try {
    for (const [n, item] of items.entries()) {
      const loaded = await loadItem(directory, item);
      const started = performance.now();
      let outcome: ExtractionOutcome;
      let ocrJobs = 0;
      let hookMs: Readonly<Record<string, number>> | undefined;
      let jobs: readonly OcrJobTiming[] = [];
      let refusal: ProblemError | null = null;
      try {
        const done = await extractor.extract(item.endpoint, loaded.files, loaded.fields);
        outcome = { kind: 'result', result: done.response.result };
        ocrJobs = done.ocrJobs;
        hookMs = done.hookMs;
        jobs = done.jobs;
      } catch (error) {
        // Anything but a coded refusal is a crash worth seeing: its kind goes to stderr, the run goes on.
        if (!(error instanceof ProblemError)) process.stderr.write(`  ${item.id}: ${error instanceof Error ? error.name : typeof error}\n`);
        else refusal = error;
        outcome = { kind: 'refused', code: error instanceof ProblemError ? error.code : 'internal' };
      }
      const latencyMs = Math.round(performance.now() - started);
      const run: JudgedRun = { ...judgeItem(item, loaded.truth.expected, outcome), latencyMs, ocrJobs, ...(hookMs === undefined ? {} : { hookMs }) };
      runs.push(run);
      if (args.real !== null) realOutcomes.push(realItemOutcome(item.id, loaded.truth.expected, outcome, item.degradation));
      const wrong = run.fields.filter((field) => !field.correct).map((field) => field.field);
      const lines = realOutcomes.at(-1);
      const realNote =
        args.real === null || lines === undefined || !lines.scored
          ? lines !== undefined && lines.inventedMarks > 0 ? ` [${lines.inventedMarks} invented marks]` : ''
          : ` [mrz ${lines.line1 ? 'L1' : 'l1 wrong'} ${lines.line2 ? 'L2' : 'l2 wrong'}${lines.inventedMarks > 0 ? `, ${lines.inventedMarks} invented marks` : ''}]`;
      process.stderr.write(
        `[${n + 1}/${items.length}] ${item.id} ${item.degradation} ${run.outcome} ${run.exact ? 'exact' : `wrong: ${wrong.join(',') || item.expect}`}${realNote} ${latencyMs} ms${hookMs === undefined ? '' : ` (${Object.entries(hookMs).map(([hook, ms]) => `${hook} ${ms}`).join(', ')})`}\n`,
      );
      // Each OCR job on the item's clock, to see where the workers wait (the jobs of a refused item are not kept).
      if (showJobs) {
        for (const job of [...jobs].sort((a, b) => a.startMs - b.startMs)) {
          process.stderr.write(`    ocr ${job.segmentation} ${job.pixels ?? '?'} px: ${job.startMs}-${job.endMs} ms\n`);
        }
      }
      // A refusal's detail and hint say which check refused (problem details carry no personal data).
      if (diff && refusal !== null) {
        const hint = refusal.extensions['hint'];
        process.stderr.write(`    refused: ${refusal.message}${typeof hint === 'string' ? ` (hint: ${hint})` : ''}\n`);
      }
      if (diff && outcome.kind === 'result') {
        for (const pair of pairFields(loaded.truth.expected, outcome.result)) {
          if (!leafMatches(pair.expected, pair.actual)) {
            process.stderr.write(`    ${pair.field}: expected ${JSON.stringify(pair.expected)} read ${JSON.stringify(pair.actual)}\n`);
          }
        }
      }
    }
  } finally {
    await extractor.close();
  }

  const summary = summarize(runs);
  process.stdout.write(`${formatSummary(`${args.set} ${label}`, summary)}\n`);
  const real = args.real === null ? null : summarizeReal(realOutcomes);
  if (real !== null) process.stdout.write(`${formatRealSummary(real)}\n`);
  const out = args.json ?? path.join(repoRoot, 'bench', 'out', `eval-${args.set}-${label.replace(/[^A-Za-z0-9]+/g, '-')}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  const report = {
    set: args.set,
    commit: currentCommit(),
    split: manifest.split,
    seed: manifest.seed ?? null,
    ranAt: new Date().toISOString(),
    ocrWorkers: extractor.ocrWorkers,
    pdfDpi: extractor.config.DOCEX_PDF_DPI,
    summary,
    ...(real === null ? {} : { real, realItems: realOutcomes }),
    items: runs,
  };
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nWritten to ${path.relative(process.cwd(), out)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
