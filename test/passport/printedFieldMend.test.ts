import { describe, expect, it } from 'vitest';
import { parseTd3 } from '../../plugins/passport/mrz/index.ts';
import { mrzCheckDigit } from '../../core/mrz/mrzCheckDigit.ts';
import { countriesFromPrint, mendFieldsFromPrint, numberCellsInDoubt, optionalDataCellsInDoubt, rivalRepairCells, printConflicts, sexFromPrint } from '../../plugins/passport/reconcile/printedFieldMend.ts';

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
  it('takes more than two changes at readable cells only where the recogniser doubted every one', () => {
    // Glare seed 1237101 item 185: the glare's edge over the number left 0057 read `UU97`, no cell washed out.
    const edge = parseTd3([line1, right.replace('J1347012', 'J13U9612')], { now });
    const doubted = Array.from({ length: 44 }, (_, i) => (i >= 3 && i <= 5 ? 0.6 : 1));
    const r = mendFieldsFromPrint(edge, { ...none, passportNumber: 'J1347012' }, { now, confidence: doubted });
    expect(r.lines[1]).toBe(right);
    expect(r.repairs.map((x) => x.position)).toEqual([4, 5, 6]);
    // One of them read sure: three misreadings of the print are as likely as three of the MRZ.
    const oneSure = doubted.map((c, i) => (i === 4 ? 0.999 : c));
    expect(mendFieldsFromPrint(edge, { ...none, passportNumber: 'J1347012' }, { now, confidence: oneSure })).toBe(edge);
  });
  it('takes two fields glare crossed together, each proven by its own check digit, the composite by both', () => {
    // Glare over cells 18-25: the birth date's end, its check digit, the sex and the expiry's start. Alone, neither
    // print copy makes the composite hold while the other field stays misread.
    const l1 = 'P<CZENOWAK<<ALEKSANDR<JIRI<<<<<<<<<<<<<<<<<<';
    const truth = '04062208<6CZE5606131<290724061717355<<<<<<36';
    const glared = parseTd3([l1, '04062208<6CZE56061<5<<<<<24061717355<<<<<<36'], { now });
    const washed = Array.from({ length: 44 }, (_, i) => i >= 18 && i <= 25);
    const print = { passportNumber: '04062208', dateOfBirth: '1956-06-13', expiryDate: '2029-07-24' };
    const r = mendFieldsFromPrint(glared, print, { now, washed, corroborating: print });
    expect(r.lines[1]).toBe(truth);
    expect(r.valid).toBe(true);
    expect(r.repairs).toContainEqual({ field: 'expiry_date', line: 2, position: 22, from: '<', to: '2', reason: 'printed_page' });
    // A print copy its own check digit does not prove takes nothing, though the other field's does.
    const wrong = { ...print, expiryDate: '2029-07-25' };
    expect(mendFieldsFromPrint(glared, wrong, { now, washed, corroborating: wrong }).lines[1]).toBe(glared.lines[1]);
  });
  it("takes the sharper pass's copy where the first pass's is wrong, its O read for 0 as the check digit proves", () => {
    // Glare over the whole number: the classifier's guesses happen to hold its check digit, which proves nothing.
    const l1 = 'P<D<<ZIMMERMANN<HOFFMANN<HOFFMANN<<WOLFGANG<';
    const truth = 'GBMU0RX2B2D<<8111029M3401099688347418<<<<<36';
    const glared = parseTd3([l1, 'UL<J<<<ZB2D<<8111029M3401099688347418<<<<<36'], { now });
    const washed = Array.from({ length: 44 }, (_, i) => i <= 8);
    const first = { ...none, passportNumber: '17VPTPEP' };
    const sharper = { ...none, passportNumber: 'GBMUORX2B' };
    const r = mendFieldsFromPrint(glared, first, { now, washed, corroborating: sharper });
    expect(r.lines[1]).toBe(truth);
    expect(r.repairs.filter((m) => m.reason === 'printed_page').map((m) => m.field)).toContain('document_number');
    // A copy whose Os as zeros break the check digit is not taken.
    expect(mendFieldsFromPrint(glared, first, { now, washed, corroborating: { ...none, passportNumber: 'GBMUORX2D' } }).lines[1]).toBe(glared.lines[1]);
  });
  describe('O and 0 in a document number whose check digits hold', () => {
    // A85OO2532 and A85002532 share every check digit: O (24) at weights 7 and 3 adds 240.
    const l1 = 'P<USAWATANABE<<ZHI<HAO<<<<<<<<<<<<<<<<<<<<<<';
    const ohs = 'A85OO25327USA6510215M3504244<<<<<<<<<<<<<<<2';
    const zeros = 'A850025327USA6510215M3504244<<<<<<<<<<<<<<<2';
    const read = parseTd3([l1, ohs], { now });
    const doubted = (p: number): number[] => Array.from({ length: 44 }, (_, i) => (i === 3 || i === 4 ? p : 0.999));
    it('takes the print where it differs only by O for 0 at cells the recogniser doubted', () => {
      expect(read.valid).toBe(true);
      const r = mendFieldsFromPrint(read, { ...none, passportNumber: 'A85002532' }, { now, confidence: doubted(0.7) });
      expect(r.lines[1]).toBe(zeros);
      expect(r.repairs).toContainEqual({ field: 'document_number', line: 2, position: 4, from: 'O', to: '0', reason: 'printed_page' });
    });
    it('not where the recogniser was sure, nor where the print differs at more than one cell read sure', () => {
      expect(mendFieldsFromPrint(read, { ...none, passportNumber: 'A85002532' }, { now, confidence: doubted(0.995) })).toBe(read);
      expect(mendFieldsFromPrint(read, { ...none, passportNumber: 'A86002582' }, { now, confidence: doubted(0.7) })).toBe(read);
      expect(mendFieldsFromPrint(read, { ...none, passportNumber: 'A85002532' }, { now })).toBe(read);
    });
    it('past one cell the print misread where the recogniser was sure, which stays as the MRZ has it', () => {
      expect(mendFieldsFromPrint(read, { ...none, passportNumber: 'A85002582' }, { now, confidence: doubted(0.7) }).lines[1]).toBe(zeros);
    });
    it('never makes the zeros the MRZ read the Os the print was read with, doubted or not', () => {
      // Seed 1169001 styled-dev 133, a clean scan: E000E4563 read right, one opinion saying O at each 0; the print,
      // read with Os for two of its zeros, made it EO0OE4563 with every check holding (O at weights 3 and 7 adds 240).
      const right = parseTd3(['P<KORPARK<<ZHI<HAO<WEI<<<<<<<<<<<<<<<<<<<<<<', 'E000E45630KOR4011095M3008203<<<<<<<<<<<<<<08'], { now });
      expect(right.valid).toBe(true);
      const unsure = Array.from({ length: 44 }, (_, i) => (i >= 1 && i <= 3 ? 0.6 : 0.999));
      const second = Array.from(right.lines[1], (c, i) => (i >= 1 && i <= 3 ? 'O' : c));
      expect(mendFieldsFromPrint(right, { ...none, passportNumber: 'EO0OE4563' }, { now, confidence: unsure, second })).toBe(right);
      const zerosRead = parseTd3([l1, zeros], { now });
      expect(mendFieldsFromPrint(zerosRead, { ...none, passportNumber: 'A85OO2532' }, { now, confidence: doubted(0.7) })).toBe(zerosRead);
    });
  });
  describe('a letter for a digit worth the same to every check digit', () => {
    // U (30) for 0 changes no check sum at any weight: Z030056U6 holds wherever Z03005606 does.
    const l1 = 'P<NGAADEYEMI<<AMARA<NGOZI<<<<<<<<<<<<<<<<<<<';
    const truth = 'Z030056061NGA7404102F301224618722036<<<<<<76';
    const read = parseTd3([l1, 'Z030056U61NGA7404102F301224618722036<<<<<<76'], { now });
    const doubtedAt7 = Array.from({ length: 44 }, (_, i) => (i === 7 ? 0.5 : 0.999));
    it('takes the print\'s digit at a cell the recogniser doubted, past the print\'s own misread of a sure cell', () => {
      expect(read.valid).toBe(true);
      const r = mendFieldsFromPrint(read, { ...none, passportNumber: '703005606' }, { now, confidence: doubtedAt7 });
      expect(r.lines[1]).toBe(truth);
      expect(r.repairs).toContainEqual({ field: 'document_number', line: 2, position: 8, from: 'U', to: '0', reason: 'printed_page' });
    });
    it('not where the print gives neither a look-alike nor the recogniser\'s runner-up', () => {
      const other = parseTd3([l1, 'Z030056A61NGA7404102F301224618722036<<<<<<76'], { now });
      expect(mendFieldsFromPrint(other, { ...none, passportNumber: 'Z03005606' }, { now, confidence: doubtedAt7 })).toBe(other);
      const second = Array.from(other.lines[1], (c, i) => (i === 7 ? '0' : c));
      expect(mendFieldsFromPrint(other, { ...none, passportNumber: 'Z03005606' }, { now, confidence: doubtedAt7, second }).lines[1]).toBe(truth);
    });
  });
});

