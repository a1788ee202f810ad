import { describe, expect, it } from 'vitest';
import { formatSummary, percentile, summarize, type JudgedRun } from '../../bench/evalSummary.ts';

describe('percentile', () => {
  it.each<[number[], number, number | null]>([
    [[], 50, null],
    [[7], 95, 7],
    [[5, 1, 3, 2, 4], 50, 3],
    [[5, 1, 3, 2, 4], 95, 5],
    [[10, 20, 30, 40], 50, 20],
    [[10, 20, 30, 40], 0, 10],
  ])('%o p%d = %o', (samples, p, expected) => {
    expect(percentile(samples, p)).toBe(expected);
  });
});

describe('summarize', () => {
  const run = (over: Partial<JudgedRun>): JudgedRun => ({
    id: 'x',
    degradation: 'scan',
    layout: 'a',
    expect: 'ok',
    outcome: 'ok',
    fields: [
      { field: 'name', correct: true },
      { field: 'mrz.line1', correct: true },
    ],
    exact: true,
    mrzFalselyValid: false,
    namesCutShort: 0,
    latencyMs: 100,
    ocrJobs: 3,
    ...over,
  });
  const runs = [
    run({ latencyMs: 100 }),
    run({ degradation: 'photo', latencyMs: 200, exact: false, namesCutShort: 1, namesInvented: true, fields: [{ field: 'name', correct: false }, { field: 'mrz.line1', correct: true }] }),
    run({ degradation: 'blur', latencyMs: 300, exact: false, outcome: 'unreadable_document', fields: [{ field: 'name', correct: false }, { field: 'mrz.line1', correct: false }] }),
    run({ degradation: 'epan', latencyMs: 10, ocrJobs: 0 }),
    run({ expect: 'wrong_document_type', outcome: 'wrong_document_type', fields: [], latencyMs: 50 }),
    run({ expect: 'wrong_document_type', outcome: 'ok', exact: false, fields: [], mrzFalselyValid: true, latencyMs: 60 }),
  ];
  const summary = summarize(runs);

  it('rates fields and documents over the documents that must be read', () => {
    expect(summary.items).toBe(6);
    expect(summary.fieldAccuracy['name']).toEqual({ right: 2, total: 4, rate: 0.5 });
    expect(summary.fieldAccuracy['mrz.line1']).toEqual({ right: 3, total: 4, rate: 0.75 });
    expect(summary.documentExact).toEqual({ right: 2, total: 4, rate: 0.5 });
    expect(summary.exactScanAndPhoto).toEqual({ right: 1, total: 2, rate: 0.5 });
    expect(summary.exactByDegradation).toEqual({
      blur: { right: 0, total: 1, rate: 0 },
      epan: { right: 1, total: 1, rate: 1 },
      photo: { right: 0, total: 1, rate: 0 },
      scan: { right: 1, total: 1, rate: 1 },
    });
  });

  it('counts refusals, false MRZ validity, OCR-free reads and latency', () => {
    expect(summary.refusalsRight).toEqual({ right: 1, total: 2, rate: 0.5 });
    expect(summary.wronglyRefused).toEqual({ unreadable_document: 1 });
    expect(summary.refusalsMissed).toEqual({ 'wrong_document_type -> ok': 1 });
    expect(summary.mrzFalselyValid).toBe(1);
    expect(summary.readWithoutOcr).toBe(1);
    expect(summary.latencyMs).toEqual({ p50: 60, p95: 300, max: 300 });
    expect(summary.ocrLatencyMs).toEqual({ p50: 100, p95: 300 });
    expect(summary.namesCutShort).toBe(1);
    expect(summary.namesInvented).toBe(1);
  });

  it('formats every figure', () => {
    const text = formatSummary('pan dev', summary);
    expect(text).toContain('50.0% (2/4)');
    expect(text).toMatch(/MRZ valid but wrong \(must be 0\) +1/);
    expect(text).toContain('unreadable_document 1');
    expect(text).toMatch(/Names cut short \(must be 0\) +1/);
    expect(text).toMatch(/Names with letters not printed +1/);
  });

  it('copes with an empty run', () => {
    const empty = summarize([]);
    expect(empty.documentExact.rate).toBeNull();
    expect(empty.latencyMs.p50).toBeNull();
  });
});
