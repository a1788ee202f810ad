import { describe, expect, it } from 'vitest';
import { parseCardLines } from '../../plugins/pan/cardLayout.ts';
import { inkExtent } from '../../plugins/pan/cardOcr.ts';
import { lettersForSymbols, repairKnownWords } from '../../plugins/pan/nameRepair.ts';
import { decodePanReadings, type PanReadings } from '../../plugins/pan/panDecode.ts';
import { panCandidatesInLine } from '../../plugins/pan/panNumber.ts';
import { panResultSchema } from '../../plugins/pan/result.ts';
import { cardLinesOf, type PrintedRow } from './cardLinesOf.ts';

const now = new Date('2026-11-22T00:00:00Z');

function newCard(pan: string, name: string, father: string | null, date: string, options: { confidence?: number } = {}): PrintedRow[] {
  const c = options.confidence === undefined ? {} : { confidence: options.confidence };
  return [
    { text: 'INCOME TAX DEPARTMENT', x: 150, y: 145 },
    { text: 'Permanent Account Number Card', x: 345, y: 248, h: 20 },
    { text: pan, x: 345, y: 296, h: 32, ...c },
    { text: '/ Name', x: 345, y: 366, h: 16 },
    { text: name, x: 345, y: 400 },
    ...(father === null ? [] : [{ text: "/ Father's Name", x: 345, y: 450, h: 16 }, { text: father, x: 345, y: 484 }]),
    { text: father === null ? '/ Date of Incorporation/Formation' : '/ Date of Birth', x: 345, y: 534, h: 16 },
    { text: date, x: 345, y: 568 },
  ];
}

const readingsOf = (rows: readonly PrintedRow[]): PanReadings => ({
  card: parseCardLines(cardLinesOf(rows)),
  panReread: null,
  dateReread: null,
  panGlyphs: null,
  isEpan: false,
  source: { page: 0, text_layer: false, ocr: true },
  toPage: (x: number, y: number) => [x, y] as const,
});

const decode = (rows: readonly PrintedRow[]) => decodePanReadings(readingsOf(rows), now);
const result = (rows: readonly PrintedRow[]) => {
  const outcome = decode(rows);
  if (!outcome.ok) throw new Error(`refused: ${outcome.code}`);
  return panResultSchema.parse(outcome.result);
};

describe('symbols read for glyphs', () => {
  it('a closing bracket at a PAN letter position is a J (OHTPV9936) read with a bracket)', () => {
    const best = panCandidatesInLine('OHTPV9936)').find((c) => c.outcome.ok);
    expect(best?.outcome).toMatchObject({ ok: true, pan: 'OHTPV9936J' });
    expect(result(newCard('OHTPV9936)', 'RAVI VERMA', 'SURESH VERMA', '12/03/1990')).pan_number).toBe('OHTPV9936J');
  });

  it('a bracket inside a word of capitals is the J it was read from, and the repair is recorded', () => {
    expect(lettersForSymbols('BAJA)', true)).toEqual({ text: 'BAJAJ', repairs: [{ index: 4, from: ')', to: 'J' }] });
    const r = result(newCard('ABCPB1234F', 'ANANYA FERNANDES', 'WEI BAJA)', '12/03/1990'));
    expect(r.father_name).toBe('WEI BAJAJ');
    expect(r.repairs).toContainEqual({ field: 'father_name', position: 9, from: ')', to: 'J', reason: 'letter_expected' });
  });

  it('keeps the brackets of a bracketed word and leaves lone symbols alone', () => {
    expect(lettersForSymbols('(HUF)', false).text).toBe('(HUF)');
    expect(lettersForSymbols(')', true).text).toBe(')');
  });
});