describe('countriesFromPrint', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const misread = parseTd3(['P<FBAHADDAD<<LAYLA<HUDA<<<<<<<<<<<<<<<<<<<<<', '07SK778531FRA0706221F2705273<<<<<<<<<<<<<<06'], { now });
  it('takes the printed code one letter from an MRZ code that is no country\'s, recorded', () => {
    const mended = countriesFromPrint(misread, { issuingState: null, nationality: null, countryCodes: ['FRA'] }, now);
    expect(mended.lines[0]).toBe('P<FRAHADDAD<<LAYLA<HUDA<<<<<<<<<<<<<<<<<<<<<');
    expect(mended.fields.issuingState.value).toBe('FRA');
    expect(mended.repairs).toContainEqual({ field: 'issuing_state', line: 1, position: 4, from: 'B', to: 'R', reason: 'printed_page' });
  });
  it('takes nothing from two candidates, two letters away, or a code read under its label that is far', () => {
    // FBA is one letter from FRA and from XBA (a code ICAO lists): printed both, neither is proven.
    expect(countriesFromPrint(misread, { issuingState: null, nationality: null, countryCodes: ['FRA', 'XBA'] }, now)).toBe(misread);
    expect(countriesFromPrint(misread, { issuingState: null, nationality: null, countryCodes: ['ESP', 'BFA'] }, now)).toBe(misread);
    // The labelled code decides over codes elsewhere on the page.
    expect(countriesFromPrint(misread, { issuingState: 'ESP', nationality: null, countryCodes: ['FRA'] }, now)).toBe(misread);
  });
  it('leaves a known code alone', () => {
    const read = parseTd3(['P<FRAHADDAD<<LAYLA<HUDA<<<<<<<<<<<<<<<<<<<<<', '07SK778531FRA0706221F2705273<<<<<<<<<<<<<<06'], { now });
    expect(countriesFromPrint(read, { issuingState: 'FRA', nationality: 'ESP', countryCodes: ['ESP'] }, now)).toBe(read);
  });
});

