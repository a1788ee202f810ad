/**
 * `npx tsx bench/diffFigures.ts EVAL_STDERR.txt bench/out/eval-passport-<label>.json`
 * The figures issue 16 asks for that the eval summary does not print, from a `--diff` run's stderr log and its JSON
 * report: names given a mark the truth lacks (per 100 answered names), issue_date found and right, refusals, and
 * exact documents per style family (the manifest's layout).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export type DiffLog = Record<string, Record<string, { expected: unknown; read: unknown }>>;

/** Item id → field → expected and read values, from the `[n/N] id …` and `    field: expected X read Y` lines. */
export function parseDiffLog(text: string): DiffLog {
  const out: DiffLog = {};
  let current: string | null = null;
  for (const line of text.split('\n')) {
    const head = /^\[\d+\/\d+\] (\S+) /.exec(line);
    if (head !== null) {
      current = head[1]!;
      out[current] = {};
      continue;
    }
    const diff = /^ {4}(\S+): expected (.*) read (.*)$/.exec(line);
    if (diff !== null && current !== null) {
      out[current]![diff[1]!] = { expected: JSON.parse(diff[2]!) as unknown, read: diff[3] === 'undefined' ? undefined : (JSON.parse(diff[3]!) as unknown) };
    }
  }
  return out;
}

const markedLetters = (text: string): string[] => [...text.normalize('NFC')].filter((c) => /\p{L}/u.test(c) && !/[A-Za-z]/.test(c));

/** Marked letters in `read` beyond those the truth has (a wrong mark on a marked letter counts too). */
export function inventedMarks(expected: string, read: string): string[] {
  const pool = markedLetters(expected);
  return markedLetters(read).filter((c) => {
    const i = pool.indexOf(c);
    if (i < 0) return true;
    pool.splice(i, 1);
    return false;
  });
}

interface ReportItem { id: string; layout: string; outcome: string; exact: boolean; fields: { field: string; correct: boolean }[] }

function main(errPath: string, jsonPath: string): void {
  const report = JSON.parse(readFileSync(jsonPath, 'utf8')) as { items: ReportItem[] };
  const diffs = parseDiffLog(readFileSync(errPath, 'utf8'));
  let names = 0;
  let invented = 0;
  let issueFound = 0;
  let issueRight = 0;
  const examples: string[] = [];
  const byFamily = new Map<string, [number, number]>();
  for (const item of report.items) {
    const family = byFamily.get(item.layout) ?? [0, 0];
    family[1] += 1;
    if (item.exact) family[0] += 1;
    byFamily.set(item.layout, family);
    if (item.outcome !== 'ok') continue;
    const diff = diffs[item.id] ?? {};
    for (const field of ['surname', 'given_name']) {
      names += 1;
      const pair = diff[field];
      if (pair === undefined || typeof pair.read !== 'string') continue;
      if (inventedMarks(String(pair.expected), pair.read).length > 0) {
        invented += 1;
        examples.push(`  ${item.id} ${field}: ${JSON.stringify(pair.expected)} read ${JSON.stringify(pair.read)}`);
      }
    }
    const right = item.fields.find((f) => f.field === 'issue_date')?.correct === true;
    const read = diff['issue_date']?.read;
    if (right) issueRight += 1;
    if (right || (read !== null && read !== undefined)) issueFound += 1;
  }
  const refused = report.items.filter((item) => item.outcome !== 'ok').length;
  const lines = [
    `documents ${report.items.length}, refused ${refused}`,
    `names with a mark the truth lacks: ${invented} of ${names} answered names (${names === 0 ? 'n/a' : ((100 * invented) / names).toFixed(1)} per 100)`,
    `issue_date found ${issueFound}, right ${issueRight} of ${report.items.length}`,
    `exact by family: ${[...byFamily].map(([name, [right, total]]) => `${name} ${right}/${total}`).join(', ')}`,
    ...examples,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [errPath, jsonPath] = process.argv.slice(2);
  if (errPath === undefined || jsonPath === undefined) {
    process.stderr.write('usage: npx tsx bench/diffFigures.ts EVAL_STDERR.txt EVAL_REPORT.json\n');
    process.exitCode = 1;
  } else main(errPath, jsonPath);
}
