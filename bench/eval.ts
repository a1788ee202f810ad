/**
 * `npm run eval -- passport|pan [--split dev|test] [--limit N] [--json out.json] [--workers N] [--id ID]... [--diff]`
 * Runs the real pipeline over a labelled split and reports accuracy against the truth. Prints ids and
 * right/wrong only; `--diff` (for debugging readers on these synthetic sets) also prints expected and read values.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ProblemError } from '../core/errors.ts';
import { parseBenchArgs } from './cliArgs.ts';
import { judgeItem, leafMatches, pairFields, type ExtractionOutcome } from './compareResult.ts';
import { formatSummary, summarize, type JudgedRun } from './evalSummary.ts';
import { ensureSplit, loadItem, readManifest, repoRoot } from './labelledSet.ts';
import { createRealExtractor } from './realExtractor.ts';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const diff = argv.includes('--diff');
  const args = parseBenchArgs(argv.filter((arg) => arg !== '--diff'), { split: 'dev', concurrency: [1] });
  const directory = args.dir === null ? ensureSplit(args.set, args.split) : path.resolve(args.dir);
  const manifest = await readManifest(directory);
  // A set read from --dir is named by its path in the report and the JSON file's name.
  const label = args.dir === null ? args.split : path.relative(repoRoot, directory) || directory;
  const picked = args.ids.length === 0 ? manifest.items : manifest.items.filter((item) => args.ids.includes(item.id));
  const items = args.limit === null ? picked : picked.slice(0, args.limit);
  const extractor = await createRealExtractor(args.workers === null ? {} : { ocrWorkers: args.workers });

  const runs: JudgedRun[] = [];
  try {
    for (const [n, item] of items.entries()) {
      const loaded = await loadItem(directory, item);
      const started = performance.now();
      let outcome: ExtractionOutcome;
      let ocrJobs = 0;
      try {
        const done = await extractor.extract(item.endpoint, loaded.files, loaded.fields);
        outcome = { kind: 'result', result: done.response.result };
        ocrJobs = done.ocrJobs;
      } catch (error) {
        // Anything but a coded refusal is a crash worth seeing: its kind goes to stderr, the run goes on.
        if (!(error instanceof ProblemError)) process.stderr.write(`  ${item.id}: ${error instanceof Error ? error.name : typeof error}\n`);
        outcome = { kind: 'refused', code: error instanceof ProblemError ? error.code : 'internal' };
      }
      const latencyMs = Math.round(performance.now() - started);
      const run: JudgedRun = { ...judgeItem(item, loaded.truth.expected, outcome), latencyMs, ocrJobs };
      runs.push(run);
      const wrong = run.fields.filter((field) => !field.correct).map((field) => field.field);
      process.stderr.write(
        `[${n + 1}/${items.length}] ${item.id} ${item.degradation} ${run.outcome} ${run.exact ? 'exact' : `wrong: ${wrong.join(',') || item.expect}`} ${latencyMs} ms\n`,
      );
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
  const out = args.json ?? path.join(repoRoot, 'bench', 'out', `eval-${args.set}-${label.replace(/[^A-Za-z0-9]+/g, '-')}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  const report = {
    set: args.set,
    split: manifest.split,
    seed: manifest.seed ?? null,
    ranAt: new Date().toISOString(),
    ocrWorkers: extractor.ocrWorkers,
    pdfDpi: extractor.config.DOCEX_PDF_DPI,
    summary,
    items: runs,
  };
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nWritten to ${path.relative(process.cwd(), out)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