describe('sexFromPrint', () => {
  const withSex = (sex: string) => parseTd3(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', `L898902C36UTO7408122${sex}1204159ZE184226B<<<<<10`], { now });
  it('takes the printed sex for a cell that holds no sex code, recorded', () => {
    const mended = sexFromPrint(withSex('7'), ['F', 'F'], now);
    expect(mended.fields.sex.value).toBe('F');
    expect(mended.lines[1][20]).toBe('F');
    expect(mended.repairs.at(-1)).toMatchObject({ field: 'sex', position: 21, from: '7', to: 'F', reason: 'printed_page' });
    expect(sexFromPrint(withSex('7'), ['X', null], now).lines[1][20]).toBe('<');
  });
  it('leaves a sex code the MRZ holds, and a cell the passes read differently or not at all', () => {
    const held = withSex('M');
    expect(sexFromPrint(held, ['F'], now)).toBe(held);
    const unread = withSex('7');
    expect(sexFromPrint(unread, ['F', 'M'], now)).toBe(unread);
    expect(sexFromPrint(unread, [null, undefined], now)).toBe(unread);
  });
});

describe('printConflicts', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  // Expiry read 131122 for the printed 28.11.2033 (331128): the check digit 2 and the composite hold either way.
  const misread = parseTd3(['P<INDSINGH<<SURESH<ARJUN<<<<<<<<<<<<<<<<<<<<', 'T1550481<9IND7206096M1311222<<<<<<<<<<<<<<02'], { now });
  const print = { passportNumber: 'T1550481', dateOfBirth: '1972-06-09', expiryDate: '2033-11-28' };
  it('names a checked field the print, read alike twice, gives another value holding the same checks', () => {
    expect(misread.checks.expiry_date && misread.checks.composite).toBe(true);
    expect(printConflicts(misread, print, print, now)).toEqual(['expiry_date']);
  });
  it('names nothing on one reading of the print, two readings that differ, or a print that breaks a check', () => {
    expect(printConflicts(misread, print, null, now)).toEqual([]);
    expect(printConflicts(misread, print, { ...print, expiryDate: '2033-11-29' }, now)).toEqual([]);
    const far = { ...print, expiryDate: '2033-11-27' };
    expect(printConflicts(misread, far, far, now)).toEqual([]);
    const right = parseTd3(['P<INDSINGH<<SURESH<ARJUN<<<<<<<<<<<<<<<<<<<<', 'T1550481<9IND7206096M3311282<<<<<<<<<<<<<<02'], { now });
    expect(printConflicts(right, print, print, now)).toEqual([]);
  });
  it('names nothing where the print holds the checks only once the parser repairs it', () => {
    // Z4032108 printed in a face whose Z reads as 7: 74032108 holds the check digit as 74Q32108 only.
    const mrz = parseTd3(['P<CHEMERCIER<<JEAN<<<<<<<<<<<<<<<<<<<<<<<<<<<', 'Z4032108<9CHE9208061M2902119<<<<<<<<<<<<<<06'], { now });
    expect(mrz.checks.document_number && mrz.checks.composite).toBe(true);
    const seven = { passportNumber: '74032108', dateOfBirth: '1992-08-06', expiryDate: '2029-02-11' };
    expect(printConflicts(mrz, seven, seven, now)).toEqual([]);
  });
  it('names nothing where the print differs only by look-alike digits for letters the MRZ recogniser was sure of', () => {
    // Seed 1021001 styled-dev 131: ZS4532658 printed, read `254532658` by both passes; Z for 2 and S for 5 leave the
    // check digit (4) and the composite as they were, and the reading came back with check_digits_valid false.
    const mrz = parseTd3(['P<KENTHOMPSON<FITZGERALD<DAVIES<MCALLISTER<<', 'ZS45326584XXB0812102M300530539359730555<<<66'], { now });
    const print = { passportNumber: '254532658', dateOfBirth: '2008-12-10', expiryDate: '2030-05-30' };
    const sure = Array.from({ length: 44 }, () => 0.999);
    expect(printConflicts(mrz, print, print, now, sure)).toEqual([]);
    // Where it doubted the S, the print's 5 is a second reading of that cell.
    const doubtedS = sure.map((c, i) => (i === 1 ? 0.9 : c));
    expect(printConflicts(mrz, print, print, now, doubtedS)).toEqual(['document_number']);
    expect(printConflicts(mrz, print, print, now)).toEqual(['document_number']);
    // O and 0 are near alike in OCR-B: a print that reads 0 for the MRZ's O is a second reading however sure it was.
    const withO = parseTd3(['P<KENTHOMPSON<FITZGERALD<DAVIES<MCALLISTER<<', 'ZZZOO01105ARG1211018F260618399999999<<<<<<86'], { now });
    const zeros = { passportNumber: 'ZZZ000110', dateOfBirth: '2012-11-01', expiryDate: '2026-06-18' };
    expect(withO.checks.document_number && withO.checks.composite).toBe(true);
    expect(printConflicts(withO, zeros, zeros, now, sure)).toEqual(['document_number']);
  });
});

