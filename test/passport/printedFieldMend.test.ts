import { describe, expect, it } from 'vitest';
import { parseTd3 } from '../../plugins/passport/mrz/index.ts';
import { mendFieldsFromPrint } from '../../plugins/passport/printedFieldMend.ts';

const now = new Date('2026-11-22T00:00:00Z');
const line1 = 'P<INDAGARWAL<<PRANAV<<<<<<<<<<<<<<<<<<<<<<<<';
const right = 'J1347012<1IND4310237M2904294<<<<<<<<<<<<<<<8';
const misread = 'J1347012<1IND4310237M2904494<<<<<<<<<<<<<<<8';
const none = { passportNumber: null, dateOfBirth: null, expiryDate: null };

describe('mendFieldsFromPrint', () => {
  const parse = parseTd3([line1, misread], { now });
  it('takes a failing MRZ date from the printed page when its check digit and the composite then hold', () => {
    expect(parse.checks.expiry_date).toBe(false);
    const r = mendFieldsFromPrint(parse, { ...none, expiryDate: '2029-04-29' }, { now });
    expect(r.lines[1]).toBe(right);
    expect(r.valid).toBe(true);
    expect(r.repairs).toContainEqual({ field: 'expiry_date', line: 2, position: 26, from: '4', to: '2', reason: 'printed_page' });
  });
  it('changes nothing when the printed copy does not satisfy the check digits', () => {
    expect(mendFieldsFromPrint(parse, { ...none, expiryDate: '2029-04-28' }, { now })).toBe(parse);
  });
  it('never touches a field whose check digit holds', () => {
    const ok = parseTd3([line1, right], { now });
    expect(mendFieldsFromPrint(ok, { ...none, passportNumber: 'J1347O12', dateOfBirth: '1943-10-24' }, { now })).toBe(ok);
  });
});
