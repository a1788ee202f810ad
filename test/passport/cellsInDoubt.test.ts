/**
 * The decode stage on recorded readings (no OCR): a reading answered in doubt holds at most two MRZ cells that
 * neither the check digits nor the print settled; more and it is refused, or, where they are name letters and line 2
 * is proven, the name part holding them is withheld. Nothing is invented.
 */
import { describe, expect, it } from 'vitest';
import { disputedConfidence } from '../../core/mrz/readCellGrid.ts';
import { ProblemError, type RejectionCode } from '../../core/errors.ts';
import { emptyOcrResult } from '../../core/ocr/ocrResult.ts';
import type { OcrResult } from '../../core/ocr/types.ts';
import { pluginImaging } from '../../core/imaging/pluginImaging.ts';
import type { PluginContext } from '../../core/plugins/types.ts';
import { parseTd3 } from '../../plugins/passport/mrz/parseTd3.ts';
import type { MrzReading } from '../../plugins/passport/mrz/readMrz.ts';
import { decodeReadings } from '../../plugins/passport/reconcile/decodeReadings.ts';
import { letterWitnessPxPerMm } from '../../plugins/passport/viz/readPrintedPage.ts';
import { maxCellsInDoubt, noNamesWithheld, refusalForDoubt, verdictForDoubt } from '../../plugins/passport/refusal.ts';
import type { Readings } from '../../plugins/passport/stages.ts';
import { page } from './ocrPage.ts';

const now = new Date('2026-11-28T00:00:00Z');
// ICAO 9303's Utopia specimen: every check digit holds.
const specimen: [string, string] = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

/**
 * The specimen as read, its classifiers disagreeing on `disputed` cells of line 1 and glare washing out `washedOut`
 * cells of line 1, with no printed page read.
 */
function readings(
  disputed: readonly number[],
  washedOut: readonly number[] = [],
  outvoted: readonly number[] = [],
  printed: {
    readonly line1?: string;
    readonly line2?: string;
    readonly doubted1?: Readonly<Record<number, string>>;
    readonly doubted2?: Readonly<Record<number, string>>;
    readonly viz?: OcrResult;
    readonly vizSharper?: OcrResult;
    readonly vizInkForNames?: OcrResult;
    readonly refined?: Readings['refined'];
    readonly sourcePxPerMm?: number;
    /** Line 2's cells glare washed out. */
    readonly washed2?: readonly number[];
  } = {},
): Readings {
  const lines: [string, string] = [printed.line1 ?? specimen[0], printed.line2 ?? specimen[1]];
  // Doubted cells beside `disputed`, each with its runner-up (`doubted1` on line 1, `doubted2` on line 2).
  const doubted1 = printed.doubted1 ?? {};
  const doubted2 = printed.doubted2 ?? {};
  const inDoubt = (l: number, i: number): boolean => (l === 0 ? disputed.includes(i) || doubted1[i] !== undefined : doubted2[i] !== undefined);
  const confidence = lines.map((line, l) => [...line].map((_, i) => (inDoubt(l, i) ? disputedConfidence / 2 : 1)));
  // A runner-up letter no look-alike rule settles: X against E, R, S, O, N...
  const second = lines.map((line, l) =>
    [...line].map((c, i) => (l === 1 ? (doubted2[i] ?? '') : (doubted1[i] ?? (disputed.includes(i) ? (c === 'X' ? 'K' : 'X') : '')))),
  );
  const washed = lines.map((line, l) => [...line].map((_, i) => (l === 0 ? washedOut.includes(i) : (printed.washed2 ?? []).includes(i))));
  const identity = [1, 0, 0, 0, 1, 0, 0, 0, 1] as const;
  const reading: MrzReading = {
    format: 'TD3',
    lines: [...lines],
    charConfidence: confidence,
    second,
    washed,
    // The reader's own probability where its letter outvoted the one dissent (readCellGrid's outvotedDissent).
    outvoted: lines.map((line, l) => [...line].map((_, i) => (l === 0 && outvoted.includes(i) ? 0.95 : null))),
    parse: null,
    rotation: 0,
    skewDeg: 0,
    quad: [{ x: 0, y: 0 }, { x: 1000, y: 0 }, { x: 1000, y: 100 }, { x: 0, y: 100 }],
    // The input's own resolution along the MRZ, where a test sets it; the rectified page itself is not read here.
    page: printed.sourcePxPerMm === undefined ? null : { image: { data: Buffer.alloc(4), width: 2, height: 2, channels: 1 }, pxPerMm: 6, sourcePxPerMm: printed.sourcePxPerMm },
    frame: { toImage: identity, lineCentresMm: [80, 86], count: 2 },
  };
  const parse = parseTd3(lines, { now, alternatives: second as unknown as [string[], string[]], confidence: confidence as [number[], number[]] });
  return {
    located: { reading, parse, page: { image: { data: Buffer.alloc(4), width: 2, height: 2, channels: 1 }, pxPerMm: null }, last: null },
    viz: printed.viz ?? emptyOcrResult,
    vizSharper: printed.vizSharper ?? null,
    ...(printed.vizInkForNames === undefined ? {} : { vizInkForNames: printed.vizInkForNames }),
    refined: printed.refined ?? {},
    nameLines: { surname: null, givenNames: null },
    lastPage: undefined,
  };
}

const ctx: PluginContext = {
  ocr: { recognize: () => Promise.reject(new Error('decode reads no OCR')) },
  imaging: pluginImaging,
  logger: { debug() {}, info() {}, warn() {} },
  signal: new AbortController().signal,
  now,
  fields: {},
  reject(code: RejectionCode, detail: string, hint?: string): never {
    throw new ProblemError(code, detail, { extensions: hint === undefined ? {} : { hint } });
  },
};

// Cells of ERIKSSON (line 1 from cell 5) and of ANNA (from cell 15).
const surnameCells = [6, 8, 10];
const givenCell = 16;