/** A TD3 line 2 from its first 43 cells, with the composite check digit computed. */
const withComposite = (head: string): string => `${head}${mrzCheckDigit(head.slice(0, 10) + head.slice(13, 20) + head.slice(21, 43))}`;
/** Line 2 read sure everywhere. */
const sure = Array.from({ length: 44 }, () => 0.999);
/** Line 2's confidences and runners-up with the given cells doubted (0.6), each with its runner-up. */
const doubting = (cells: Record<number, string>) => ({
  confidence: sure.map((c, i) => (i in cells ? 0.6 : c)),
  second: Array.from({ length: 44 }, (_, i) => cells[i] ?? ''),
});

describe('numberCellsInDoubt', () => {
  /** A TD3 line 2 for a document number, every check digit computed. */
  const line2For = (number: string): string => withComposite(`${number}${mrzCheckDigit(number)}IND4310237M2904294<<<<<<<<<<<<<<<`);
  // O at weights 7 and 3 (cells 3 and 4) is worth 24 × 10 more than 0 there: both numbers hold every check.
  const oh = parseTd3([line1, line2For('XN5OO4216')], { now });

  it('puts in doubt look-alikes the recogniser doubted whose swap every check digit holds as well', () => {
    expect(oh.valid).toBe(true);
    // The same check digit and composite over either number.
    expect(line2For('XN5004216').slice(9)).toBe(line2For('XN5OO4216').slice(9));
    const { confidence, second } = doubting({ 3: '0', 4: '0' });
    expect(numberCellsInDoubt(oh, [null, null], confidence, second, now)).toEqual([3, 4]);
  });
  it('trusts cells read sure, and a number the print spells as read but at an O', () => {
    const { confidence, second } = doubting({ 3: '0', 4: '0' });
    expect(numberCellsInDoubt(oh, [null, null], sure, second, now)).toEqual([]);
    // Argentina's ZZZ000110 under glare: the MRZ and OCR of the print both read ZZZOO0110. OCR reads print's 0
    // among letters as O: its O is no witness against a 0.
    expect(numberCellsInDoubt(oh, [null, 'XN5OO4216'], confidence, second, now)).toEqual([3, 4]);
    // Its other letters it tells from their look-alike digits: a G and a 6 that every check holds alike.
    const gee = parseTd3([line1, line2For('XN5G04216')], { now });
    const six = doubting({ 3: '6' });
    expect(numberCellsInDoubt(gee, [null, 'XN5G04216'], six.confidence, six.second, now)).toEqual([]);
    expect(numberCellsInDoubt(gee, [null, null], six.confidence, six.second, now)).toEqual([3]);
  });
  it('leaves a swap the check digit sees, and a runner-up that is no look-alike', () => {
    // One O alone changes the sum by 24 × 7: the check digit tells it.
    expect(numberCellsInDoubt(oh, [null, null], doubting({ 3: '0' }).confidence, doubting({ 3: '0' }).second, now)).toEqual([]);
    const { confidence, second } = doubting({ 3: 'C', 4: '0' });
    expect(numberCellsInDoubt(oh, [null, null], confidence, second, now)).toEqual([]);
  });
  it('keeps doubted digits whose runner-up letters would hold as well: numbers are mostly digits', () => {
    const zeros = parseTd3([line1, line2For('XN5004216')], { now });
    const { confidence, second } = doubting({ 3: 'O', 4: 'O' });
    expect(numberCellsInDoubt(zeros, [null, null], confidence, second, now)).toEqual([]);
  });
  it('puts in doubt a U read for a 0 alone: U is worth 30', () => {
    const you = parseTd3([line1, line2For('Z0300560U')], { now });
    const { confidence, second } = doubting({ 8: '0' });
    expect(numberCellsInDoubt(you, [null, null], confidence, second, now)).toEqual([8]);
  });
  it('puts in doubt a letter whose runner-up is a letter worth the same modulo 10, and no other letter', () => {
    // A Liberation Mono MRZ (a face never trained on), tilted: XRBPWDFF0 read `XRBPWDPF0`, the P at 0.85 with F
    // second. F is 15 and P 25: the number's check digit and the composite hold over either.
    const pee = parseTd3([line1, line2For('XRBPWDPF0')], { now });
    expect(line2For('XRBPWDFF0').slice(9)).toBe(line2For('XRBPWDPF0').slice(9));
    const eff = doubting({ 6: 'F' });
    expect(numberCellsInDoubt(pee, [null, null], eff.confidence, eff.second, now)).toEqual([6]);
    // R (27) for P: the check digit sees it. And read sure, or spelled so by the print, the P stands.
    const arr = doubting({ 6: 'R' });
    expect(numberCellsInDoubt(pee, [null, null], arr.confidence, arr.second, now)).toEqual([]);
    expect(numberCellsInDoubt(pee, [null, null], sure, eff.second, now)).toEqual([]);
    expect(numberCellsInDoubt(pee, ['XRBPWDPF0', null], eff.confidence, eff.second, now)).toEqual([]);
  });
  it('puts in doubt a G read for a 6 alone: G is worth 16', () => {
    const gee = parseTd3([line1, line2For('XN5G04216')], { now });
    const { confidence, second } = doubting({ 3: '6' });
    expect(numberCellsInDoubt(gee, [null, null], confidence, second, now)).toEqual([3]);
  });
});