describe('known words of entity names', () => {
  it.each([
    ['WILLIAMS FAMILY HUG', 'H', 'WILLIAMS FAMILY HUF'],
    ['MEHTA FAMALY HUF', 'H', 'MEHTA FAMILY HUF'],
    ['KAVERI AGRO PRIVATE LIMITEO', 'C', 'KAVERI AGRO PRIVATE LIMITED'],
    ['GANGA VENTURES LLF', 'E', 'GANGA VENTURES LLP'],
    ['PATEL SEVA TRUSI', 'T', 'PATEL SEVA TRUST'],
  ] as const)('%s (holder %s) is %s', (read, code, want) => {
    const repaired = repairKnownWords(read, code);
    expect(repaired.text).toBe(want);
    expect(repaired.repairs).toHaveLength(1);
    expect(repaired.repairs[0]?.reason).toBe('known_word');
  });

  it('only at their place and only for the kind that carries them', () => {
    expect(repairKnownWords('HUG MEHTA HUF', 'H').text).toBe('HUG MEHTA HUF');
    expect(repairKnownWords('RAVI HUG', 'P').text).toBe('RAVI HUG');
    expect(repairKnownWords('SUNRISE LIMITED', 'H').text).toBe('SUNRISE LIMITED');
  });

  it('are repaired in the answer, recorded', () => {
    const r = result(newCard('ABCHW1234F', 'WILLIAMS FAMILY HUG', null, '12/03/1990'));
    expect(r.full_name).toBe('WILLIAMS FAMILY HUF');
    expect(r.repairs).toContainEqual({ field: 'full_name', position: 19, from: 'G', to: 'F', reason: 'known_word' });
  });
});