describe('MRZ cells in doubt', () => {
  it('answers a reading with a name letter or two in doubt with the parts holding them withheld, never guessed', () => {
    const both = decodeReadings(readings([surnameCells[0]!, givenCell]), ctx);
    expect([both.surname, both.given_name, both.full_name, both.mrz.line1]).toEqual([null, null, null, null]);
    expect(both.passport_number).toBe('L898902C3');
    const one = decodeReadings(readings([givenCell]), ctx);
    expect([one.surname, one.given_name, one.full_name, one.mrz.line1]).toEqual(['ERIKSSON', null, null, null]);
    expect(one.mrz.check_digits_valid).toBe(false);
    const codes = one.warnings.map((w) => w.code);
    expect(codes).toContain('name_withheld');
    expect(codes).not.toContain('mrz_name_uncertain');
  });

  it('doubts a letter the three classifiers read alike where two readings of the print, not one, have another', () => {
    // A letter all three classifiers read, the CNN surely, at 0.994: glare can lead them astray alike.
    const unanimousAt = (r: Readings, cell: number): Readings => {
      const { reading } = r.located;
      const lines = reading.lines;
      return {
        ...r,
        located: {
          ...r.located,
          reading: {
            ...reading,
            charConfidence: reading.charConfidence.map((line, l) => line.map((c, i) => (l === 0 && i === cell ? 0.994 : c))),
            unanimous: lines.map((line, l) => [...line].map((c, i) => (l === 0 && i >= 5 && /[A-Z]/.test(c) ? 0.97 : null))),
          },
        },
      };
    };
    // Glare seed 1236601 item 82: BENJAMIN's I read M by all three; the sparse pass and the re-read read the I.
    const misread = 'P<UTOERIKSSON<<ANNA<MAMIA<<<<<<<<<<<<<<<<<<<';
    const names = page(['Surname', 'ERIKSSON', 'Given names', 'ANNA MARIA']);
    const both = decodeReadings(unanimousAt(readings([], [], [], { line1: misread, viz: names, refined: { givenNames: 'ANNA MARIA' } }), 22), ctx);
    expect([both.surname, both.given_name, both.mrz.line1]).toEqual(['ERIKSSON', null, null]);
    // Glare seed 1236801 item 65: one reading, `ERIKSSO|`, and the phrase the name was taken from, the same characters
    // as read, are one witness: the MRZ's N stands.
    const once = page(['Surname', 'ERIKSSO|', 'Given names', 'ANNA MARIA']);
    const one = decodeReadings(unanimousAt(readings([], [], [], { line1: specimen[0], viz: once }), 12), ctx);
    expect([one.surname, one.given_name, one.mrz.line1]).toEqual(['ERIKSSON', 'ANNA MARIA', specimen[0]]);
  });

  it('withholds a cut part whose reading joins two words by an apostrophe that a phrase of the page reads as a space', () => {
    // Styled seed 1241201 item 59 (blur): the given names, cut at JESUS, re-read `SEBASTIÁN JESÚS'ANDRÉS` (a speck
    // in the space read as an apostrophe), the sharper pass's phrase `SEBASTIAN JESUS ANDRES`: the apostrophe was
    // answered, a character not printed. A name's apostrophe may stand so (DELL'ACQUA): nothing past the cut tells.
    const cut = 'P<UTOGUTIERREZ<SANCHEZ<PENA<<SEBASTIAN<JESUS';
    const first = page(['Surname', 'GUTIERREZ SANCHEZ PENA', 'Given names', "SEBASTIAN JESUS'ANDRES"]);
    const refined = { givenNames: "SEBASTIÁN JESÚS'ANDRÉS" };
    const sharper = page(['GUTIERREZ SANCHEZ PENA', 'SEBASTIAN JESUS ANDRES']);
    const disputed = decodeReadings(readings([], [], [], { line1: cut, viz: first, vizSharper: sharper, refined }), ctx);
    expect([disputed.surname, disputed.given_name]).toEqual(['GUTIERREZ SANCHEZ PENA', null]);
    // No reading with a space there: the apostrophe stands as read.
    const alone = decodeReadings(readings([], [], [], { line1: cut, viz: first, refined }), ctx);
    expect(alone.given_name).toBe("SEBASTIÁN JESÚS'ANDRÉS");
  });

  it('withholds both name parts of a line 1 that separates them twice: where the misread lies is unknown', () => {
    // Read surely throughout, a filler doubled (ANNA<<MARIA for ANNA<MARIA): the second `<<` is no name's.
    const result = decodeReadings(readings([], [], [], { line1: 'P<UTOERIKSSON<<ANNA<<MARIA<<<<<<<<<<<<<<<<<<' }), ctx);
    expect([result.surname, result.given_name, result.full_name, result.mrz.line1]).toEqual([null, null, null, null]);
    expect(result.passport_number).toBe('L898902C3');
    expect(result.warnings.map((w) => w.code)).toContain('name_withheld');
    // One `<<`, however many fillers end the name, is a name as ICAO writes it.
    const whole = decodeReadings(readings([]), ctx);
    expect([whole.surname, whole.given_name]).toEqual(['ERIKSSON', 'ANNA MARIA']);
  });

  it('answers a printed apostrophe as U+0027 whichever glyph OCR gave it', () => {
    const names = (surname: string) => page(['Surname', surname, 'Given names', 'ANNA MARIA']);
    for (const read of ['O’NEILL', 'OʼNEILL', "O'NEILL"]) {
      const result = decodeReadings(readings([], [], [], { line1: 'P<UTOONEILL<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<<', viz: names(read), vizSharper: names(read) }), ctx);
      expect([result.surname, result.full_name]).toEqual(["O'NEILL", "ANNA MARIA O'NEILL"]);
    }
  });

  it('withholds a name part with three letters in doubt and answers what the check digits prove', () => {
    const result = decodeReadings(readings(surnameCells), ctx);
    expect(result.surname).toBeNull();
    expect(result.full_name).toBeNull();
    expect(result.given_name).toBe('ANNA MARIA');
    expect(result.mrz.line1).toBeNull();
    expect(result.mrz.line2).toBe(specimen[1]);
    // Line 1 is not returned: nothing claims it valid.
    expect(result.mrz.check_digits_valid).toBe(false);
    expect(result.passport_number).toBe('L898902C3');
    expect(result.date_of_birth).toBe('1974-08-12');
    expect(result.confidence.surname).toBe(0);
    expect(result.checks.printed_vs_mrz.surname).toBe('not_read');
    expect(result.geometry?.['surname']).toBeNull();
    expect(result.geometry?.['mrz.line1']).toBeNull();
    const codes = result.warnings.map((w) => w.code);
    expect(codes).toContain('name_withheld');
    // The withheld letters are no letters answered in doubt, and every check digit holds.
    expect(codes).not.toContain('mrz_name_uncertain');
    expect(codes).not.toContain('check_digits_invalid');
  });

  it('withholds both name parts where each holds more than two letters in doubt', () => {
    const result = decodeReadings(readings([...surnameCells, 16, 17, 18]), ctx);
    expect([result.surname, result.given_name, result.full_name, result.mrz.line1]).toEqual([null, null, null, null]);
    expect(result.nationality).toBe('UTO');
  });

  it('refuses a reading with three name letters in doubt whose line 2 holds only once a check digit is mended', () => {
    // The composite read 1, in doubt against the 0 that holds: the checks chose that cell, they do not prove it.
    const line2 = `${specimen[1].slice(0, 43)}1`;
    const mended = decodeReadings(readings([], [], [], { line2, doubted2: { 43: '0' } }), ctx);
    expect(mended.mrz.line2).toBe(specimen[1]);
    expect(() => decodeReadings(readings(surnameCells, [], [], { line2, doubted2: { 43: '0' } }), ctx)).toThrow(/3 of its characters are in doubt/);
  });

  it('refuses a reading with three name letters in doubt where a check digit fails, with a hint', () => {
    // The composite printed 1 for 0: line 2 is not proven, and the name is not the one doubt left.
    const line2 = `${specimen[1].slice(0, 43)}1`;
    expect(decodeReadings(readings([], [], [], { line2 }), ctx).mrz.check_digits_valid).toBe(false);
    let refused: unknown;
    try {
      decodeReadings(readings(surnameCells, [], [], { line2 }), ctx);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ProblemError);
    const problem = refused as ProblemError;
    expect(problem.code).toBe('unreadable_document');
    expect(problem.message).toContain('3 of its characters are in doubt');
    expect(problem.extensions.hint).toMatch(/sharper/);
  });

  it('answers the same reading when the classifiers agree', () => {
    const result = decodeReadings(readings([]), ctx);
    expect(result.mrz.check_digits_valid).toBe(true);
    expect(result.warnings.map((w) => w.code)).not.toContain('mrz_name_uncertain');
  });

  it('counts name cells glare washed out that nothing confirmed as the given names\' letters in doubt, past the surname', () => {
    // Past ERIKSSON<< the washed cells are the given names': that part is withheld, as for letters the classifiers
    // dispute, and the surname and line 2 answered.
    const two = decodeReadings(readings([], [givenCell, givenCell + 1]), ctx);
    expect(two.mrz.check_digits_valid).toBe(false);
    expect(two.warnings.map((w) => w.code)).toContain('mrz_washed_out');
    expect([two.surname, two.given_name, two.mrz.line1]).toEqual(['ERIKSSON', null, null]);
    const three = decodeReadings(readings([], [givenCell, givenCell + 1, givenCell + 2]), ctx);
    expect([three.surname, three.given_name, three.mrz.line1, three.mrz.line2]).toEqual(['ERIKSSON', null, null, specimen[1]]);
    // With a disputed surname letter besides, both parts are withheld.
    const both = decodeReadings(readings([surnameCells[0]!], [givenCell, givenCell + 1]), ctx);
    expect([both.surname, both.given_name, both.nationality]).toEqual([null, null, 'UTO']);
    // Washed cells on the separator leave where the surname ends unknown: three are refused.
    expect(() => decodeReadings(readings([], [13, 14, 15]), ctx)).toThrow(/3 of its characters are in doubt/);
  });

  it('takes a disputed name letter that two sure classifiers outvoted as read', () => {
    // Four disputed letters: three outvoted leave the given name's one in doubt, and that part alone withheld.
    const result = decodeReadings(readings([...surnameCells, givenCell], [], surnameCells), ctx);
    expect([result.surname, result.given_name]).toEqual(['ERIKSSON', null]);
    // One outvoted leaves three: both parts hold one and are withheld.
    const withheld = decodeReadings(readings([...surnameCells, givenCell], [], surnameCells.slice(2)), ctx);
    expect([withheld.surname, withheld.given_name]).toEqual([null, null]);
    expect(withheld.warnings.map((w) => w.code)).toContain('name_withheld');
  });

  it('counts a country code mended from a guess among the cells in doubt an answer may carry', () => {
    // CAN read as CXN and C6N, the runner-up H at both doubted cells: each code mends to CHN, a state's, unwitnessed.
    const line1 = specimen[0].replace('UTO', 'CXN');
    const line2 = specimen[1].replace('UTO', 'C6N');
    const codesOnly = decodeReadings(readings([], [], [], { line1, line2, doubted1: { 3: 'H' }, doubted2: { 11: 'H' } }), ctx);
    expect([codesOnly.nationality, codesOnly.issuing_country, codesOnly.mrz.check_digits_valid]).toEqual(['CHN', 'CHN', false]);
    expect(codesOnly.warnings.map((w) => w.code)).toContain('mrz_code_uncertain');
    // The optional data's E, runner-up O (alike to every check): a third cell in doubt, beyond what an answer carries.
    const withOptional = readings([], [], [], { line1, line2, doubted1: { 3: 'H' }, doubted2: { 11: 'H', 29: 'O' } });
    expect(() => decodeReadings(withOptional, ctx)).toThrow(/3 of its characters are in doubt/);
  });

  it('takes a code both fields read alike with a digit whose one look-alike letter makes a known code', () => {
    // Glare seed 1242006, 83: POL read `P0L` as the issuing state and as the nationality, each mended by the class to
    // POL; no other letter drawn like 0 (Q, D) makes a state's code, and the two readings agree.
    const alike = decodeReadings(readings([], [], [], { line1: specimen[0].replace('UTO', 'P0L'), line2: specimen[1].replace('UTO', 'P0L') }), ctx);
    expect([alike.nationality, alike.issuing_country, alike.mrz.check_digits_valid]).toEqual(['POL', 'POL', true]);
    expect(alike.warnings.map((w) => w.code)).not.toContain('mrz_code_uncertain');
    // `GB0` twice: GBO and GBD are both codes, so the class's O is a guess.
    const twoCodes = decodeReadings(readings([], [], [], { line1: specimen[0].replace('UTO', 'GB0'), line2: specimen[1].replace('UTO', 'GB0') }), ctx);
    expect([twoCodes.nationality, twoCodes.mrz.check_digits_valid]).toEqual(['GBO', false]);
    expect(twoCodes.warnings.map((w) => w.code)).toContain('mrz_code_uncertain');
    // Read alike but changed to a runner-up (C6N twice, H at both): still a guess.
    const runnerUp = decodeReadings(
      readings([], [], [], { line1: specimen[0].replace('UTO', 'C6N'), line2: specimen[1].replace('UTO', 'C6N'), doubted1: { 3: 'H' }, doubted2: { 11: 'H' } }),
      ctx,
    );
    expect(runnerUp.mrz.check_digits_valid).toBe(false);
    expect(runnerUp.warnings.map((w) => w.code)).toContain('mrz_code_uncertain');
  });

  it('draws the line at two cells', () => {
    expect(maxCellsInDoubt).toBe(2);
    expect(refusalForDoubt(2)).toBeNull();
    expect(refusalForDoubt(3)?.code).toBe('unreadable_document');
    const verdict = (surnameCells: number, givenNameCells: number, otherCells = 0, lineTwoProven = true) =>
      verdictForDoubt({ surnameCells, givenNameCells, otherCells, lineTwoProven });
    expect(verdict(0, 0)).toEqual({ withheld: noNamesWithheld });
    expect(verdict(0, 0, 2, false)).toEqual({ withheld: noNamesWithheld });
    // A name part holding a letter in doubt is withheld, however few: its letters are not guessed.
    expect(verdict(1, 1)).toEqual({ withheld: { surname: true, givenNames: true } });
    expect(verdict(1, 1, 0, false)).toEqual({ withheld: { surname: true, givenNames: true } });
    expect(verdict(0, 1, 1, false)).toEqual({ withheld: { surname: false, givenNames: true } });
    expect(verdict(3, 0)).toEqual({ withheld: { surname: true, givenNames: false } });
    expect(verdict(2, 2)).toEqual({ withheld: { surname: true, givenNames: true } });
    expect(verdict(1, 4)).toEqual({ withheld: { surname: true, givenNames: true } });
    expect(verdict(0, 4)).toEqual({ withheld: { surname: false, givenNames: true } });
    expect(verdict(3, 3)).toEqual({ withheld: { surname: true, givenNames: true } });
    // Only where every check digit holds over line 2 as read.
    expect(verdict(3, 0, 0, false)).toHaveProperty('refusal.code', 'unreadable_document');
    // A withheld part's letters are not answered: a number's letter or two in doubt beside them are answered as any
    // page's cell or two are (soft train-part copies of France's and Spain's specimens, names and all refused before).
    expect(verdict(6, 0, 1)).toEqual({ withheld: { surname: true, givenNames: false } });
    expect(verdict(5, 2, 1)).toEqual({ withheld: { surname: true, givenNames: true } });
    expect(verdict(3, 1, 2)).toEqual({ withheld: { surname: true, givenNames: true } });
    expect(verdict(3, 0, 2)).toEqual({ withheld: { surname: true, givenNames: false } });
    // More than two such cells are more than an answer may carry, names withheld or not.
    expect(verdict(3, 0, 3)).toHaveProperty('refusal.code', 'unreadable_document');
    expect(verdict(3, 0, 1, false)).toHaveProperty('refusal.code', 'unreadable_document');
    // Nor beside cells glare washed out of line 1, which may be the answered part's own.
    expect(verdictForDoubt({ surnameCells: 3, givenNameCells: 0, otherCells: 1, otherOnLineOne: 1, lineTwoProven: true })).toHaveProperty('refusal.code', 'unreadable_document');
  });

  describe('line 2 cells glare washed out over the optional data', () => {
    // Glare seed 1241703 item 19: glare over line 2's end washed the optional data's last fillers, its check digit and
    // the composite, six cells nothing can prove; the page was refused though every field answered is proven.
    const end = [38, 39, 40, 41, 42, 43];
    it('withholds the optional data and answers the rest, flagged, where the number and both dates are proven', () => {
      const result = decodeReadings(readings([], [], [], { washed2: end }), ctx);
      expect(result.optional_data).toBeNull();
      expect([result.passport_number, result.date_of_birth, result.expiry_date, result.surname]).toEqual(['L898902C3', '1974-08-12', '2012-04-15', 'ERIKSSON']);
      expect(result.mrz.check_digits_valid).toBe(false);
      expect(result.checks.check_digits).toMatchObject({ optional_data: 'invalid', composite: 'invalid', expiry_date: 'valid' });
      expect(result.warnings.map((w) => w.code)).toContain('mrz_washed_out');
    });
    it('refuses the page where the glare reaches a field the answer gives, and answers the optional data where glare took the composite alone', () => {
      expect(() => decodeReadings(readings([], [], [], { washed2: [26, ...end] }), ctx)).toThrow(/characters are in doubt/);
      expect(decodeReadings(readings([], [], [], { washed2: [43] }), ctx).optional_data).toBe('ZE184226B');
    });
  });

  describe('line 1 cells glare washed out, filled from the print', () => {
    // The issuing state and the surname's start washed out (UTOER read `X<<KR`), both lines otherwise as printed.
    const washedStart = [2, 3, 4, 5, 6];
    const line1 = 'P<X<<KRIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
    const names = ['Surname', 'ERIKSSON', 'Given names', 'ANNA MARIA'];
    it('takes the state from whichever pass read it under its label', () => {
      // The first pass lost the small label; the sharper one read it.
      const result = decodeReadings(readings([], washedStart, [], { line1, viz: page(names), vizSharper: page(['Code', 'UTO', ...names]) }), ctx);
      expect(result.issuing_country).toBe('UTO');
      expect(result.mrz.line1).toBe(specimen[0]);
      expect(result.mrz.check_digits_valid).toBe(true);
    });
    it('takes the whole name that spells every readable cell over the surname alone of a reading that lost a given name', () => {
      // Seed 1065001 glare 082: glare over the surname's end and the first given name (ERIKSSON<<ANNA read
      // `ERIKSS<<<<<<NA`); the re-read of the given names' line lost ANNA, the sparse pass read it.
      const washedMiddle = [11, 12, 13, 14, 15, 16];
      const cut = 'P<UTOERIKSS<<<<<<NA<MARIA<<<<<<<<<<<<<<<<<<<';
      const result = decodeReadings(readings([], washedMiddle, [], { line1: cut, viz: page(['Code', 'UTO', ...names]), refined: { givenNames: 'MARIA' } }), ctx);
      expect(result.mrz.line1).toBe(specimen[0]);
      expect(result.given_name).toBe('ANNA MARIA');
    });
    it('leaves a cut part unread where the sharper pass settles the first pass\'s dispute with nothing of its own', () => {
      // Glare seed 1236401 item 178: the MRZ cut the given names at MARGARIDA<CON; the re-read `MARGARIDA CONCEIÇÃD`
      // and the sparse `MARGARIDA CONCEIGAO S` spelled them otherwise, the sharper pass read no given names, and the
      // very re-read disputed was answered at 0.99: a letter not printed, SOFIA lost.
      const cut = 'P<UTOSIMOES<BRANDAO<MAGALHAES<<MARGARIDA<CON';
      const names = (given: readonly string[]) => page(['Code', 'UTO', 'Surname', 'SIMOES-BRANDAO-MAGALHAES', ...given]);
      const refined = { surname: 'SIMÕES-BRANDÃO-MAGALHÃES', givenNames: 'MARGARIDA CONCEIÇÃD' };
      const viz = names(['Given names', 'MARGARIDA CONCEIGAO S']);
      const unsettled = decodeReadings(readings([], [], [], { line1: cut, viz, vizSharper: names([]), refined }), ctx);
      expect([unsettled.surname, unsettled.given_name]).toEqual(['SIMÕES-BRANDÃO-MAGALHÃES', null]);
      // The sharper pass's own phrase spelling the re-read past the cut settles it.
      const settled = decodeReadings(readings([], [], [], { line1: cut, viz, vizSharper: names(['Given names', 'MARGARIDA CONCEICAD']), refined }), ctx);
      expect(settled.given_name).toBe('MARGARIDA CONCEIÇÃD');
    });
    it('leaves a cut part unread where the sharper pass, disputed within itself, read it otherwise than the first pass\'s choice', () => {
      // Glare seed 1241703 item 91: glare over HARUTO, the MRZ cut at JIAN<TAKESH; the first pass's phrase misread the
      // MRZ's part (`JIAN est HARUT`) and left the re-read `JIAN TAKESHI HAI` alone; the sharper pass read `HAR!`,
      // disputing it, answered none, and `HAI` was answered: a name not printed.
      const cut = 'P<UTOKIM<YAMAMOTO<OUYANG<TANAKA<<JIAN<TAKESH';
      const names = (given: readonly string[]) => page(['Code', 'UTO', 'Surname', 'KIM-YAMAMOTO-OUYANG-TANAKA', ...given]);
      const refined = { surname: 'KIM-YAMAMOTO-OUYANG-TANAKA', givenNames: 'JIAN TAKESHI HAI' };
      const viz = names(['Given names', 'JIAN est HARUT']);
      const disputed = decodeReadings(readings([], [], [], { line1: cut, viz, vizSharper: names(['Given names', 'JIAN TAKESHI HAR!']), refined }), ctx);
      expect([disputed.surname, disputed.given_name]).toEqual(['KIM-YAMAMOTO-OUYANG-TANAKA', null]);
      // The sharper pass reading it alike answers it.
      const alike = decodeReadings(readings([], [], [], { line1: cut, viz, vizSharper: names(['Given names', 'JIAN TAKESHI HAI']), refined }), ctx);
      expect(alike.given_name).toBe('JIAN TAKESHI HAI');
      // On a line run to the page's edge, its last glyph clipped there (styled seed 1241704 item 125: DVOŘÁK's O read
      // `C` at the edge), the sharper phrase disputes nothing with it.
      const atEdge = { ...refined, atEdge: { givenNames: true } };
      const clipped = decodeReadings(readings([], [], [], { line1: cut, viz, vizSharper: names(['Given names', 'JIAN TAKESHI HAC']), refined: atEdge }), ctx);
      expect(clipped.given_name).toBe('JIAN TAKESHI HAI');
    });
    it('leaves a cut part unread where the sharper pass\'s re-read only spells it again as the disputed re-read did', () => {
      // Hard photo 1242001 item 60: the MRZ cut the given names at MAARTE; the first pass's re-read `MAARTEN THYS`
      // disputed its sparse `MAARTEN THIS`, the sharper pass's phrase read nothing of them, and its re-read of the same
      // line read `MAARTEN THYS` again: answered, an IJ printed that it turned into a Y.
      const cut = 'P<UTOMEIJER<JANSEN<DE<VRIES<DE<GROOT<<MAARTE';
      const names = (given: readonly string[]) => page(['Code', 'UTO', 'Surname', 'MEIJER-JANSEN-DE VRIES-DE GROOT', ...given]);
      const viz = names(['Given names', 'MAARTEN THIS']);
      const vizSharper = names(['Given names', 'Gam nes Bans']);
      const refined = { surname: 'MEIJER-JANSEN-DE VRIES-DE GROOT', givenNames: 'MAARTEN THYS', earlier: { surname: null, givenNames: 'MAARTEN THYS' } };
      const again = decodeReadings(readings([], [], [], { line1: cut, viz, vizSharper, refined }), ctx);
      expect([again.surname, again.given_name]).toEqual(['MEIJER-JANSEN-DE VRIES-DE GROOT', null]);
      // The sharper pass's own phrase spelling it so settles it.
      const settled = decodeReadings(readings([], [], [], { line1: cut, viz, vizSharper: names(['Given names', 'MAARTEN THYS']), refined }), ctx);
      expect(settled.given_name).toBe('MAARTEN THYS');
      // So does one ending in its letters past the cut, whatever it made of the MRZ's part (glare 1242002 item 31:
      // `M DEL CARMEN SOFIA` beside MARÍA DEL CARMEN SOFÍA, cut at MARIA<DEL<CA).
      const ending = decodeReadings(readings([], [], [], { line1: cut, viz, vizSharper: names(['Given names', 'MAAPTFN THYS']), refined }), ctx);
      expect(ending.given_name).toBe('MAARTEN THYS');
      // And one spelling a ligature as OCR reads it, by one of its letters (glare 1242004 item 93: `MAJA YLVA KJARSTIN`
      // beside the re-read's KJÆRSTIN, twice).
      const cutLigature = 'P<UTOODEGAARD<SVENSSON<NYSTROEM<<MAJA<YLVA<K';
      const nordic = (given: readonly string[]) => page(['Code', 'UTO', 'Surname', 'ODEGAARD-SVENSSON-NYSTROEM', ...given]);
      const twice = { surname: 'ODEGAARD-SVENSSON-NYSTROEM', givenNames: 'MAJA YLVA KJÆRSTIN', earlier: { surname: null, givenNames: 'MAJA YLVA KJÆRSTIN' } };
      const first = nordic(['Given names', 'MAJA YLVA KIZERSTIN']);
      const ligature = decodeReadings(readings([], [], [], { line1: cutLigature, viz: first, vizSharper: nordic(['Given names', 'MAJA YLVA KJARSTIN']), refined: twice }), ctx);
      expect(ligature.given_name).toBe('MAJA YLVA KJÆRSTIN');
      const unsettled = decodeReadings(readings([], [], [], { line1: cutLigature, viz: first, vizSharper: nordic(['Given names', 'MAJA YLVA KIZERSTIN']), refined: twice }), ctx);
      expect(unsettled.given_name).toBeNull();
    });
    it('leaves given names the MRZ had no room for unread where the first pass disputed the re-read and the sharper one read none', () => {
      // Hard photo 1241702 item 95: the surname filled line 1, the given names' re-read read `YR` against the sparse
      // pass's NOUR YASMIN HUDA; the sharper pass placed no given names, and `YR` was answered alone.
      const full = 'P<UTOKHOURY<HADDAD<AL<HASHIMI<ABDEL<RAHMAN<A';
      const surname = ['Code', 'UTO', 'Surname', 'KHOURY HADDAD AL-HASHIMI-ABDEL-RAHMAN AL-QASIMI'];
      const refined = { surname: 'KHOURY HADDAD AL-HASHIMI-ABDEL-RAHMAN AL-QASIMI', givenNames: 'YR' };
      const viz = page([...surname, 'Given names', 'NOUR YASMIN HUDA']);
      const unsettled = decodeReadings(readings([], [], [], { line1: full, viz, vizSharper: page(surname), refined }), ctx);
      expect(unsettled.given_name).toBeNull();
      // The sharper pass's own phrase under the label, spelling the re-read, settles it.
      const own = { ...refined, givenNames: 'NOUR YASMIN HUDO' };
      const settled = decodeReadings(readings([], [], [], { line1: full, viz, vizSharper: page([...surname, 'Given names', 'NOUR YASMIN HUDO']), refined: own }), ctx);
      expect(settled.given_name).toBe('NOUR YASMIN HUDO');
    });
    it('leaves given names the MRZ had no room for unread where glare fades their line\'s end, or the passes spell them otherwise', () => {
      // Glare 1241904 item 5: the surname filled line 1; glare faded the given names WANJIRU ABENA to `WANJIRU AL`,
      // which was answered: past the MRZ nothing checks where a faded line ends.
      const full = 'P<UTOKHOURY<HADDAD<AL<HASHIMI<ABDEL<RAHMAN<A';
      const surname = ['Code', 'UTO', 'Surname', 'KHOURY HADDAD AL-HASHIMI-ABDEL-RAHMAN AL-QASIMI'];
      const viz = page([...surname, 'Given names', 'NOUR YASMIN AL']);
      const refined = { surname: 'KHOURY HADDAD AL-HASHIMI-ABDEL-RAHMAN AL-QASIMI', givenNames: 'NOUR YASMIN AL' };
      const faded = decodeReadings(readings([], [], [], { line1: full, viz, vizSharper: page(surname), refined: { ...refined, inGlare: { givenNames: true } } }), ctx);
      expect(faded.given_name).toBeNull();
      expect(decodeReadings(readings([], [], [], { line1: full, viz, vizSharper: page(surname), refined }), ctx).given_name).toBe('NOUR YASMIN AL');
      // Two passes spelling them otherwise as far as both go: neither is likelier.
      const other = page([...surname, 'Given names', 'NOUR YASMIN HUDA']);
      const rivals = decodeReadings(readings([], [], [], { line1: full, viz, vizSharper: other, refined: { surname: refined.surname } }), ctx);
      expect(rivals.given_name).toBeNull();
    });
    it('confirms no washed name cell that two readings of the print fill as far with other letters', () => {
      // Seed 1093001 glare 035: JI<WOO washed after its J, the sparse pass read `JLWOO`, the sharper one `JI-WOO`; the
      // first filled the cells and the MRZ was answered valid with JLWOO. Here ANNA's NNA washed, read ANNA and ALNA.
      const washedGiven = [16, 17, 18];
      const cut = 'P<UTOERIKSSON<<A<<<<MARIA<<<<<<<<<<<<<<<<<<<';
      const read = (given: string) => ['Code', 'UTO', 'Surname', 'ERIKSSON', 'Given names', given];
      const rivals = decodeReadings(readings([], washedGiven, [], { line1: cut, viz: page(read('ALNA MARIA')), vizSharper: page(read('ANNA MARIA')) }), ctx);
      expect([rivals.surname, rivals.given_name, rivals.mrz.line1, rivals.mrz.check_digits_valid]).toEqual(['ERIKSSON', null, null, false]);
      // Two readings alike fill them, confirmed.
      const alike = decodeReadings(readings([], washedGiven, [], { line1: cut, viz: page(read('ANNA MARIA')), vizSharper: page(read('ANNA MARIA')) }), ctx);
      expect(alike.mrz.line1).toBe(specimen[0]);
      expect(alike.mrz.check_digits_valid).toBe(true);
    });
    it('takes no fill that changes a washed letter another reading spells as the classifier read it', () => {
      // Glare seed 1241705 item 75: glare over ACHEBE; the sparse pass read `ACHERE` and filled the washed B with R,
      // the re-read and the sharper pass read ACHEBE, changing nothing; line 1 came back ACHERE, marked valid.
      // Here ERIKSSON's SON washed, read right; the sparse pass reads `ERIKSSCN`.
      const washedEnd = [10, 11, 12];
      const read = (surname: string) => ['Code', 'UTO', 'Surname', surname, 'Given names', 'ANNA MARIA'];
      const refined = { surname: 'ERIKSSON', givenNames: 'ANNA MARIA' };
      const rivals = () => decodeReadings(readings([], washedEnd, [], { viz: page(read('ERIKSSCN')), vizSharper: page(read('ERIKSSON')), refined }), ctx);
      expect(rivals).toThrow(/characters are in doubt/);
      // Every reading alike confirms the washed letters as read.
      const alike = decodeReadings(readings([], washedEnd, [], { viz: page(read('ERIKSSON')), vizSharper: page(read('ERIKSSON')), refined }), ctx);
      expect([alike.surname, alike.mrz.line1, alike.mrz.check_digits_valid]).toEqual(['ERIKSSON', specimen[0], true]);
    });
    it('counts the washed cells a reading spells as the classifier guessed them, not only those it changes', () => {
      // Glare seed 1237201 item 180: MWANGI's MWANG washed, its I washed too but guessed right; the sparse pass's
      // `MWANGT` changed one cell more than the re-read's MWANGI and was taken as the fuller copy, answered valid.
      // Here ANNA's NNA washed, its last A guessed right; the readings ANNA and ANNO.
      const cut = 'P<UTOERIKSSON<<A<<A<MARIA<<<<<<<<<<<<<<<<<<<';
      const read = (given: string) => ['Code', 'UTO', 'Surname', 'ERIKSSON', 'Given names', given];
      const rivals = decodeReadings(readings([], [16, 17, 18], [], { line1: cut, viz: page(read('ANNO MARIA')), vizSharper: page(read('ANNA MARIA')) }), ctx);
      expect([rivals.given_name, rivals.mrz.line1, rivals.mrz.check_digits_valid]).toEqual([null, null, false]);
    });
    it('counts no filler guessed in a washed cell as spelled: a reading short of the name\'s end is no rival', () => {
      // Seed 1237301 item 183: BJÖRN's washed cells read `BJORN` by a pass that lost Ö's E; its filler where the N
      // goes, guessed as glare leaves a blank cell, made it spell as many washed cells as BJOERN.
      const truth = 'P<UTOERIKSSON<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<';
      const cut = 'P<UTOERIKSSON<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<';
      const read = (given: string) => ['Code', 'UTO', 'Surname', 'ERIKSSON', 'Given names', given];
      const result = decodeReadings(readings([], [14, 15, 16, 17, 18, 19, 20], [], { line1: cut, viz: page(read('ANNA')), vizSharper: page(read('ANN')) }), ctx);
      expect([result.given_name, result.mrz.line1]).toEqual(['ANNA', truth]);
    });
    it('takes a reading of the print over the name as reconciled, whose washed letters are the classifier\'s', () => {
      // Glare seed 1235701 item 44: glare over SIGURDSSON's end and the given names, read `SIGURDSSO<<<<<<`. The print,
      // read with Þ as P, spelled no cell's copy, and the name reconciled with the MRZ's guesses (its N dropped) filled
      // the cells one early: the surname came back `…SIGURÐSSO`. Both copies filled as many cells, and counted as rivals.
      const truth = 'P<ISLTHORSDOTTIR<GUDMUNDSSON<SIGURDSSON<<GUD';
      const line2 = 'S1215198<1ISL1309076M2603254<<<<<<<<<<<<<<08';
      const washedEnd = [37, 38, 39, 40, 41, 42, 43];
      const cut = 'P<ISLTHORSDOTTIR<GUDMUNDSSON<SIGURDSSO<<<<<<';
      const read = ['Code', 'ISL', 'Surname', 'PÓRSDÓTTIR GUÐMUNDSSON-SIGURÐSSON', 'Given names', 'GUÐMUNDUR EINAR'];
      const result = decodeReadings(readings([], washedEnd, [], { line1: cut, line2, viz: page(read), vizSharper: page(read) }), ctx);
      expect(result.mrz.line1).toBe(truth);
      expect(result.surname).toBe('ÞÓRSDÓTTIR GUÐMUNDSSON-SIGURÐSSON');
    });
    it('fills no washed name cell from print too small to witness a letter', () => {
      // Seed 1234001's 464 px copy of a Swiss page: HANNAH's end washed, the print read HANNAN and filled it, and
      // the MRZ came back valid with HANNAN. Below letterWitnessPxPerMm the print changes no MRZ letter.
      const washedEnd = [22, 23, 24];
      const cut = 'P<UTOERIKSSON<<ANNA<MA<<<<<<<<<<<<<<<<<<<<<<';
      const read = ['Code', 'UTO', 'Surname', 'ERIKSSON', 'Given names', 'ANNA MARIA'];
      const small = decodeReadings(readings([], washedEnd, [], { line1: cut, viz: page(read), vizSharper: page(read), sourcePxPerMm: letterWitnessPxPerMm - 0.5 }), ctx);
      expect([small.surname, small.given_name, small.mrz.line1, small.mrz.check_digits_valid]).toEqual(['ERIKSSON', null, null, false]);
      expect(small.passport_number).toBe('L898902C3');
      const legible = decodeReadings(readings([], washedEnd, [], { line1: cut, viz: page(read), vizSharper: page(read), sourcePxPerMm: letterWitnessPxPerMm }), ctx);
      expect(legible.mrz.line1).toBe(specimen[0]);
    });
  });
});