describe('optionalDataCellsInDoubt', () => {
  /** A TD3 line 2 for optional data (14 cells), every check digit computed. */
  const line2For = (optional: string): string => {
    const data = optional.padEnd(14, '<');
    return withComposite(`M0849366<0AUS4305024M2501291${data}${mrzCheckDigit(data)}`);
  };
  // Glare over a generated page read the optional data's first 0 as U (0.6, runner-up 0): U is worth 30, so the
  // optional data's check and the composite hold over either.
  const you = parseTd3([line1, line2For('1U9102890')], { now });

  it('puts in doubt a U whose runner-up, 0, holds every check as well', () => {
    expect(you.valid).toBe(true);
    expect(line2For('109102890').slice(42)).toBe(line2For('1U9102890').slice(42));
    const { confidence, second } = doubting({ 29: '0' });
    expect(optionalDataCellsInDoubt(you, confidence, second, now)).toEqual([29]);
  });
  it('keeps a letter read sure, a runner-up that is no look-alike, and a swap the check digit sees', () => {
    // The U before the digits, not between two of them: a letter that may be printed.
    const leading = parseTd3([line1, line2For('U19102890')], { now });
    expect(optionalDataCellsInDoubt(leading, sure, doubting({ 28: '0' }).second, now)).toEqual([]);
    expect(optionalDataCellsInDoubt(leading, doubting({ 28: 'V' }).confidence, doubting({ 28: 'V' }).second, now)).toEqual([]);
    // A Finnish personal code's closing letter; O for 0 alone changes the sum by 24 × 7.
    const oh = parseTd3([line1, line2For('211271<426O')], { now });
    expect(optionalDataCellsInDoubt(oh, doubting({ 38: '0' }).confidence, doubting({ 38: '0' }).second, now)).toEqual([]);
  });
  it('puts in doubt O among digits alone read sure, where the swaps cancel: a round 0 reads O at full confidence', () => {
    // Seed 1039001 styled-dev 173, under glare: 008759211 read `OO8759211`, both cells at 1.0, both checks holding.
    const ohs = parseTd3([line1, line2For('OO8759211')], { now });
    expect(ohs.valid).toBe(true);
    expect(line2For('008759211').slice(42)).toBe(line2For('OO8759211').slice(42));
    expect(optionalDataCellsInDoubt(ohs, sure, doubting({}).second, now)).toEqual([28, 29]);
    // Beside a letter the field is no run of digits, and an O there may be printed.
    const lettered = parseTd3([line1, line2For('AOO759211')], { now });
    expect(optionalDataCellsInDoubt(lettered, sure, doubting({}).second, now)).toEqual([]);
  });
  it('puts in doubt a U, G or L between two digits read sure: each worth its look-alike digit modulo 10', () => {
    // Seed 989001 styled-dev 25 under glare, read by a CNN that knows other faces: 109102890 as `1U9102890`, U at 1.0.
    expect(optionalDataCellsInDoubt(you, sure, doubting({}).second, now)).toEqual([29]);
    const gee = parseTd3([line1, line2For('3G1<L57')], { now });
    expect(gee.valid).toBe(true);
    // The L follows a filler: not between two digits.
    expect(optionalDataCellsInDoubt(gee, sure, doubting({}).second, now)).toEqual([29]);
    // The document number has a print copy to settle its letters, and numbers carry letters between digits (`C01X00T47`).
    const number = parseTd3([line1, withComposite(`B971838G6${mrzCheckDigit('B971838G6')}UTO0111126<3302082<<<<<<<<<<<<<<<`)], { now });
    expect(number.valid).toBe(true);
    expect(numberCellsInDoubt(number, [null], sure, doubting({}).second, now)).toEqual([]);
  });
});

