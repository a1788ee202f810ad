import { describe, expect, it } from 'vitest';
import { parseCardLines } from '../../plugins/pan/cardLayout.ts';
import { decodePanReadings, initialOf, type PanReadings } from '../../plugins/pan/panDecode.ts';
import { panResultSchema } from '../../plugins/pan/result.ts';
import { cardLinesOf, type PrintedRow } from './cardLinesOf.ts';

const now = new Date('2026-11-22T00:00:00Z');

/** A new card's OCR lines with the given values (a null father leaves the father rows out). */
function newCard(pan: string, name: string, father: string | null, date: string, dateLabel = father === null ? 'Date of Incorporation/Formation' : 'Date of Birth'): PrintedRow[] {
  return [
    { text: 'INCOME TAX DEPARTMENT', x: 150, y: 145 },
    { text: 'Permanent Account Number Card', x: 345, y: 248, h: 20 },
    { text: pan, x: 345, y: 296, h: 32 },
    { text: '/ Name', x: 345, y: 366, h: 16 },
    { text: name, x: 345, y: 400 },
    ...(father === null ? [] : [{ text: "/ Father's Name", x: 345, y: 450, h: 16 }, { text: father, x: 345, y: 484 }]),
    { text: `/ ${dateLabel}`, x: 345, y: 534, h: 16 },
    { text: date, x: 345, y: 568 },
  ];
}

const readingsOf = (rows: readonly PrintedRow[], extra: Partial<PanReadings> = {}): PanReadings => ({
  card: parseCardLines(cardLinesOf(rows)),
  panReread: null,
  dateReread: null,
  panGlyphs: null,
  isEpan: false,
  source: { page: 0, text_layer: false, ocr: true },
  toPage: (x: number, y: number) => [x, y] as const,
  ...extra,
});

function decoded(rows: readonly PrintedRow[], extra: Partial<PanReadings> = {}) {
  const outcome = decodePanReadings(readingsOf(rows, extra), now);
  if (!outcome.ok) throw new Error(`refused: ${outcome.code} ${outcome.detail}`);
  return panResultSchema.parse(outcome.result);
}

