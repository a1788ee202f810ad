import { describe, expect, it } from 'vitest';
import { parseTd3 } from '../../plugins/passport/mrz/index.ts';
import { mendFieldsFromPrint, printMayRivalMrz } from '../../plugins/passport/printedFieldMend.ts';

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

  describe('a field whose check digit glare washed out too', () => {
    // Glare over the expiry and its check digit (cells 24-28): the classifier's guesses there, the rest read right.
    const glared = 'J1347012<1IND4310237M29G5S17<<<<<<<<<<<<<<<8';
    const washed = Array.from({ length: 44 }, (_, i) => i >= 23 && i <= 27);
    const guessed = parseTd3([line1, glared], { now });
    const print = { ...none, expiryDate: '2029-04-29' };

    it('takes the print and the check digit it computes to when a second reading agrees and the composite holds', () => {
      const r = mendFieldsFromPrint(guessed, print, { now, washed, corroborating: print });
      expect(r.lines[1]).toBe(right);
      expect(r.valid).toBe(true);
      expect(r.repairs).toContainEqual({ field: 'expiry_date_check', line: 2, position: 28, from: '7', to: '4', reason: 'printed_twice' });
      expect(r.repairs.filter((m) => m.reason === 'printed_twice').map((m) => m.position)).toEqual([24, 25, 26, 27, 28]);
    });
    it('takes nothing the print alone says, nor what two readings say alike when the composite is washed too', () => {
      expect(mendFieldsFromPrint(guessed, print, { now, washed })).toBe(guessed);
      expect(mendFieldsFromPrint(guessed, print, { now, washed, corroborating: { ...none, expiryDate: '2029-04-28' } })).toBe(guessed);
      const compositeToo = washed.map((w, i) => w || i === 43);
      expect(mendFieldsFromPrint(guessed, print, { now, washed: compositeToo, corroborating: print })).toBe(guessed);
    });
    it('takes nothing when a cell glare left readable says otherwise than the print', () => {
      // The year's cells are readable and read 28: a print of 2029 (read alike twice) is not taken over them.
      const otherYear = parseTd3([line1, 'J1347012<1IND4310237M28G5S17<<<<<<<<<<<<<<<8'], { now });
      const wider = Array.from({ length: 44 }, (_, i) => i >= 23 && i <= 27);
      expect(mendFieldsFromPrint(otherYear, print, { now, washed: wider, corroborating: print })).toBe(otherYear);
    });
  });
  it('takes more than two changes where glare washed the cells, though a cell at its edge kept a (wrong) reading', () => {
    // Cells 23-26 changed; 24-26 washed out, 23 at the glare's edge read as 1; the check digit is readable.
    const edge = parseTd3([line1, `J1347012<1IND4310237M${'21G5S9'}4${'<'.repeat(15)}8`], { now });
    const washed = Array.from({ length: 44 }, (_, i) => i >= 23 && i <= 25);
    const r = mendFieldsFromPrint(edge, { ...none, expiryDate: '2029-04-29' }, { now, washed });
    expect(r.lines[1]).toBe(right);
    // Three changes on readable cells are a misreading too many.
    expect(mendFieldsFromPrint(edge, { ...none, expiryDate: '2029-04-29' }, { now, washed: washed.map(() => false) })).toBe(edge);
  });

  describe('a valid field the print rivals', () => {
    // 13GI34001 read with O for both zeros at weights 7 and 3: 24 x 10 = 240 leaves every check digit as it was.
    const frLine1 = 'P<FRAMARTIN<<CLAIRE<<<<<<<<<<<<<<<<<<<<<<<<<';
    const truthLine2 = '13GI340012FRA6504290M3506259<<<<<<<<<<<<<<<8';
    const swapped = parseTd3([frLine1, '13GI34OO12FRA6504290M3506259<<<<<<<<<<<<<<<8'], { now });
    const printed = { ...none, passportNumber: '13GI34001' };
    const sureness = (atSeven: number, atEight: number): number[] => Array.from({ length: 44 }, (_, i) => (i === 6 ? atSeven : i === 7 ? atEight : 1));

    it('takes the print where the recogniser doubted every cell that differs, both readings satisfying the checks', () => {
      expect(swapped.valid).toBe(true);
      const r = mendFieldsFromPrint(swapped, printed, { now, confidence: sureness(0.95, 0.9) });
      expect(r.lines[1]).toBe(truthLine2);
      expect(r.repairs).toContainEqual({ field: 'document_number', line: 2, position: 7, from: 'O', to: '0', reason: 'printed_page' });
    });
    it('asks two alike readings of the print where the recogniser was all but sure, and never overrules a sure one', () => {
      expect(mendFieldsFromPrint(swapped, printed, { now, confidence: sureness(0.993, 0.988) })).toBe(swapped);
      expect(mendFieldsFromPrint(swapped, printed, { now, confidence: sureness(0.993, 0.988), corroborating: printed }).lines[1]).toBe(truthLine2);
      expect(mendFieldsFromPrint(swapped, printed, { now, confidence: sureness(1, 0.9), corroborating: printed })).toBe(swapped);
      expect(mendFieldsFromPrint(swapped, printed, { now, corroborating: printed })).toBe(swapped);
    });
    it('takes no print that does not satisfy the checks, from either reading', () => {
      const other = { ...none, passportNumber: '13GI34002' };
      expect(mendFieldsFromPrint(swapped, other, { now, confidence: sureness(0.5, 0.5), corroborating: other })).toBe(swapped);
      // The second reading alone holds the rival that satisfies them.
      expect(mendFieldsFromPrint(swapped, other, { now, confidence: sureness(0.5, 0.5), corroborating: printed }).lines[1]).toBe(truthLine2);
    });
    it('asks for a second reading of the print when a valid field has doubted cells the first reading does not confirm', () => {
      expect(printMayRivalMrz(swapped, none, sureness(0.95, 1))).toBe(true);
      expect(printMayRivalMrz(swapped, { ...none, passportNumber: '13GI34OO1' }, sureness(0.95, 1))).toBe(false);
      expect(printMayRivalMrz(swapped, none, sureness(1, 1))).toBe(false);
    });
  });
});

