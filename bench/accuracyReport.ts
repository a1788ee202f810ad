/**
 * `npm run eval -- report`: the accuracy tables of the README and docs/accuracy.md, generated from the evaluation's
 * saved reports (bench/out/eval-*.json) of the three passport sets and the PAN splits, each column saying when and at
 * which commit it was measured. The tables sit between marker comments; everything else in both files is kept.
 * The formatting and the replacement are pure.
 */
import type { EvalSummary, Rate } from './evalSummary.ts';
import type { RealSummary } from './realSummary.ts';

/** What one saved evaluation report holds that the tables use. */
export interface SavedReport {
  readonly ranAt: string;
  readonly commit?: string | null;
  readonly summary: EvalSummary;
  readonly real?: RealSummary;
  readonly items: readonly { readonly expect: string; readonly fields: readonly { readonly field: string; readonly correct: boolean }[] }[];
}

/** The columns of the passport table, the sets never tuned on first. */
export const passportColumns = [
  { key: 'foreign', title: 'foreign (held-out style families)', file: 'eval-passport-foreign.json' },
  { key: 'real', title: 'real specimens, eval part', file: 'eval-passport-fixtures-out-real-passport-eval-originals.json' },
  { key: 'test', title: 'own test split', file: 'eval-passport-test.json' },
] as const;

export const panColumns = [
  { key: 'foreign', title: 'foreign (held-out style families)', file: 'eval-pan-foreign.json' },
  { key: 'real', title: 'public templates, eval part', file: 'eval-pan-fixtures-out-real-pan-eval-originals.json' },
  { key: 'test', title: 'own test split', file: 'eval-pan-test.json' },
] as const;

const percent = (r: Rate | undefined): string => (r === undefined || r.rate === null ? '—' : `${(100 * r.rate).toFixed(1)}% (${r.right}/${r.total})`);

/** Every field of every document that must be read, last-page fields apart (not every set sends a last page). */
function fieldsRight(s: EvalSummary): Rate {
  let right = 0;
  let total = 0;
  for (const [field, r] of Object.entries(s.fieldAccuracy)) {
    if (field.startsWith('last_page.')) continue;
    right += r.right;
    total += r.total;
  }
  return { right, total, rate: total === 0 ? null : right / total };
}

/** Documents whose two MRZ lines were both read exactly. */
function bothLines(report: SavedReport): Rate {
  const read = report.items.filter((item) => item.expect === 'ok');
  const right = read.filter((item) => ['mrz.line1', 'mrz.line2'].every((f) => item.fields.find((x) => x.field === f)?.correct === true)).length;
  return { right, total: read.length, rate: read.length === 0 ? null : right / read.length };
}

const refusedCount = (s: EvalSummary): number => Object.values(s.wronglyRefused).reduce((a, b) => a + b, 0);

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

const measured = (report: SavedReport | undefined): string =>
  report === undefined ? 'not measured' : `${report.ranAt.slice(0, 10)}${report.commit ? ` at ${report.commit}` : ''}`;

/** The passport and PAN tables, from the reports found (a missing one shows as not measured). */
export function formatAccuracyTables(passport: Readonly<Record<string, SavedReport | undefined>>, pan: Readonly<Record<string, SavedReport | undefined>>): string {
  const cols = passportColumns.map((c) => ({ ...c, report: passport[c.key] }));
  const cell = (f: (r: SavedReport) => string) => cols.map((c) => (c.report === undefined ? '—' : f(c.report)));
  const passportTable = table(
    ['passports', ...cols.map((c) => `${c.title}${c.report ? ` (${c.report.summary.documentExact.total})` : ''}`)],
    [
      ['documents exactly right', ...cell((r) => percent(r.summary.documentExact))],
      ['fields right', ...cell((r) => percent(fieldsRight(r.summary)))],
      ['both MRZ lines exact', ...cell((r) => percent(bothLines(r)))],
      ['MRZ marked valid but wrong (must be 0)', ...cell((r) => String(r.summary.mrzFalselyValid))],
      ['invented diacritics', ...cell((r) => (r.real === undefined ? '—' : `${r.real.inventedMarks} marks on ${r.real.itemsWithInventedMarks} pages`))],
      ['`issue_date` right', ...cell((r) => percent(r.summary.fieldAccuracy['issue_date']))],
      ['`full_name` right', ...cell((r) => percent(r.summary.fieldAccuracy['full_name']))],
      ['refused though readable', ...cell((r) => String(refusedCount(r.summary)))],
      ['latency p50 (one at a time)', ...cell((r) => (r.summary.latencyMs.p50 === null ? '—' : `${r.summary.latencyMs.p50} ms`))],
      ['measured', ...cols.map((c) => measured(c.report))],
    ],
  );
  const panCols = panColumns.map((c) => ({ ...c, report: pan[c.key] }));
  const panCell = (f: (r: SavedReport) => string) => panCols.map((c) => (c.report === undefined ? '—' : f(c.report)));
  const panTable = table(
    ['PAN cards', ...panCols.map((c) => `${c.title}${c.report ? ` (${c.report.summary.documentExact.total})` : ''}`)],
    [
      ['documents exactly right', ...panCell((r) => percent(r.summary.documentExact))],
      ['fields right', ...panCell((r) => percent(fieldsRight(r.summary)))],
      ['refused though readable', ...panCell((r) => String(refusedCount(r.summary)))],
      ['names cut short (must be 0)', ...panCell((r) => (r.summary.namesCutShort === undefined ? '—' : String(r.summary.namesCutShort)))],
      ['latency p50 (one at a time)', ...panCell((r) => (r.summary.latencyMs.p50 === null ? '—' : `${r.summary.latencyMs.p50} ms`))],
      ['latency p50, photos and scans (OCR)', ...panCell((r) => (r.summary.ocrLatencyMs?.p50 == null ? '—' : `${r.summary.ocrLatencyMs.p50} ms`))],
      ['measured', ...panCols.map((c) => measured(c.report))],
    ],
  );
  return `${passportTable}\n\n${panTable}`;
}

export const reportBegin = '<!-- npm run eval -- report: begin (generated, do not edit by hand) -->';
export const reportEnd = '<!-- npm run eval -- report: end -->';

/** `text` with what lies between the markers replaced by `content`; null when the markers are missing. */
export function replaceBetweenMarkers(text: string, content: string): string | null {
  const begin = text.indexOf(reportBegin);
  const end = text.indexOf(reportEnd);
  if (begin < 0 || end < begin) return null;
  return `${text.slice(0, begin + reportBegin.length)}\n${content}\n${text.slice(end)}`;
}
