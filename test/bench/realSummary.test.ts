import { describe, expect, it } from 'vitest';
import { formatRealSummary, inventedMarks, realItemOutcome, summarizeReal } from '../../bench/realSummary.ts';

describe('inventedMarks', () => {
  it.each<[string, unknown, number]>([
    ['CITIZEN', 'CITIZEN', 0],
    ['CITIZEN', 'CÍTÏZEN', 2],
    ['SPECIMEN', 'ŞPEÇÏMËN', 4],
    ['ROZÁLIA IRMA', 'ROZÁLIA IRMA', 0],
    // A mark the page prints and the reader drops is a loss, not an invention.
    ['ROZÁLIA IRMA', 'ROZALIA IRMA', 0],
    ['ROZÁLIA IRMA', 'RÖZALIA IRMA', 1],
    // A stroke through a letter is a mark as much as an accent over one; one the page prints is not invented.
    ['LAUREN', 'ŁAUREN', 1],
    ['BJØRNSTAD', 'BJØRNSTAD', 0],
    ['BJØRNSTAD', 'BJORNSTAD', 0],
    ['SIGURDSSON', 'SIGURÐSSON', 1],
    // Base letters differ (a misread too): the surplus of marks counts.
    ['VIRTANEN', 'VÏRTANFN', 1],
    ['ØSTENBYEN', 'ØSTENBYEN', 0],
    ['NAME', undefined, 0],
  ])('%s read as %s: %i', (truth, read, n) => {
    expect(inventedMarks(truth, read)).toBe(n);
  });
});

describe('realItemOutcome and summarizeReal', () => {
  const truth = { surname: 'CITIZEN', given_name: 'JANE', mrz: { line1: 'L1', line2: 'L2', check_digits_valid: true } };
  it('scores each MRZ line apart and counts refusals by code', () => {
    const right = realItemOutcome('a', truth, { kind: 'result', result: { surname: 'CITIZEN', given_name: 'JÄNE', mrz: { line1: 'L1', line2: 'X' } } });
    const refused = realItemOutcome('b', truth, { kind: 'refused', code: 'unreadable_document' });
    expect(right).toMatchObject({ line1: true, line2: false, refused: null, inventedMarks: 1 });
    expect(refused).toMatchObject({ line1: false, line2: false, refused: 'unreadable_document', inventedMarks: 0 });
    const summary = summarizeReal([right, refused]);
    expect(summary.line1).toEqual({ right: 1, total: 2, rate: 0.5 });
    expect(summary.line2.right).toBe(0);
    expect(summary.refused).toEqual({ unreadable_document: 1 });
    expect(summary.itemsWithInventedMarks).toBe(1);
  });

  it('counts a mark once, in the full name, and says which copies carry marks', () => {
    const named = { ...truth, full_name: 'JANE CITIZEN' };
    const read = { surname: 'CITIZEN', given_name: 'JÄNE', full_name: 'JÄNE CITIZEN', mrz: { line1: 'L1', line2: 'L2' } };
    const turned = realItemOutcome('a-rot180', named, { kind: 'result', result: read }, 'rot180');
    expect(turned.inventedMarks).toBe(1);
    const plain = realItemOutcome('a', named, { kind: 'result', result: { ...read, given_name: 'JANE', full_name: 'JANE CITIZEN' } }, 'scan');
    const summary = summarizeReal([turned, plain]);
    expect(summary.inventedByDegradation).toEqual({ rot180: 1 });
    expect(formatRealSummary(summary)).toMatch(/invented diacritics: 1 marks on 1 documents \(rot180 1\)$/);
    expect(formatRealSummary(summarizeReal([plain]))).toMatch(/invented diacritics: 0 marks on 0 documents$/);
  });

  it('counts answers with a name withheld apart from refusals', () => {
    const withheld = realItemOutcome('w', truth, {
      kind: 'result',
      result: { surname: null, given_name: 'JANE', mrz: { line1: null, line2: 'L2' }, warnings: [{ code: 'name_withheld', message: '' }] },
    });
    expect(withheld).toMatchObject({ line1: false, line2: true, refused: null, namesWithheld: true, inventedMarks: 0 });
    const summary = summarizeReal([withheld, realItemOutcome('b', truth, { kind: 'refused', code: 'unreadable_document' })]);
    expect(summary.namesWithheld).toBe(1);
    expect(formatRealSummary(summary)).toMatch(/unreadable_document 1; names withheld: 1;/);
  });

  it('leaves the MRZ line out of a PAN run, whose truths carry no MRZ', () => {
    const pan = realItemOutcome('p', { pan_number: 'ABCDE1234F' }, { kind: 'refused', code: 'invalid_document' });
    expect(pan.scored).toBe(false);
    const text = formatRealSummary(summarizeReal([pan]));
    expect(text).not.toMatch(/MRZ/);
    expect(text).toMatch(/Refused: invalid_document 1/);
    expect(formatRealSummary(summarizeReal([realItemOutcome('a', truth, { kind: 'refused', code: 'x' })]))).toMatch(/^MRZ line 1 exact 0\.0% \(0\/1\)/);
  });
});