describe('a name part past a cut MRZ', () => {
  // A generated Icelandic page (not a real person's): the MRZ cuts the given names after ASTA.
  const cut: [string, string] = ['P<ISLTHORSDOTTIR<MAGNUSSON<GUDMUNDSSON<<ASTA', 'G8118714<4SWE8306270F3006092<<<<<<<<<<<<<<06'];
  const read = (line1: string, givenNames: string, surname = 'ÞÓRSDÓTTIR-MAGNÚSSON-GUÐMUNDSSON') =>
    decodeReadings(
      readings([], [], [], {
        line1,
        line2: cut[1],
        viz: page(['Surname / Nom', surname, 'Given names / Prénoms', givenNames]),
      }),
      ctx,
    );

  it('is not read from an Icelandic page where a P or B past the cut may be a Þ that OCR cannot read', () => {
    const result = read(cut[0], 'ÁSTA HELGA PÓRUNN');
    expect(result.given_name).toBeNull();
    expect(result.full_name).toBeNull();
    expect(result.warnings.map((w) => w.code)).toContain('name_withheld');
  });

  it('nor from another state\'s page whose MRZ spells the name Icelandic, a -DOTTIR patronymic in it', () => {
    // Hard photos 1242011 item 57: ÓLAFUR EINAR ÞÓR on a Utopian page, read `ÓLAFUR EINAR PÓR` past the cut.
    expect(read(cut[0].replace('ISL', 'UTO'), 'ÁSTA HELGA PÓRUNN').given_name).toBeNull();
  });

  it('is read where nothing past the cut could be a Þ, or neither the page nor the name is Icelandic', () => {
    expect(read(cut[0], 'ÁSTA HELGA SIGRÚN').given_name).toBe('ÁSTA HELGA SIGRÚN');
    const swedish = 'P<SWETHORSTENSON<MAGNUSSON<GUDMUNDSSON<<ASTA';
    expect(read(swedish, 'ÁSTA HELGA PÓRUNN', 'THORSTENSON-MAGNUSSON-GUDMUNDSSON').given_name).toBe('ÁSTA HELGA PÓRUNN');
  });
});

