import { describe, expect, it } from 'vitest';
import { formatAccuracyTables, replaceBetweenMarkers, reportBegin, reportEnd, type SavedReport } from '../../bench/accuracyReport.ts';

const rate = (right: number, total: number) => ({ right, total, rate: right / total });
const report = (exact: number, extra: Partial<SavedReport> = {}): SavedReport => ({
  ranAt: '2026-11-24T17:00:00.000Z',
  commit: 'abc1234',
  summary: {
    items: 2,
    fieldAccuracy: { full_name: rate(1, 2), issue_date: rate(2, 2), 'mrz.line1': rate(2, 2), 'mrz.line2': rate(1, 2), 'last_page.address': rate(0, 1) },
    documentExact: rate(exact, 2),
    exactByDegradation: {},
    exactScanAndPhoto: rate(exact, 2),
    refusalsRight: rate(0, 0),
    refusalsMissed: {},
    wronglyRefused: { unreadable_document: 1 },
    mrzFalselyValid: 1,
    readWithoutOcr: 0,
    latencyMs: { p50: 900, p95: 1500, max: 2000 },
  },
  items: [
    { expect: 'ok', fields: [{ field: 'mrz.line1', correct: true }, { field: 'mrz.line2', correct: true }] },
    { expect: 'ok', fields: [{ field: 'mrz.line1', correct: true }, { field: 'mrz.line2', correct: false }] },
  ],
  ...extra,
});

describe('formatAccuracyTables', () => {
  it('puts the sets never tuned on first, counts every spec field, and says when each was measured', () => {
    const real = { line1: rate(1, 1), line2: rate(1, 1), bothLines: rate(1, 1), refused: {}, inventedMarks: 4, itemsWithInventedMarks: 1 };
    const text = formatAccuracyTables({ foreign: report(1), real: report(2, { real }), test: undefined }, { foreign: report(2) });
    const header = text.split('\n')[0]!;
    expect(header.indexOf('foreign')).toBeLessThan(header.indexOf('real specimens'));
    expect(header.indexOf('real specimens')).toBeLessThan(header.indexOf('own test split'));
    expect(text).toContain('| documents exactly right | 50.0% (1/2) | 100.0% (2/2) | — |');
    // 6 of 8 spec fields right; the last page's address is left out.
    expect(text).toContain('| fields right | 75.0% (6/8) | 75.0% (6/8) | — |');
    expect(text).toContain('| both MRZ lines exact | 50.0% (1/2) | 50.0% (1/2) | — |');
    expect(text).toContain('4 marks on 1 pages');
    expect(text).toContain('| measured | 2026-11-24 at abc1234 | 2026-11-24 at abc1234 | not measured |');
    expect(text).toContain('| PAN cards |');
  });
});

describe('replaceBetweenMarkers', () => {
  it('replaces only what lies between the markers, and says when they are missing', () => {
    const page = `# A\n\n${reportBegin}\nold\n${reportEnd}\n\nkept`;
    expect(replaceBetweenMarkers(page, 'new')).toBe(`# A\n\n${reportBegin}\nnew\n${reportEnd}\n\nkept`);
    expect(replaceBetweenMarkers('# A', 'new')).toBeNull();
  });
});
