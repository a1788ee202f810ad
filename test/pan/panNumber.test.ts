import { describe, expect, it } from 'vitest';
import { candidateRank, decomposePan, isValidPan, panCandidatesInLine, repairPan } from '../../plugins/pan/panNumber.ts';

describe('repairPan', () => {
  it.each([
    ['ABCPK1234F', 'ABCPK1234F', []],
    ['abcpk 1234f', 'ABCPK1234F', []],
    ['A8CPK1234F', 'ABCPK1234F', [2]],
    ['ABCPK12S4F', 'ABCPK1254F', [8]],
    ['0BCPK1234F', 'OBCPK1234F', [1]],
    ['ABCP51234F', 'ABCPS1234F', [5]],
    ['ABCPKIO34F', 'ABCPK1034F', [6, 7]],
    ['ABCPKB2S4F', 'ABCPK8254F', [6, 8]],
  ])('%s reads as %s, repairing positions %j', (raw, pan, positions) => {
    const outcome = repairPan(raw);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.pan).toBe(pan);
    expect(outcome.repairs.map((r) => r.position)).toEqual(positions);
  });

  it('records what each repair changed and why', () => {
    const outcome = repairPan('ABCPKI234F');
    expect(outcome).toEqual({ ok: true, pan: 'ABCPK1234F', repairs: [{ position: 6, from: 'I', to: '1', reason: 'digit_expected' }] });
  });

  it('never computes the 10th character: a letter there is kept whatever it is', () => {
    for (const check of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      const outcome = repairPan(`ABCPK1234${check}`);
      expect(outcome.ok && outcome.pan).toBe(`ABCPK1234${check}`);
      expect(outcome.ok && outcome.repairs).toEqual([]);
    }
  });

  it('repairs a digit at the 10th position only by its look-alike letter, never by a computed one', () => {
    const outcome = repairPan('ABCPK12345');
    expect(outcome.ok && outcome.pan).toBe('ABCPK1234S');
    expect(outcome.ok && outcome.repairs).toEqual([{ position: 10, from: '5', to: 'S', reason: 'letter_expected' }]);
    // 3 and 9 look like no letter: the PAN is refused rather than completed.
    expect(repairPan('ABCPK12343')).toEqual({ ok: false, reason: 'unrepairable' });
    expect(repairPan('ABCPK12349')).toEqual({ ok: false, reason: 'unrepairable' });
  });

  it.each([
    ['ABCPK1234', 'length'],
    ['ABCPK1234FF', 'length'],
    ['XXXXXXXXXX', 'blank_template'],
    ['ABCQK1234F', 'unknown_holder_type'],
    ['ABCDK1234F', 'unknown_holder_type'],
    ['ABCPKXY34F', 'unrepairable'],
  ])('%s is refused (%s)', (raw, reason) => {
    expect(repairPan(raw)).toMatchObject({ ok: false, reason });
  });
});

describe('isValidPan and decomposePan', () => {
  it('decomposes a PAN exactly as SPEC.md 2.2 lays it out', () => {
    expect(decomposePan('AAAPL1234C')).toEqual({
      series: 'AAA',
      holder_type_code: 'P',
      holder_type: 'Individual',
      name_initial: 'L',
      sequence: '1234',
      check_digit: 'C',
    });
  });

  it('validates the format without repairs', () => {
    expect(isValidPan('AAAPL1234C')).toBe(true);
    expect(isValidPan('AAAPL1234')).toBe(false);
    expect(isValidPan('AAAQL1234C')).toBe(false);
    expect(isValidPan('AAAPL12345')).toBe(false);
    expect(() => decomposePan('AAAPL12345')).toThrow();
    expect(decomposePan('AAAQL1234C').holder_type).toBeNull();
  });
});

describe('panCandidatesInLine', () => {
  it('finds a PAN split by a space and ranks the clean reading first', () => {
    const [best] = panCandidatesInLine('ABCPK 1234F');
    expect(best?.outcome.ok && best.outcome.pan).toBe('ABCPK1234F');
  });

  it('drops one stray character from an 11-character run, at a cost', () => {
    const found = panCandidatesInLine('RMUBGS5576P');
    const valid = found.filter((c) => c.outcome.ok);
    expect(valid.some((c) => c.outcome.ok && c.outcome.pan === 'RMUBG5576P' && c.dropped === 6)).toBe(true);
    expect(Math.min(...valid.map(candidateRank))).toBeGreaterThanOrEqual(1.5);
  });

  it.each([
    ['DJIXGK7821T', 'DJXGK7821T'],
    ['JHJIPN9678O', 'JHJPN9678O'],
  ])('takes the thin stroke after a J in %s for the stray, not a printed letter', (line, pan) => {
    const [best] = panCandidatesInLine(line).filter((c) => c.outcome.ok);
    expect(best?.outcome.ok && best.outcome.pan).toBe(pan);
  });

  it('takes a bar OCR gave for a glyph as a stroke, at a cost, and a bar beside the PAN as noise', () => {
    const [best] = panCandidatesInLine('XPEPJ4249|').filter((c) => c.outcome.ok);
    expect(best?.outcome.ok && best.outcome.pan).toBe('XPEPJ4249I');
    expect(best?.barsRead).toBe(1);
    expect(best && candidateRank(best)).toBe(2);
    const [clean] = panCandidatesInLine('| ABCPK1234F |');
    expect(clean?.outcome.ok && clean.outcome.pan).toBe('ABCPK1234F');
    expect(clean && candidateRank(clean)).toBe(0);
  });

  it('ranks refusals after every valid reading', () => {
    expect(candidateRank({ raw: 'XXXXXXXXXX', outcome: repairPan('XXXXXXXXXX'), dropped: null })).toBeGreaterThan(10);
  });
});
