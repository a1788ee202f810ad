/** Aggregates per-item judgements into the figures the evaluation prints and saves. Pure. */
import type { ItemJudgement } from './compareResult.ts';

/** "Scans and careful photos": the conditions the service is expected to read nearly always. */
export const CAREFUL_CONDITIONS: readonly string[] = ['scan', 'photo'];

/** Nearest-rank percentile of unsorted samples; null for none. */
export function percentile(samples: readonly number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export interface Rate {
  readonly right: number;
  readonly total: number;
  /** right / total, or null when total is 0. */
  readonly rate: number | null;
}

const rate = (right: number, total: number): Rate => ({ right, total, rate: total === 0 ? null : right / total });

export interface JudgedRun extends ItemJudgement {
  readonly latencyMs: number;
  /** OCR jobs the extraction asked for (0 for a PDF read from its text layer). */
  readonly ocrJobs: number;
  /** Milliseconds in each plugin hook (preprocess, locate, read, decode); absent for a refusal before the hooks ran. */
  readonly hookMs?: Readonly<Record<string, number>>;
}

export interface EvalSummary {
  readonly items: number;
  readonly fieldAccuracy: Readonly<Record<string, Rate>>;
  /** Documents that must be read: every field right. */
  readonly documentExact: Rate;
  readonly exactByDegradation: Readonly<Record<string, Rate>>;
  readonly exactScanAndPhoto: Rate;
  /** Documents that must be refused: refused with the right code. */
  readonly refusalsRight: Rate;
  /** Documents that must be refused but were not (or with another code), as `expected -> outcome`. */
  readonly refusalsMissed: Readonly<Record<string, number>>;
  /** Documents that must be read but were refused, by problem code. */
  readonly wronglyRefused: Readonly<Record<string, number>>;
  readonly mrzFalselyValid: number;
  /** Names answered with a part missing at an end; absent from reports saved before it was counted. */
  readonly namesCutShort?: number;
  /** Documents answered with a name holding letters not printed there; absent from reports saved before it was counted. */
  readonly namesInvented?: number;
  /** Fields of answered documents given a wrong value rather than withheld (compareResult's answeredWrong). */
  readonly fieldsAnsweredWrong?: number;
  /** Documents read exactly without a single OCR job (e-PAN text layers). */
  readonly readWithoutOcr: number;
  readonly latencyMs: { readonly p50: number | null; readonly p95: number | null; readonly max: number | null };
  /** Latency of the documents that needed OCR (photos and scans, not text-layer PDFs). */
  readonly ocrLatencyMs?: { readonly p50: number | null; readonly p95: number | null };
  /** p50 of each plugin hook's milliseconds, over the runs that reached it: where a page's time goes. */
  readonly hookP50Ms?: Readonly<Record<string, number | null>>;
}

export function summarize(runs: readonly JudgedRun[]): EvalSummary {
  const toRead = runs.filter((run) => run.expect === 'ok');
  const toRefuse = runs.filter((run) => run.expect !== 'ok');

  const fieldCounts = new Map<string, { right: number; total: number }>();
  for (const run of toRead) {
    for (const field of run.fields) {
      const count = fieldCounts.get(field.field) ?? { right: 0, total: 0 };
      count.total += 1;
      if (field.correct) count.right += 1;
      fieldCounts.set(field.field, count);
    }
  }
  const degradations = [...new Set(toRead.map((run) => run.degradation))].sort();
  const exactCount = (list: readonly JudgedRun[]) => list.filter((run) => run.exact).length;
  const careful = toRead.filter((run) => CAREFUL_CONDITIONS.includes(run.degradation));
  const wronglyRefused: Record<string, number> = {};
  for (const run of toRead) if (run.outcome !== 'ok') wronglyRefused[run.outcome] = (wronglyRefused[run.outcome] ?? 0) + 1;
  const refusalsMissed: Record<string, number> = {};
  for (const run of toRefuse) {
    if (run.exact) continue;
    const key = `${run.expect} -> ${run.outcome}`;
    refusalsMissed[key] = (refusalsMissed[key] ?? 0) + 1;
  }
  const latencies = runs.map((run) => run.latencyMs);
  const ocrLatencies = runs.filter((run) => run.ocrJobs > 0).map((run) => run.latencyMs);

  return {
    items: runs.length,
    fieldAccuracy: Object.fromEntries([...fieldCounts].map(([field, count]) => [field, rate(count.right, count.total)])),
    documentExact: rate(exactCount(toRead), toRead.length),
    exactByDegradation: Object.fromEntries(
      degradations.map((degradation) => {
        const group = toRead.filter((run) => run.degradation === degradation);
        return [degradation, rate(exactCount(group), group.length)];
      }),
    ),
    exactScanAndPhoto: rate(exactCount(careful), careful.length),
    refusalsRight: rate(exactCount(toRefuse), toRefuse.length),
    refusalsMissed,
    wronglyRefused,
    mrzFalselyValid: runs.filter((run) => run.mrzFalselyValid).length,
    namesCutShort: runs.reduce((n, run) => n + run.namesCutShort, 0),
    namesInvented: runs.filter((run) => run.namesInvented === true).length,
    fieldsAnsweredWrong: runs.reduce((n, run) => n + (run.outcome === 'ok' ? run.fields.filter((field) => field.answeredWrong === true).length : 0), 0),
    readWithoutOcr: toRead.filter((run) => run.exact && run.ocrJobs === 0).length,
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.length === 0 ? null : Math.max(...latencies) },
    ocrLatencyMs: { p50: percentile(ocrLatencies, 50), p95: percentile(ocrLatencies, 95) },
    hookP50Ms: Object.fromEntries(
      ['preprocess', 'locate', 'read', 'decode'].map((hook) => [
        hook,
        percentile(runs.flatMap((run) => (run.hookMs?.[hook] === undefined ? [] : [run.hookMs[hook]])), 50),
      ]),
    ),
  };
}