describe('the holder-type table decides a look-alike 4th character', () => {
  it('R on a card with a father and a birth date is P', () => {
    const r = result(newCard('ABCRK1234F', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990'));
    expect(r.pan_number).toBe('ABCPK1234F');
    expect(r.repairs).toContainEqual({ field: 'pan_number', position: 4, from: 'R', to: 'P', reason: 'holder_type_expected' });
  });

  it('a 4th character with two look-alike codes (Q: C or G) is not repaired: answered as read, the check false', () => {
    const r = result(newCard('ABCQK1234F', 'SUNRISE LIMITED', null, '12/03/1990'));
    expect(r).toMatchObject({ pan_number: 'ABCQK1234F', holder_type_code: 'Q', holder_type: null, checks: { holder_type_known: false } });
    expect(r.pan_structure).toMatchObject({ holder_type_code: 'Q', holder_type: null });
    expect(r.warnings.some((w) => w.includes('no holder-type table'))).toBe(true);
  });

  it("a template's PAN in no table, read clean, is answered as printed; the father's name says individual", () => {
    const r = result(newCard('ABCDE1234F', 'APPLICANT NAME', 'SURESH KUMAR', '01/06/1995'));
    expect(r).toMatchObject({ pan_number: 'ABCDE1234F', holder_type_code: 'D', holder_type: null, date_kind: 'birth', checks: { holder_type_known: false } });
    expect(r.father_name).toBe('SURESH KUMAR');
  });

  it('a 4th character in no table that needed a repair to fit stays refused', () => {
    expect(decode(newCard('ABCQ12345Z', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990'))).toMatchObject({ ok: false, code: 'invalid_document' });
  });
});

describe('the name decides an unsure 5th character', () => {
  it('a 5th character repaired from a digit, the look-alike of the surname initial, is the initial', () => {
    // 0 at position 5 repairs to O; the surname is DUTTA, and O and D look alike.
    const r = result(newCard('ABCP01234F', 'RAVI DUTTA', 'SURESH DUTTA', '12/03/1990'));
    expect(r.pan_number).toBe('ABCPD1234F');
    expect(r.checks.name_initial_matches).toBe(true);
    expect(r.repairs).toContainEqual({ field: 'pan_number', position: 5, from: 'O', to: 'D', reason: 'name_initial' });
  });

  it('a sure 5th character that is not the initial stays, answered 200 with the check false and a warning', () => {
    const r = result(newCard('AAAPA8888A', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990'));
    expect(r.pan_number).toBe('AAAPA8888A');
    expect(r.checks.name_initial_matches).toBe(false);
    expect(r.warnings.join(' ')).toMatch(/5th character/);
  });
});

describe('never a guess with 200', () => {
  it('a PAN that needed several repairs and that the name contradicts is refused with a hint', () => {
    const outcome = decode(newCard('A8CPX12S4F', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990'));
    expect(outcome).toMatchObject({ ok: false, code: 'unreadable_document' });
    expect(outcome.ok ? '' : outcome.hint).toMatch(/sharper/);
  });

  it('a PAN that needed three repairs is answered with a warning', () => {
    const r = result(newCard('A8CPK1ZS4F', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990'));
    expect(r.pan_number).toBe('ABCPK1254F');
    expect(r.warnings.join(' ')).toMatch(/several repairs/);
  });
});

describe('names from where the ink ends', () => {
  it('a new card whose labels were not read: the names are the lines under the PAN', () => {
    const rows: PrintedRow[] = [
      { text: 'INCOME TAX DEPARTMENT', x: 150, y: 145 },
      { text: 'FQUPG8659Q', x: 345, y: 226, h: 32 },
      { text: 'KIRAN GONSALVES', x: 345, y: 361 },
      { text: 'TARA ABHISHEK SAI AHUJA', x: 345, y: 440 },
    ];
    const card = parseCardLines(cardLinesOf(rows));
    expect(card.name?.text).toBe('KIRAN GONSALVES');
    expect(card.fatherName?.text).toBe('TARA ABHISHEK SAI AHUJA');
  });

  it('inkExtent follows a line past its box to where the ink stops', () => {
    const width = 400;
    const height = 40;
    const data = Buffer.alloc(width * height, 230);
    // Letters (8 px wide, 4 px apart) from x 20 to x 300; then paper, then a QR-like block from 340.
    for (let x = 20; x < 300; x++) if ((x - 20) % 12 < 8) for (let y = 10; y < 30; y++) data[y * width + x] = 20;
    for (let x = 340; x < 390; x++) for (let y = 5; y < 35; y++) data[y * width + x] = 10;
    const extent = inkExtent({ data, width, height, channels: 1 }, { x0: 20, y0: 10, x1: 150, y1: 30 });
    expect(extent?.x0).toBe(20);
    expect(extent?.x1).toBeGreaterThanOrEqual(295);
    expect(extent?.x1).toBeLessThan(340);
  });
});

describe('values joined with noise beside them', () => {
  const word = (text: string, x0: number, y0: number, x1: number, y1: number) => ({ text, confidence: 0.9, x0, y0, x1, y1 });
  const line = (words: ReturnType<typeof word>[]) => ({
    text: words.map((w) => w.text).join(' '),
    confidence: 0.9,
    x0: Math.min(...words.map((w) => w.x0)),
    y0: Math.min(...words.map((w) => w.y0)),
    x1: Math.max(...words.map((w) => w.x1)),
    y1: Math.max(...words.map((w) => w.y1)),
    words,
  });
  const header = line([word('INCOME', 80, 110, 250, 134), word('TAX', 260, 110, 330, 134), word('DEPARTMENT', 340, 110, 550, 134)]);
  const pan = line([word('NWWPR7646L', 335, 251, 776, 297)]);
  const father = [line([word("Father's", 331, 442, 440, 472), word('Name', 450, 442, 520, 472)]), line([word('JAYA', 331, 486, 420, 521), word('SHARMA', 430, 486, 600, 521)])];
  const date = [line([word('Date', 331, 546, 400, 576), word('of', 410, 546, 440, 576), word('Birth', 450, 546, 520, 576)]), line([word('17.09.1962', 333, 595, 578, 631)])];

  it('a name whose line box reaches above its label (photo noise joined to it) is still the line under the label', () => {
    const label = line([word('am', 331, 339, 380, 365), word('/', 390, 339, 400, 365), word('Name', 410, 339, 494, 365)]);
    const value = line([word('oll.', 70, 349, 140, 417), word('ANJALI', 335, 370, 480, 400), word('RAO', 490, 370, 560, 400)]);
    const card = parseCardLines([header, pan, label, value, ...father, ...date]);
    expect(card.name?.text).toBe('ANJALI RAO');
  });

  it('with the name label unread, a name line led by photo noise is still a name', () => {
    const value = line([word('ac', 84, 364, 130, 431), word('POOJA', 335, 380, 470, 415), word('TRIVEDI', 480, 380, 650, 415)]);
    const card = parseCardLines([header, pan, line([word('Nam', 335, 330, 389, 349)]), value, ...father, ...date]);
    expect(card.name?.text).toBe('POOJA TRIVEDI');
    expect(card.fatherName?.text).toBe('JAYA SHARMA');
  });
});
