import { describe, expect, it } from 'vitest';
import { parseTd3 } from '../../plugins/passport/mrz/index.ts';
import { mendFieldsFromPrint } from '../../plugins/passport/reconcile/printedFieldMend.ts';
import { agreeingNameCopy, layoutWhereWashed, fillWashedFromPrint, issuingStateBesideNationality, unconfirmedWashedCells, washedCellsInDoubt, washedInGivenNames, withDroppedSeconds } from '../../plugins/passport/reconcile/washedCells.ts';
import { verdictForDoubt } from '../../plugins/passport/refusal.ts';
import { decodePassport } from '../../plugins/passport/reconcile/decodePassport.ts';
import { endsAtStroke, uncheckedOf, untilTexture } from '../../plugins/passport/reconcile/decodeReadings.ts';

const now = new Date('2026-11-22T00:00:00Z');
const truth = ['P<INDTHAKUR<PATEL<<KAVYA<ANANYA<<<<<<<<<<<<<', 'B9612495<5IND7407044F3102123<<<<<<<<<<<<<<04'] as const;
// Glare over the start of both lines: the classifier's guesses there, the rest read right.
const read = ['M<<U<THAKUR<PATEL<<KAVYA<ANANYA<<<<<<<<<<<<<', 'L<<<S<95<5IND7407044F3102123<<<<<<<<<<<<<<04'] as const;
const washedFirst = (n: number): boolean[] => Array.from({ length: 44 }, (_, i) => i < n);
const washed = [washedFirst(5), washedFirst(6)];
const printed = {
  passportNumber: 'B9612495',
  dateOfBirth: '1974-07-04',
  expiryDate: '2031-02-12',
  sex: 'F',
  nationality: 'IND',
  issuingState: 'IND',
  documentType: 'P',
  mrzName: 'THAKUR<PATEL<<KAVYA<ANANYA',
};