describe('rivalRepairCells', () => {
  const utopia = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
  // Optional data 64062712 misread 94062712: its check fails. Either the 6 back (cell 28) or a Z for the 2 at cell
  // 32 mends it: +3 at weight 7 and +33 at weight 3 (120) cancel in the optional data's check and the composite alike.
  const printedAs = 'L898902C36UTO7408122F120415964062712<<<<<<22';
  const misread = 'L898902C36UTO7408122F120415994062712<<<<<<22';
  const rival = 'L898902C36UTO7408122F12041599406Z712<<<<<<22';
  const cells = doubting({ 28: '6', 32: 'Z' });
  const repaired = parseTd3([utopia, misread], { now, alternatives: [[], cells.second], confidence: [sure, cells.confidence] });

  it('puts in doubt a check-digit repair another doubted cell mends as well, every check holding', () => {
    expect(parseTd3([utopia, printedAs], { now }).valid).toBe(true);
    // The repair takes the look-alike Z: valid, and wrong.
    expect(repaired.lines[1]).toBe(rival);
    expect(repaired.valid).toBe(true);
    expect(repaired.repairs).toContainEqual({ field: 'optional_data', line: 2, position: 33, from: '2', to: 'Z', reason: 'check_digit' });
    expect(rivalRepairCells(repaired, [null], cells.confidence, cells.second, now)).toEqual([28, 32]);
  });
  it('leaves a repair with no rival: the other cell read sure, or its runner-up mending nothing', () => {
    const sureElsewhere = doubting({ 32: 'Z' });
    expect(rivalRepairCells(repaired, [null], sureElsewhere.confidence, sureElsewhere.second, now)).toEqual([]);
    const offRunnerUp = doubting({ 28: '5', 32: 'Z' });
    expect(rivalRepairCells(repaired, [null], offRunnerUp.confidence, offRunnerUp.second, now)).toEqual([]);
  });
  it('says nothing of a reading no check-digit repair made', () => {
    const read = parseTd3([utopia, rival], { now });
    expect(read.repairs).toEqual([]);
    expect(rivalRepairCells(read, [null], cells.confidence, cells.second, now)).toEqual([]);
  });
  it('is settled by a printed copy that spells the repaired field as read', () => {
    // L898902C3 read LB98902C3: the 8 for the B (cell 1) mends the number's check, and so would a 6 for the 0 at cell
    // 4 (LB9860...), the runner-up there: the look-alike is taken, and both cells are in doubt until the print says.
    const number = doubting({ 1: '8', 4: '6' });
    const read = parseTd3([utopia, 'LB98902C36UTO7408122F1204159ZE184226B<<<<<10'], { now, alternatives: [[], number.second], confidence: [sure, number.confidence] });
    expect(read.lines[1]).toBe('L898902C36UTO7408122F1204159ZE184226B<<<<<10');
    expect(rivalRepairCells(read, [null], number.confidence, number.second, now)).toEqual([1, 4]);
    const print = { passportNumber: 'L898902C3', dateOfBirth: null, expiryDate: null };
    expect(rivalRepairCells(read, [null, print], number.confidence, number.second, now)).toEqual([]);
    expect(rivalRepairCells(read, [{ ...print, passportNumber: 'LB98602C3' }], number.confidence, number.second, now)).toEqual([1, 4]);
  });
});