describe('a part past a cut MRZ that a pass reads going on', () => {
  // The MRZ keeps EMILY CHARLOTTE ELEANOR's E; line 2 is the specimen's, every check holding.
  const line1 = 'P<GBRDAVIES<SMITH<MONTGOMERY<CHOLMONDELEY<<E';
  const rowsWith = (givenNames: string) => page(['Surname', 'DAVIES-SMITH-MONTGOMERY-CHOLMONDELEY', 'Given names', givenNames]);

  it('is not read from another pass that reads less of it', () => {
    // The first pass reads a word past where the re-read stops (glare over the rest); the sharper pass reads no more
    // than the re-read. Answering the shorter reading would be a name cut short.
    const result = decodeReadings(
      readings([], [], [], { line1, viz: rowsWith('EMILY CHARLOTTE ELEANOR'), vizSharper: rowsWith('EMILY CHARLOTTE'), refined: { givenNames: 'EMILY CHARLOTTE' } }),
      ctx,
    );
    expect(result.given_name).toBeNull();
    expect(result.full_name).toBeNull();
    expect(result.surname).toBe('DAVIES-SMITH-MONTGOMERY-CHOLMONDELEY');
  });

  it('is read where the passes read it alike', () => {
    const whole = rowsWith('EMILY CHARLOTTE ELEANOR');
    const result = decodeReadings(readings([], [], [], { line1, viz: whole, vizSharper: whole, refined: { givenNames: 'EMILY CHARLOTTE ELEANOR' } }), ctx);
    expect(result.given_name).toBe('EMILY CHARLOTTE ELEANOR');
  });
});

describe('the date of issue', () => {
  // The specimen expires 15 APR 12: the 5/10-year rule's dates are 16 APR 02 (ten years less a day) and 15 APR 02.
  const zone = (issue: string) => page(['ERIKSSON', 'ANNA MARIA', '12 AUG 74', issue, '15 APR 12']);
  it("counts the ink page read for a name as a reading of the rule's dates, rival to the passes'", () => {
    // Seed 1239901 hard photo 20: both passes read the day's 6 as 5; the ink page, read for a name, read it 6.
    const passes = { viz: zone('15 APR 02'), vizSharper: zone('15 APR 02') };
    expect(decodeReadings(readings([], [], [], passes), ctx).issue_date).toBe('2002-04-15');
    expect(decodeReadings(readings([], [], [], { ...passes, vizInkForNames: zone('16 APR 02') }), ctx).issue_date).toBeNull();
    // Read alike there, it is no rival.
    expect(decodeReadings(readings([], [], [], { ...passes, vizInkForNames: zone('15 APR 02') }), ctx).issue_date).toBe('2002-04-15');
  });
});