describe('cells washed out by glare', () => {
  it('gives line 1 its document code P, the only one a passport has, recorded', () => {
    const parse = layoutWhereWashed(parseTd3([...read], { now }), washed, now);
    expect(parse.lines[0][0]).toBe('P');
    expect(parse.repairs).toContainEqual({ field: 'document_code', line: 1, position: 1, from: 'M', to: 'P', reason: 'washed_out' });
    const clear = parseTd3([...truth], { now });
    expect(layoutWhereWashed(clear, [washedFirst(0), washedFirst(0)], now)).toBe(clear);
  });

  it('fills a document number from the print past the two-change limit only where glare washed the cells out', () => {
    const parse = parseTd3([truth[0], read[1]], { now });
    const filled = mendFieldsFromPrint(parse, printed, { now, washed: washed[1] });
    expect(filled.lines[1]).toBe(truth[1]);
    expect(filled.valid).toBe(true);
    // The same cells not washed out: six changes are more than a misread, and nothing changes.
    expect(mendFieldsFromPrint(parse, printed, { now, washed: washedFirst(0) })).toBe(parse);
  });

  it('fills the type and issuing state from their printed copies only when every readable cell agrees', () => {
    const parse = layoutWhereWashed(parseTd3([...read], { now }), washed, now);
    expect(fillWashedFromPrint(parse, washed, printed, now).lines[0]).toBe(truth[0]);
    // Glare left the issuing state's last cell readable, and it says otherwise: the print is not taken.
    const partly = [washedFirst(4), washed[1]!];
    const other = parseTd3(['P<<UA' + truth[0].slice(5), truth[1]], { now });
    expect(fillWashedFromPrint(other, partly, printed, now).lines[0].slice(2, 5)).toBe('<UA');
  });

  it('fills washed name, nationality and sex cells from the print, the readable cells agreeing', () => {
    const mid = ['P<FRALEFEVRE<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<', '17UV605499FRJ<<<<<<0H3212194<<<<<<<<<<<<<<04'] as const;
    const spot = Array.from({ length: 44 }, (_, i) => i >= 12 && i <= 20);
    const print = { ...printed, nationality: 'FRA', sex: 'M', issuingState: 'FRA', mrzName: 'LEFEVRE<<REMI' };
    const filled = fillWashedFromPrint(parseTd3([...mid], { now }), [spot, spot], print, now);
    expect(filled.lines[0]).toBe('P<FRALEFEVRE<<REMI<<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect(filled.lines[1].slice(10, 21)).toBe('FRA<<<<<<0M');
    // A printed name that disagrees with a readable cell (the surname's) fills nothing.
    expect(fillWashedFromPrint(parseTd3([...mid], { now }), [spot, spot], { ...print, mrzName: 'LEFEBVRE<<REMI' }, now).lines[0]).toBe(mid[0]);
  });

  it('fills washed name cells from a copy whose OCR dropped a mark that makes two MRZ letters, the readable cells saying so', () => {
    // Seed 1151001 styled-dev 18 (glare over CHMIDT): the print read UEBELHOR and JORG for ÜBELHÖR and JÖRG.
    const glared = ['P<D<<BAECKER<S<<<<<<<UEBELHOER<<JOERG<JUERGE', 'PYZH1V0JP7D<<4701084M291025330699609027<<<56'] as const;
    const spot = [Array.from({ length: 44 }, (_, i) => i >= 14 && i <= 19), washedFirst(0)];
    const print = { ...printed, issuingState: 'D', nationality: 'D', sex: 'M', mrzName: 'BAECKER<SCHMIDT<UEBELHOR<<JORG<JUERGEN' };
    expect(fillWashedFromPrint(parseTd3([...glared], { now }), spot, print, now).lines[0]).toBe('P<D<<BAECKER<SCHMIDT<UEBELHOER<<JOERG<JUERGE');
    // The copy's other letters must still be the readable cells': a misread one fills nothing.
    expect(fillWashedFromPrint(parseTd3([...glared], { now }), spot, { ...print, mrzName: 'BAECKER<SCHMIDT<UEBELHAR<<JORG<JUERGEN' }, now).lines[0]).toBe(glared[0]);
    // Nothing is put back over a washed cell: there the copy is all there is.
    const guessed = [...'P<D<<SCHOEZ<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<'];
    expect(withDroppedSeconds('SCHOLZ<<ANNA', guessed, Array.from({ length: 44 }, (_, i) => i === 9))).toBe('SCHOLZ<<ANNA');
    expect(withDroppedSeconds('SCHOLZ<<ANNA', guessed, undefined)).toBe('SCHOELZ<<ANNA');
  });

  it('fills no washed cells after a plain A, O or U where the MRZ faintly shows its mark pair\'s letter', () => {
    // Glare 1242010 item 88: KÄTHE printed, its mark lost with the glare (`KATHE`), the MRZ's KAETHE washed from its E
    // to the name's end, that E read faintly. The copy's THE< and the pair's ETHE both spell every readable cell.
    const glared = ['P<D<<BAECKER<<KAEILL<<<<<<<<<<<<<<<<<<<<<<<<', 'PNS311LJY5D<<7104251F3109269<<<<<<<<<<<<<<<4'] as const;
    const spot = [Array.from({ length: 44 }, (_, i) => i >= 16 && i <= 19), washedFirst(0)];
    const print = { ...printed, issuingState: 'D', nationality: 'D', sex: 'F', mrzName: 'BAECKER<<KATHE' };
    const parse = parseTd3([...glared], { now });
    expect(fillWashedFromPrint(parse, spot, print, now).lines[0]).toBe(glared[0]);
    const copies = { passportNumber: null, dateOfBirth: null, expiryDate: null };
    expect(unconfirmedWashedCells(parse, spot, { ...print, ...copies })[0]).toEqual([16, 17, 18, 19]);
    // The copy read with its mark spells the pair itself, and fills them.
    expect(fillWashedFromPrint(parse, spot, { ...print, mrzName: 'BAECKER<<KAETHE' }, now).lines[0]).toBe('P<D<<BAECKER<<KAETHE<<<<<<<<<<<<<<<<<<<<<<<<');
    // Where the washed cell reads anything else (the copy's own letter, a blank's filler), the copy fills as before.
    for (const faint of ['P<D<<BAECKER<<KATILL<<<<<<<<<<<<<<<<<<<<<<<<', 'P<D<<BAECKER<<KA<<<<<<<<<<<<<<<<<<<<<<<<<<<<']) {
      expect(fillWashedFromPrint(parseTd3([faint, glared[1]], { now }), spot, print, now).lines[0]).toBe('P<D<<BAECKER<<KATHE<<<<<<<<<<<<<<<<<<<<<<<<<');
    }
    // Nor where the part's copy is the line's sharper re-read, whose marks were looked at.
    const seen = { ...print, mrzNameMarksSeen: { surname: false, givenNames: true } };
    expect(fillWashedFromPrint(parse, spot, seen, now).lines[0]).toBe('P<D<<BAECKER<<KATHE<<<<<<<<<<<<<<<<<<<<<<<<<');
  });

  it('reads a copy\'s P as the TH the readable cells spell, as OCR reads Þ', () => {
    // Glare seed 1235701 item 44: ÞÓRSDÓTTIR read `PÓRSDÓTTIR`, its copy a cell short of every readable cell after it.
    const line = [...'P<ISLTHORSDOTTIR<<ANNA<<<<<<<<<<<<<<<<<<<<<<<'];
    expect(withDroppedSeconds('PORSDOTTIR<<ANNA', line, undefined)).toBe('THORSDOTTIR<<ANNA');
    // Not where either cell is washed, nor where the copy's own H follows (a T misread as P).
    expect(withDroppedSeconds('PORSDOTTIR<<ANNA', line, Array.from({ length: 44 }, (_, i) => i === 6))).toMatch(/^PORSDOTTIR<</);
    expect(withDroppedSeconds('PHORSDOTTIR<<ANNA', line, undefined)).toBe('PHORSDOTTIR<<ANNA');
  });

  it('takes no copy that would leave three fillers before a letter inside the name', () => {
    // Seed 1151001 styled-dev 23 (glare over OERNSTAD<<): the sparse pass read BJORNSTAD, Ø's E lost with its stroke.
    const glared = ['P<NORBJ<<<<<<<<<<ERIK<<<<<<<<<<<<<<<<<<<<<<<', '4072165586NOR8502049M2901101651953116<<<<<52'] as const;
    const spot = [Array.from({ length: 44 }, (_, i) => i >= 7 && i <= 15), washedFirst(0)];
    const print = { ...printed, issuingState: 'NOR', nationality: 'NOR', sex: 'M' };
    expect(fillWashedFromPrint(parseTd3([...glared], { now }), spot, { ...print, mrzName: 'BJORNSTAD<<ERIK' }, now).lines[0]).toBe(glared[0]);
    expect(fillWashedFromPrint(parseTd3([...glared], { now }), spot, { ...print, mrzName: 'BJOERNSTAD<<ERIK' }, now).lines[0]).toBe('P<NORBJOERNSTAD<<ERIK<<<<<<<<<<<<<<<<<<<<<<<');
  });

  it('mends a doubted name letter or two beside the washed cells with the print that fills them', () => {
    // Glare over the given names' end (seed 1135001 item 45): M read H at its edge (runner-up M), RTI washed.
    const edge = ['P<MEXGUTIERREZ<SANCHEZ<IBANEZ<NUNEZ<<HAKLJN<', 'J068460531MEX6610078M350924908649908<<<<<<80'] as const;
    const spot = [Array.from({ length: 44 }, (_, i) => i >= 39 && i <= 41), washedFirst(0)];
    const print = { ...printed, issuingState: 'MEX', nationality: 'MEX', sex: 'M', mrzName: 'GUTIERREZ<SANCHEZ<IBANEZ<NUNEZ<<MARTIN<RAUL<JOSE' };
    const doubted = (cell: number, letter: string): boolean => cell === 37 && letter === 'M';
    const filled = fillWashedFromPrint(parseTd3([...edge], { now }), spot, print, now, doubted);
    expect(filled.lines[0]).toBe('P<MEXGUTIERREZ<SANCHEZ<IBANEZ<NUNEZ<<MARTIN<');
    expect(filled.repairs).toContainEqual({ field: 'name', line: 1, position: 38, from: 'H', to: 'M', reason: 'printed_page' });
    // A readable letter the recogniser was sure of is the print's dissent, not a mend: nothing is filled.
    expect(fillWashedFromPrint(parseTd3([...edge], { now }), spot, print, now).lines[0]).toBe(edge[0]);
    // Nor three doubted letters: more than the glare's edge.
    const more = ['P<MEXGUTIERREZ<SANCHEZ<IBANEZ<NUNEZ<<HXKLJW<', edge[1]] as const;
    expect(fillWashedFromPrint(parseTd3([...more], { now }), spot, print, now, () => true).lines[0]).toBe(more[0]);
  });

  it('writes a printed sex X as the MRZ does, the filler, and takes that filler as confirmed', () => {
    const unspecified = parseTd3([truth[0], `${truth[1].slice(0, 20)}<${truth[1].slice(21)}`], { now });
    const spot = Array.from({ length: 44 }, (_, i) => i === 20);
    const print = { ...printed, sex: 'X' };
    expect(fillWashedFromPrint(unspecified, [washedFirst(0), spot], print, now).lines[1][20]).toBe('<');
    expect(unconfirmedWashedCells(unspecified, [washedFirst(0), spot], print)).toEqual([[], []]);
  });

  it('never reports check digits valid over washed cells nothing confirmed, even when they compute', () => {
    // The classifier's guesses under the glare happen to satisfy the document number's check digit.
    const lucky = parseTd3([truth[0], 'L<<<<<95<5IND7407044F3102123<<<<<<<<<<<<<<04'], { now });
    expect(lucky.checks.document_number).toBe(true);
    const unconfirmed = unconfirmedWashedCells(lucky, washed, { ...printed, passportNumber: null });
    expect(unconfirmed[1]).toEqual([0, 1, 2, 3, 4, 5]);
    const result = decodePassport({ parse: lucky, charConfidence: [[], []], viz: null, now, washedUnconfirmed: unconfirmed });
    expect(result.mrz.check_digits_valid).toBe(false);
    expect(result.checks.check_digits.document_number).toBe('invalid');
    expect(result.warnings.map((w) => w.code)).toContain('mrz_washed_out');
    // Confirmed by the print, the same cells count.
    const filled = mendFieldsFromPrint(lucky, printed, { now, washed: washed[1] });
    expect(unconfirmedWashedCells(filled, washed, printed)).toEqual([[], []]);
  });

  it('fills washed optional-data cells with filler only when the field\'s check digit, readable, is the filler', () => {
    // An unused field with the filler as its check digit; glare over cells 30-36 of line 2, where the classifier made
    // a K and a 4 of the washed filler.
    const unused = 'B9612495<5IND7407044F3102123<<<<<<<<<<<<<<<4';
    const glared = 'B9612495<5IND7407044F3102123<K<<4<<<<<<<<<<4';
    const spot = Array.from({ length: 44 }, (_, i) => i >= 29 && i <= 35);
    const parse = layoutWhereWashed(parseTd3([truth[0], glared], { now }), [washedFirst(0), spot], now);
    expect(parse.lines[1]).toBe(unused);
    expect(parse.valid).toBe(true);
    expect(parse.repairs).toContainEqual({ field: 'optional_data', line: 2, position: 30, from: 'K', to: '<', reason: 'washed_out' });
    expect(unconfirmedWashedCells(parse, [washedFirst(0), spot], printed)).toEqual([[], []]);
    // A check digit 0 is also an unused field's, but a used one's too: nothing is filled, nothing confirmed.
    const zero = parseTd3([truth[0], `${glared.slice(0, 42)}0${glared[43]}`], { now });
    expect(layoutWhereWashed(zero, [washedFirst(0), spot], now)).toBe(zero);
    // The check digit washed out as well: nothing says the field is unused.
    const both = spot.map((w, i) => w || i === 42);
    const unsure = parseTd3([truth[0], glared], { now });
    expect(layoutWhereWashed(unsure, [washedFirst(0), both], now)).toBe(unsure);
    expect(unconfirmedWashedCells(unsure, [washedFirst(0), both], printed)[1]).toContain(29);
  });

  it('takes a washed end of the optional data for filler after half a field of it', () => {
    // Glare over cells 38-43 of line 2: the field's last five cells and its check digit, the composite readable.
    const unused = `${truth[1].slice(0, 42)}<4`;
    const parse = parseTd3([truth[0], unused], { now });
    const spot = (from: number, to: number) => Array.from({ length: 44 }, (_, i) => i >= from && i <= to);
    const unconfirmed = unconfirmedWashedCells(parse, [washedFirst(0), spot(37, 42)], printed);
    // The filler is confirmed; the check digit is not: `<` and `0` both hold there, as ICAO lets a state choose.
    expect(unconfirmed).toEqual([[], [42]]);
    expect(washedCellsInDoubt(parse, unconfirmed)).toEqual({ line1: 0, line2: [42] });
    const result = decodePassport({ parse, charConfidence: [[], []], viz: null, now, washedUnconfirmed: unconfirmed });
    expect(result.mrz.check_digits_valid).toBe(false);
    // So is it where glare took only that cell of a field read all filler.
    expect(unconfirmedWashedCells(parse, [washedFirst(0), spot(42, 42)], printed)).toEqual([[], [42]]);
    // Where the composite is washed too (seed 1145001 styled-dev 48, glare over cells 38-43), the run is taken as
    // filler still; the composite's cell, over the check's unpinned one, is in doubt beside it, read right or not.
    expect(unconfirmedWashedCells(parse, [washedFirst(0), spot(37, 43)], printed)[1]).toEqual([42, 43]);
    const misread = parseTd3([truth[0], `${truth[1].slice(0, 42)}<1`], { now });
    expect(unconfirmedWashedCells(misread, [washedFirst(0), spot(37, 43)], printed)[1]).toEqual([42, 43]);
    // Not where fewer than seven filler cells were readable, or a washed cell read data.
    expect(unconfirmedWashedCells(parse, [washedFirst(0), spot(34, 42)], printed)[1]).toEqual([34, 35, 36, 37, 38, 39, 40, 41, 42]);
    const data = parseTd3([truth[0], `${truth[1].slice(0, 28)}<<<<<<<<<<<L<<16`], { now });
    expect(data.valid).toBe(true);
    expect(unconfirmedWashedCells(data, [washedFirst(0), spot(37, 42)], printed)[1]).toEqual([37, 38, 39, 40, 41, 42]);
  });

  it('takes glare across the middle of a field that starts in filler for filler where both checks over it hold', () => {
    // Glare over cells 33-39 of line 2, filler readable either side, the field's check digit 0 and the composite
    // readable (glare seed 1153001 item 8).
    const parse = parseTd3([...truth], { now });
    const spot = (from: number, to: number) => Array.from({ length: 44 }, (_, i) => i >= from && i <= to);
    const unconfirmed = unconfirmedWashedCells(parse, [washedFirst(0), spot(32, 38)], printed);
    expect(unconfirmed).toEqual([[], []]);
    expect(washedCellsInDoubt(parse, unconfirmed)).toEqual({ line1: 0, line2: [] });
    // Not where the glare takes the field's first cell, its check digit or the composite, nor where the composite
    // fails over the filler, nor where a washed cell read data.
    expect(unconfirmedWashedCells(parse, [washedFirst(0), spot(28, 34)], printed)[1]).toEqual([28, 29, 30, 31, 32, 33, 34]);
    expect(unconfirmedWashedCells(parse, [washedFirst(0), spot(33, 42)], printed)[1]).toEqual([33, 34, 35, 36, 37, 38, 39, 40, 41, 42]);
    expect(unconfirmedWashedCells(parse, [washedFirst(0), spot(32, 38).map((w, i) => w || i === 43)], printed)[1]).toEqual([32, 33, 34, 35, 36, 37, 38, 43]);
    const composite = parseTd3([truth[0], `${truth[1].slice(0, 43)}7`], { now });
    expect(unconfirmedWashedCells(composite, [washedFirst(0), spot(32, 38)], printed)[1]).toEqual([32, 33, 34, 35, 36, 37, 38]);
    const data = parseTd3([truth[0], `${truth[1].slice(0, 34)}7${truth[1].slice(35)}`], { now });
    expect(unconfirmedWashedCells(data, [washedFirst(0), spot(32, 38)], printed)[1]).toEqual([32, 33, 34, 35, 36, 37, 38]);
  });

  it('takes a reading of a name that fills washed cells only up to a mark no name holds', () => {
    // Glare seed 1157001 item 39: texture after FATMA read `" TU`, whose TU filled two washed filler cells.
    expect(untilTexture('AYSE GULSEN FATMA" TU')).toBe('AYSE GULSEN FATMA');
    // Before the name's first letter nothing is cut: the name's reading decides what that is.
    expect(untilTexture("| 'T HOF")).toBe("| 'T HOF");
    expect(untilTexture('LARS 5')).toBe('LARS ');
    // A quote read for an apostrophe, zeros read for Os and a doubled hyphen are the name's.
    expect(untilTexture('THOMPSON-0"BRIEN')).toBe("THOMPSON-0'BRIEN");
    expect(untilTexture('ZHANG=CHEN J0HN')).toBe('ZHANG=CHEN J0HN');
  });

  it('takes a reading that stops at a stroke glued to a letter as going on: it spells no separator after it', () => {
    // Glare over the MRZ's end and over the print's WICZ, read `!`: the copy's KIE<<WOJC filled the washed cells.
    expect(endsAtStroke('KONSTANTINOPOLSKA-BRZECZYSZCZYKIE!')).toBe(true);
    expect(endsAtStroke('KONSTANTINOPOLSKA-BRZECZYSZCZYKIE')).toBe(false);
    // A quote or a dot is texture off the letters' body; after a space nothing is glued.
    expect(endsAtStroke('AYSE GULSEN FATMA" TU')).toBe(false);
    expect(endsAtStroke('LARS 5')).toBe(false);
    const line1 = 'P<POLKONSTANTINOPOLSKA<BRZECZYSZCZYK2<<<<<<<';
    const glared = parseTd3([line1, truth[1]], { now });
    const spot = [Array.from({ length: 44 }, (_, i) => i >= 36), washedFirst(0)];
    const codes = { ...printed, issuingState: null, documentType: null, nationality: null, sex: null };
    const whole = { ...codes, mrzName: 'KONSTANTINOPOLSKA<BRZECZYSZCZYKIE<<WOJCIECH<LUKASZ' };
    expect(fillWashedFromPrint(glared, spot, whole, now).lines[0]).toBe('P<POLKONSTANTINOPOLSKA<BRZECZYSZCZYKIE<<WOJC');
    // The surname read open spells its own letters alone, and the cells after stay unconfirmed.
    const open = { ...codes, mrzName: 'KONSTANTINOPOLSKA<BRZECZYSZCZYKIE', mrzNameOpen: true };
    const filled = fillWashedFromPrint(glared, spot, open, now);
    expect(filled.lines[0]).toBe('P<POLKONSTANTINOPOLSKA<BRZECZYSZCZYKIE<<<<<<');
    const copies = { passportNumber: null, dateOfBirth: null, expiryDate: null };
    expect(unconfirmedWashedCells(filled, spot, { ...open, ...copies })[0]).toEqual([38, 39, 40, 41, 42, 43]);
    expect(unconfirmedWashedCells(filled, spot, { ...open, ...copies, mrzNameOpen: false })[0]).toEqual([40, 41, 42, 43]);
  });

  it('never reports the MRZ valid while line 1 keeps washed cells nothing confirmed, though no check digit covers them', () => {
    // Line 2 read whole and proven; glare over the given names, and the print not read.
    const parse = parseTd3(['P<INDTHAKUR<PATEL<<<<<<<<ANANYA<<<<<<<<<<<<<', truth[1]], { now });
    const spot = Array.from({ length: 44 }, (_, i) => i >= 19 && i <= 24);
    const unconfirmed = unconfirmedWashedCells(parse, [spot, washedFirst(0)], { ...printed, mrzName: null });
    expect(unconfirmed[0]).toEqual([19, 20, 21, 22, 23, 24]);
    const result = decodePassport({ parse, charConfidence: [[], []], viz: null, now, washedUnconfirmed: unconfirmed });
    expect(Object.values(result.checks.check_digits).every((v) => v === 'valid')).toBe(true);
    expect(result.mrz.check_digits_valid).toBe(false);
    expect(result.warnings.map((w) => w.code)).toContain('mrz_washed_out');
  });

  it('never reports the MRZ valid while the sex or nationality cell is washed and unconfirmed: no check digit covers them', () => {
    // Seed 1057001 styled-dev 29 under glare: cells 12-21 of line 2 washed, the birth date filled from the print, the sex
    // cell read `<` (X) and the printed sex not read. Every check held, and the wrong sex came back proven.
    const parse = parseTd3([truth[0], `${truth[1].slice(0, 20)}<${truth[1].slice(21)}`], { now });
    expect(parse.valid).toBe(true);
    const spot = Array.from({ length: 44 }, (_, i) => i === 20);
    const unconfirmed = unconfirmedWashedCells(parse, [washedFirst(0), spot], { ...printed, sex: null });
    expect(unconfirmed).toEqual([[], [20]]);
    const result = decodePassport({ parse, charConfidence: [[], []], viz: null, now, washedUnconfirmed: unconfirmed });
    expect(Object.values(result.checks.check_digits).every((v) => v === 'valid')).toBe(true);
    expect(result.mrz.check_digits_valid).toBe(false);
    expect(result.warnings.map((w) => w.code)).toContain('mrz_washed_out');
    // The print's sex confirms the cell, and the reading is proven again.
    const confirmed = unconfirmedWashedCells(parse, [washedFirst(0), spot], { ...printed, sex: '<' });
    expect(confirmed).toEqual([[], []]);
    expect(decodePassport({ parse, charConfidence: [[], []], viz: null, now, washedUnconfirmed: confirmed }).mrz.check_digits_valid).toBe(true);
  });

  it('counts as in doubt the washed cells no holding check vouches for: line 1, the nationality, a failing field', () => {
    // Glare over the number's end, its check digit and the nationality: the guesses fail the number's check.
    const glared = parseTd3([truth[0], 'B96124U2<<<CE7407044F3102123<<<<<<<<<<<<<<04'], { now });
    const spot = Array.from({ length: 44 }, (_, i) => i >= 6 && i <= 11);
    const unconfirmed = unconfirmedWashedCells(glared, [washedFirst(0), spot], { ...printed, passportNumber: null, nationality: null });
    expect(unconfirmed[1]).toEqual([6, 7, 8, 9, 10, 11]);
    expect(washedCellsInDoubt(glared, unconfirmed)).toEqual({ line1: 0, line2: [6, 7, 8, 9, 10, 11] });
    // The same cells guessed so that every check over them holds: a check digit pins one unknown cell, not four (many
    // fillings of the number's last three cells and its check digit hold both checks), so all stay in doubt.
    const lucky = parseTd3([truth[0], 'B9612495<5<ND7407044F3102123<<<<<<<<<<<<<<04'], { now });
    expect(Object.values(lucky.checks).every(Boolean)).toBe(true);
    expect(washedCellsInDoubt(lucky, unconfirmedWashedCells(lucky, [washedFirst(0), spot], { ...printed, passportNumber: null, nationality: null }))).toEqual({ line1: 0, line2: [6, 7, 8, 9, 10, 11] });
    // One washed cell under a holding check is pinned by it: only the nationality's cells, which no check covers.
    const one = Array.from({ length: 44 }, (_, i) => i === 7 || i === 10 || i === 11);
    expect(washedCellsInDoubt(lucky, unconfirmedWashedCells(lucky, [washedFirst(0), one], { ...printed, passportNumber: null, nationality: null }))).toEqual({ line1: 0, line2: [10, 11] });
    // Line 1's washed cells have no check digit: every one counts.
    const names = parseTd3(['P<INDTHAKUR<PATEL<<<<<<<<ANANYA<<<<<<<<<<<<<', truth[1]], { now });
    const nameSpot = Array.from({ length: 44 }, (_, i) => i >= 19 && i <= 24);
    expect(washedCellsInDoubt(names, unconfirmedWashedCells(names, [nameSpot, washedFirst(0)], { ...printed, mrzName: null }))).toEqual({ line1: 6, line2: [] });
  });

  describe('an issuing state washed out whose label the print OCR could not read', () => {
    // Glare over line 1's start on a generated page (seed 1059501 styled-dev 38): PDARG read `PDAJU`, cells 1-5 washed,
    // the print's `Código/Code` label read `~~0digo/Lode`, its value ARG a word of its own beside OCR noise (BTN).
    const glared = parseTd3(['PDAJUGARCIA<MARQUEZ<<XIMENA<SOFIA<<<<<<<<<<<', '02897936F1ARG1705209F3105146<<<<<<<<<<<<<<<2'], { now });
    const spot = [Array.from({ length: 44 }, (_, i) => i >= 1 && i <= 5), washedFirst(0)];
    const codes = { issuingState: null, countryCodes: ['BTN', 'ARG'] };

    it('takes the nationality code the page prints, as one reading in doubt', () => {
      const beside = issuingStateBesideNationality(glared, spot, codes);
      expect(beside).toEqual({ code: 'ARG', cells: [2, 3, 4] });
      const filled = fillWashedFromPrint(glared, spot, { ...printed, issuingState: beside!.code, documentType: null, mrzName: 'GARCIA<MARQUEZ<<XIMENA<SOFIA' }, now);
      expect(filled.lines[0].slice(0, 5)).toBe('PDARG');
      const unconfirmed = unconfirmedWashedCells(filled, spot, { ...printed, issuingState: null, documentType: null, mrzName: 'GARCIA<MARQUEZ<<XIMENA<SOFIA' });
      // The type's cell and the state's three: two readings in doubt, not four cells; the answer is no proof.
      expect(unconfirmed[0]).toEqual([1, 2, 3, 4]);
      expect(washedCellsInDoubt(filled, unconfirmed, beside!.cells)).toEqual({ line1: 2, line2: [] });
      expect(washedCellsInDoubt(filled, unconfirmed)).toEqual({ line1: 4, line2: [] });
      expect(decodePassport({ parse: filled, charConfidence: [[], []], viz: null, now, washedUnconfirmed: unconfirmed }).mrz.check_digits_valid).toBe(false);
    });
    it('takes nothing when the print does not show that code, a label gave the state, the nationality is washed too, or a readable cell disagrees', () => {
      expect(issuingStateBesideNationality(glared, spot, { issuingState: null, countryCodes: ['BTN'] })).toBeNull();
      expect(issuingStateBesideNationality(glared, spot, { ...codes, issuingState: 'ARG' })).toBeNull();
      const bothWashed = [spot[0]!, Array.from({ length: 44 }, (_, i) => i === 11)];
      expect(issuingStateBesideNationality(glared, bothWashed, codes)).toBeNull();
      // Only PDA washed: the readable J and U are no ARG.
      const partly = [Array.from({ length: 44 }, (_, i) => i >= 1 && i <= 2), washedFirst(0)];
      expect(issuingStateBesideNationality(glared, partly, codes)).toBeNull();
      expect(issuingStateBesideNationality(parseTd3([...truth], { now }), [washedFirst(0), washedFirst(0)], { issuingState: null, countryCodes: ['IND'] })).toBeNull();
    });
    it('takes it without the print where the washed cells themselves read the nationality code, every one', () => {
      // Seed 1117001 glare 9: light glare over `<DNKMO`, every cell read right; the print's type and code unread, so
      // the type's cell and the state's three were four cells in doubt and the page was refused.
      const light = parseTd3(['P<DNKMONTGOMERY<CHOLMONDELEY<<THOMAS<<<<<<<<', '5516056859DNK5308158M260204074176046529<<<14'], { now });
      const washedLight = [Array.from({ length: 44 }, (_, i) => i >= 1 && i <= 6), washedFirst(0)];
      expect(issuingStateBesideNationality(light, washedLight, { issuingState: null, countryCodes: [] })).toEqual({ code: 'DNK', cells: [2, 3, 4] });
      // Glare's guess that is not the nationality's code still needs the page to print it.
      expect(issuingStateBesideNationality(glared, spot, { issuingState: null, countryCodes: [] })).toBeNull();
    });
  });

  it('takes a copy of the surname alone, its given names unread, for the surname and separator only', () => {
    // Glare over THAKUR's separator and the given names, read as filler; the print gave the surname, not the given
    // names. A copy without them once spelled filler over every washed cell: the MRZ came back proven and the given
    // names empty.
    const glared = parseTd3(['P<INDTHAKUR<PATEL<<<<<<<<<<<<<<<<<<<<<<<<<<<', truth[1]], { now });
    const spot = [Array.from({ length: 44 }, (_, i) => i >= 18 && i <= 29), washedFirst(0)];
    const surnameOnly = { ...printed, mrzName: 'THAKUR<PATEL' };
    expect(fillWashedFromPrint(glared, spot, surnameOnly, now).lines[0]).toBe(glared.lines[0]);
    const unconfirmed = unconfirmedWashedCells(glared, spot, surnameOnly);
    expect(unconfirmed[0]).toEqual([19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
    const result = decodePassport({ parse: glared, charConfidence: [[], []], viz: null, now, washedUnconfirmed: unconfirmed });
    expect(result.mrz.check_digits_valid).toBe(false);
    // The separator's washed cells it does fill: a name with given names or none has filler after the surname.
    const misread = parseTd3(['P<INDTHAKUR<PATEL<K<<<<<<<<<<<<<<<<<<<<<<<<<', truth[1]], { now });
    expect(fillWashedFromPrint(misread, spot, surnameOnly, now).lines[0].slice(17, 20)).toBe('<<<');
    // The given names' copy read, it spells them and the filler after.
    expect(unconfirmedWashedCells(parseTd3([...truth], { now }), spot, printed)[0]).toEqual([]);
  });

  it('confirms no washed cell from a copy that spells a readable name cell otherwise', () => {
    // Seed 1233001 styled-dev 109, a soft copy under glare: `<<GO` of ARSLAN<<GOEKHAN washed, and a label's word `SEE`
    // read for the surname; its filler once confirmed the washed separator.
    const glared = parseTd3(['P<D<<ARSLAN<<GOEKHAN<<<<<<<<<<<<<<<<<<<<<<<<', 'F5SW5LWGG6D<<0706058M2307127631026134<<<<<40'], { now });
    const spot = [Array.from({ length: 44 }, (_, i) => i >= 11 && i <= 14), washedFirst(0)];
    expect(agreeingNameCopy('SEE', glared.lines[0], spot[0])).toBeNull();
    expect(unconfirmedWashedCells(glared, spot, { ...printed, mrzName: 'SEE' })[0]).toEqual([11, 12, 13, 14]);
    // The surname's own copy confirms its separator; the given names' cells past it stay unconfirmed.
    expect(agreeingNameCopy('ARSLAN', glared.lines[0], spot[0])).toBe('ARSLAN<<');
    expect(unconfirmedWashedCells(glared, spot, { ...printed, mrzName: 'ARSLAN' })[0]).toEqual([13, 14]);
    // A copy whose OCR dropped Ö's mark spells GOEKHAN with the readable E after it.
    expect(unconfirmedWashedCells(glared, spot, { ...printed, mrzName: 'ARSLAN<<GOKHAN' })[0]).toEqual([]);
  });

  it('withholds the given names, not the page, where the washed cells nothing confirmed all lie past the surname', () => {
    const line1 = 'P<INDTHAKUR<PATEL<<<<<<<<<<<<<<<<<<<<<<<<<<<';
    const given = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29];
    expect(washedInGivenNames(line1, given)).toBe(10);
    const verdict = verdictForDoubt({ surnameCells: 0, givenNameCells: washedInGivenNames(line1, given), otherCells: 0, otherOnLineOne: 0, lineTwoProven: true });
    expect(verdict).toEqual({ withheld: { surname: false, givenNames: true } });
    // A washed cell at or before the separator: where the surname ends is itself unknown.
    expect(washedInGivenNames(line1, [18, ...given])).toBe(0);
    expect(washedInGivenNames(line1, [9])).toBe(0);
    expect(washedInGivenNames(line1, [])).toBe(0);
  });

  it('fills a washed surname from its printed copy where the given names\' copy is off elsewhere', () => {
    // Glare over the surname's start (KAVYA's page, THAKUR read `LH`); print OCR missed a mark far off in the given
    // names, so the whole name's copy disagrees with readable cells. The surname and its separator agree.
    const glared = parseTd3(['P<INDLHAKUR<PATEL<<KAVYA<ANANYA<<<<<<<<<<<<<', truth[1]], { now });
    const spot = [Array.from({ length: 44 }, (_, i) => i === 5 || i === 6), washedFirst(0)];
    const filled = fillWashedFromPrint(glared, spot, { ...printed, mrzName: 'THAKUR<PATEL<<KAVYA<ANANIA' }, now);
    expect(filled.lines[0]).toBe(truth[0]);
    // A surname's copy that disagrees with its own readable cells fills nothing.
    expect(fillWashedFromPrint(glared, spot, { ...printed, mrzName: 'THAKUR<PATIL<<KAVYA<ANANIA' }, now)).toBe(glared);
  });
});

describe('uncheckedOf', () => {
  const pass = (documentType: string | null) => ({ printed: { ...printed, documentType, countryCodes: [] } });
  it("leaves the document type unread where two passes read it apart: `Pp` for a P read P by the other", () => {
    expect(uncheckedOf(pass('PP'), pass('P')).documentType).toBeNull();
    // So glare's washed second cell of `P<` is not filled with the doubled letter.
    const washedType = parseTd3(['P<<U<THAKUR<PATEL<<KAVYA<ANANYA<<<<<<<<<<<<<', truth[1]], { now });
    const both = fillWashedFromPrint(washedType, [washedFirst(5), washedFirst(0)], { ...printed, ...uncheckedOf(pass('PP'), pass('P')), mrzName: null }, now);
    expect(both.lines[0].slice(0, 2)).toBe('P<');
  });
  it('takes a lone P from either pass where only one read it, and a second letter only where both agree', () => {
    // One pass's `PP` beside a German page's `TYP / TYPE P` (glare seed 1117001 item 60) filled the washed `<` after P,
    // and line 1 came back wrong with every check digit holding.
    expect(uncheckedOf(pass(null), pass('PP')).documentType).toBeNull();
    expect(uncheckedOf(pass('PD'), pass(null)).documentType).toBeNull();
    expect(uncheckedOf(pass('PD'), pass('PD')).documentType).toBe('PD');
    expect(uncheckedOf(pass(null), pass('P')).documentType).toBe('P');
    expect(uncheckedOf(pass('P'), pass('P')).documentType).toBe('P');
    expect(uncheckedOf(pass('P'), null).documentType).toBe('P');
  });
});