const pct = (r: Rate): string => (r.rate === null ? '   n/a' : `${(100 * r.rate).toFixed(1).padStart(5)}%`) + ` (${r.right}/${r.total})`;

/** The human-readable report. */
export function formatSummary(title: string, summary: EvalSummary): string {
  const row = (label: string, value: string) => `${label.padEnd(34)}${value}`;
  const lines = [`${title}: ${summary.items} documents`, '', 'Field accuracy (documents that must be read):'];
  for (const [field, r] of Object.entries(summary.fieldAccuracy)) lines.push(row(`  ${field}`, pct(r)));
  lines.push('', row('Whole document exact', pct(summary.documentExact)));
  lines.push(row('Scans and careful photos', pct(summary.exactScanAndPhoto)));
  lines.push('Exact by degradation:');
  for (const [degradation, r] of Object.entries(summary.exactByDegradation)) lines.push(row(`  ${degradation}`, pct(r)));
  lines.push(row('Refusals right', pct(summary.refusalsRight)));
  const missed = Object.entries(summary.refusalsMissed);
  lines.push(row('Refusals missed', missed.length === 0 ? 'none' : missed.map(([what, n]) => `${what} ${n}`).join(', ')));
  const refused = Object.entries(summary.wronglyRefused);
  lines.push(row('Wrongly refused', refused.length === 0 ? 'none' : refused.map(([code, n]) => `${code} ${n}`).join(', ')));
  lines.push(row('MRZ valid but wrong (must be 0)', String(summary.mrzFalselyValid)));
  lines.push(row('Names cut short (must be 0)', String(summary.namesCutShort ?? 'n/a')));
  lines.push(row('Names with letters not printed', String(summary.namesInvented ?? 'n/a')));
  lines.push(row('Fields answered wrong, not withheld', String(summary.fieldsAnsweredWrong ?? 'n/a')));
  lines.push(row('Read exactly without OCR', String(summary.readWithoutOcr)));
  const { p50, p95, max } = summary.latencyMs;
  lines.push(row('Latency p50 / p95 / max', `${p50 ?? 'n/a'} / ${p95 ?? 'n/a'} / ${max ?? 'n/a'} ms`));
  const ocr = summary.ocrLatencyMs;
  if (ocr !== undefined) lines.push(row('  read with OCR: p50 / p95', `${ocr.p50 ?? 'n/a'} / ${ocr.p95 ?? 'n/a'} ms`));
  const hooks = Object.entries(summary.hookP50Ms ?? {});
  if (hooks.length > 0) lines.push(row('  p50 by hook', hooks.map(([hook, ms]) => `${hook} ${ms ?? 'n/a'}`).join(', ') + ' ms'));
  return lines.join('\n');
}