describe('decodePanReadings', () => {
  it('decodes an individual: SPEC.md fields, date_kind birth, the initial checked against the surname', () => {
    const result = decoded(newCard('ABCPK1234F', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990'));
    expect(result).toMatchObject({
      pan_number: 'ABCPK1234F',
      full_name: 'RAVI KUMAR',
      father_name: 'SURESH KUMAR',
      date_of_birth: '1990-03-12',
      holder_type_code: 'P',
      holder_type: 'Individual',
      pan_structure: { series: 'ABC', holder_type_code: 'P', holder_type: 'Individual', name_initial: 'K', sequence: '1234', check_digit: 'F' },
      date_kind: 'birth',
      card_layout: 'new',
      checks: { format_valid: true, holder_type_known: true, name_initial_matches: true, date_plausible: true },
      repairs: [],
    });
  });

  it('reads DD-MM-YYYY as well as DD/MM/YYYY', () => {
    expect(decoded(newCard('ABCPK1234F', 'RAVI KUMAR', 'SURESH KUMAR', '05-07-1980')).date_of_birth).toBe('1980-07-05');
  });

  it('reports an initial that is not the surname\'s, and lowers the confidence, without changing the PAN', () => {
    const matching = decoded(newCard('ABCPK1234F', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990'));
    const result = decoded(newCard('ABCPR1234F', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990'));
    expect(result.pan_number).toBe('ABCPR1234F');
    expect(result.checks.name_initial_matches).toBe(false);
    expect(result.warnings.join(' ')).toMatch(/5th character/);
    expect(result.confidence.pan_number).toBeLessThan(matching.confidence.pan_number);
  });

  it('gives non-individuals no father and an incorporation date', () => {
    const result = decoded(newCard('TDVCS9246R', 'SUNRISE TEXTILES PRIVATE LIMITED', null, '18-08-1959'));
    expect(result).toMatchObject({
      holder_type_code: 'C',
      holder_type: 'Company',
      father_name: null,
      date_of_birth: '1959-08-18',
      date_kind: 'incorporation',
      checks: { name_initial_matches: true },
    });
    expect(result.confidence.father_name).toBe(1);
  });

  it('ignores a second name line on a non-individual card rather than reporting it as a father', () => {
    const rows = newCard('TDVTS9246R', 'SHAKTI SEVA TRUST', null, '18-08-1959');
    rows.splice(5, 0, { text: "/ Father's Name", x: 345, y: 450, h: 16 }, { text: 'NOISE LINE', x: 345, y: 484 });
    const result = decoded(rows);
    expect(result.father_name).toBeNull();
    expect(result.date_kind).toBe('incorporation');
  });

  it('repairs the PAN by position and records each repair', () => {
    const result = decoded(newCard('A8CPKI234F', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990'));
    expect(result.pan_number).toBe('ABCPK1234F');
    expect(result.repairs.filter((r) => r.field === 'pan_number').map((r) => [r.position, r.from, r.to])).toEqual([
      [2, '8', 'B'],
      [6, 'I', '1'],
    ]);
  });

  it('prefers a clean whitelisted re-read over a first reading that needed repairs', () => {
    const result = decoded(newCard('ABCPK12S4F', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990'), { panReread: { text: 'ABCPK1234F', confidence: 0.9 } });
    expect(result.pan_number).toBe('ABCPK1234F');
  });
});

describe('a digit where a letter must be', () => {
  const rows = newCard('ABCPK12340', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990');
  // Glyphs set one after another with the same ink gap (a proportional font), or each in one fixed advance.
  const runsOf = (widths: number[], advance?: number) => {
    let x = 10;
    return widths.map((width, i) => {
      const run = advance === undefined ? { x, width } : { x: 10 + i * advance + (advance - width) / 2, width };
      x += width + 4;
      return run;
    });
  };
  const withWidths = (widths: number[], advance?: number): Partial<PanReadings> => {
    const card = parseCardLines(cardLinesOf(rows));
    return { card, panGlyphs: card.pan ? { line: card.pan.line, runs: runsOf(widths, advance) } : null };
  };

  it('is repaired when the glyph is as wide as a letter O', () => {
    const outcome = decodePanReadings(readingsOf(rows, withWidths([24, 24, 24, 24, 24, 20, 20, 20, 20, 29])), now);
    expect(outcome.ok && outcome.result.pan_number).toBe('ABCPK1234O');
  });

  it('is refused when the glyph is as wide as the card\'s own digits', () => {
    const outcome = decodePanReadings(readingsOf(rows, withWidths([24, 24, 24, 24, 24, 20, 20, 20, 20, 20])), now);
    expect(outcome).toMatchObject({ ok: false, code: 'invalid_document' });
  });

  it('is repaired in a fixed-pitch font, whose widths tell a letter from a digit no better', () => {
    const outcome = decodePanReadings(readingsOf(rows, withWidths([24, 24, 24, 24, 24, 20, 20, 20, 20, 20], 30)), now);
    expect(outcome.ok && outcome.result.pan_number).toBe('ABCPK1234O');
  });

  it('is repaired when the glyphs could not be measured one by one', () => {
    const outcome = decodePanReadings(readingsOf(rows, withWidths([24, 24, 24, 24, 24, 20, 20, 20, 40])), now);
    expect(outcome.ok && outcome.result.pan_number).toBe('ABCPK1234O');
  });
});

describe('a name that starts right of the field column', () => {
  it('is answered as read, with a warning and half the confidence', () => {
    const rows = newCard('ABCPK1234F', 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990').map((r) => (r.text === 'SURESH KUMAR' ? { ...r, text: 'SH KUMAR', x: r.x + 70 } : r));
    const result = decoded(rows);
    expect(result.father_name).toBe('SH KUMAR');
    expect(result.warnings.some((w) => w.startsWith("The father's name starts right"))).toBe(true);
    expect(result.confidence.father_name).toBeLessThan(0.5);
    expect(result.warnings.some((w) => w.startsWith("The holder's name starts right"))).toBe(false);
  });
});

describe('a character too many in the PAN', () => {
  it('is dropped where a thin stroke follows a J, the hook OCR reads as one', () => {
    const result = decoded(newCard('DJIXGK7821T', 'KAVERI TRUST', null, '12/03/1990'));
    expect(result.pan_number).toBe('DJXGK7821T');
    expect(result.warnings.some((w) => w.includes('character too many'))).toBe(false);
  });

  it('is answered in doubt where dropping another character would leave another PAN about as likely', () => {
    // The printed PAN is AAAHH1980B; OCR read an 8 too many, and dropping the 1 is only likelier by the stray prior.
    const result = decoded(newCard('AAAHH19808B', 'JONE DOE', 'JAMES DOE', '01/02/1980'));
    expect(result.warnings.some((w) => w.includes('character too many'))).toBe(true);
    expect(result.confidence.pan_number).toBeLessThan(0.5);
  });

  it("is dropped where the name's initial proves the place", () => {
    const result = decoded(newCard('ABCPGS1234F', 'RAVI GUPTA', 'SURESH GUPTA', '12/03/1990'));
    expect(result.pan_number).toBe('ABCPG1234F');
    expect(result.warnings.some((w) => w.includes('character too many'))).toBe(false);
  });
});

describe('refusals', () => {
  const refusal = (rows: readonly PrintedRow[]) => {
    const outcome = decodePanReadings(readingsOf(rows), now);
    expect(outcome.ok).toBe(false);
    return outcome.ok ? null : outcome;
  };

  it('refuses the blank template XXXXXXXXXX', () => {
    expect(refusal(newCard('XXXXXXXXXX', 'XXXXXXXXXXXXXXX', 'XXXXXXXXXXXXXXX', '01/01/2000'))).toMatchObject({ code: 'invalid_document', hint: 'blank template' });
  });

  it.each(['ABCQ12345Z', 'PQRQ67890K'])('refuses a card whose PAN (%s) does not fit the format', (pan) => {
    expect(refusal(newCard(pan, 'RAVI KUMAR', 'SURESH KUMAR', '12/03/1990'))?.code).toBe('invalid_document');
  });

  it('refuses another identity document\'s page as the wrong document type', () => {
    const outcome = refusal([
      { text: 'REPUBLIC OF INDIA', x: 0, y: 0 },
      { text: 'PASSPORT', x: 0, y: 40 },
      { text: 'P<INDSHARMA<<RAVI<<<<<<<<<<<<<<<<<<<<<<<<<<<', x: 0, y: 400 },
    ]);
    expect(outcome?.code).toBe('wrong_document_type');
  });

  it('refuses a page of another document\'s labels that carries a clean PAN-shaped run, naming no other document', () => {
    // An identity card's page: no word of a PAN card, labels no PAN card prints, and a run that fits a PAN.
    const outcome = refusal([
      { text: 'IDENTITY CARD', x: 0, y: 0 },
      { text: 'Name', x: 0, y: 40 },
      { text: 'RAVI SHARMA', x: 0, y: 80 },
      { text: 'Nationality', x: 0, y: 120 },
      { text: 'Date of birth', x: 0, y: 160 },
      { text: '12/03/1990', x: 0, y: 200 },
      { text: 'Date of expiry', x: 0, y: 240 },
      { text: 'ABCPS1234F', x: 0, y: 280 },
    ]);
    expect(outcome).toMatchObject({ code: 'wrong_document_type' });
    expect(`${outcome?.detail} ${outcome?.hint}`).not.toMatch(/passport|identity|\/v1\/documents/i);
  });

  it('takes no repaired PAN-shaped run from a page with nothing of a PAN card on it', () => {
    const noise = [
      { text: 'sinodoln E] v.6T AON', x: 0, y: 0 },
      { text: 'Q8CPKI2S4F 3p 918Q', x: 0, y: 40 },
      { text: 'axas / xas', x: 0, y: 80 },
      { text: 'PujeuoneN / Aeuonen', x: 0, y: 120 },
      { text: 'WoN / dweuins', x: 0, y: 160 },
    ];
    expect(decodePanReadings(readingsOf(noise), now)).toMatchObject({ ok: false, code: 'wrong_document_type' });
    expect(decodePanReadings(readingsOf([...noise, { text: '22URIAIIIP', x: 0, y: 200 }]), now)).toMatchObject({ ok: false, code: 'wrong_document_type' });
    expect(decodePanReadings(readingsOf([...noise, { text: 'ABCPK1234F', x: 0, y: 200 }]), now).ok).toBe(true);
  });

  it('calls a page with no text unreadable, never guessing', () => {
    expect(refusal([])?.code).toBe('unreadable_document');
  });
});

describe('initialOf', () => {
  it.each([
    ['RAVI KUMAR', true, 'K'],
    ['ANITA RAO DESAI', true, 'D'],
    ['THE PEACOCK TRUST', false, 'P'],
    ['SUNRISE TEXTILES LIMITED', false, 'S'],
    ['RAJESH KULKARNI HUF', false, 'R'],
  ])('%s (individual: %s) has initial %s', (name, individual, initial) => {
    expect(initialOf(name, individual)).toBe(initial);
  });
});
