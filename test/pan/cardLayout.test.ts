import { describe, expect, it } from 'vitest';
import { labelOf, parseCardLines } from '../../plugins/pan/cardLayout.ts';
import { cardLinesOf } from './cardLinesOf.ts';

/** A new (2017+) card for an individual, as OCR lines: Hindi read as Latin noise, labels above their values. */
const newIndividual = cardLinesOf([
  { text: 'maa fav', x: 150, y: 100 },
  { text: 'INCOME TAX DEPARTMENT', x: 150, y: 145 },
  { text: 'GOVT. OF INDIA', x: 770, y: 140 },
  { text: 'Permanent Account Number Card', x: 345, y: 248, h: 20 },
  { text: 'ABCPK1234F', x: 345, y: 296, h: 32 },
  { text: '#™ / Name', x: 345, y: 366, h: 16 },
  { text: 'RAVI KUMAR', x: 345, y: 400 },
  { text: "fuat @1 =m / Father's Name", x: 345, y: 450, h: 16 },
  { text: 'SURESH KUMAR', x: 345, y: 484 },
  { text: 'Fee A aie / Date of Birth', x: 345, y: 534, h: 16 },
  { text: '12/03/1990', x: 345, y: 568 },
  { text: 'EEE / Signature', x: 830, y: 640, h: 16 },
]);

/** An old (pre-2017) card: no labels, name / father / date in that order above `Permanent Account Number`. */
const oldIndividual = cardLinesOf([
  { text: 'INCOME TAX DEPARTMENT', x: 50, y: 100 },
  { text: 'GOVT. OF INDIA', x: 700, y: 100 },
  { text: 'ANITA DESAI', x: 50, y: 200 },
  { text: 'RAMESH DESAI', x: 50, y: 260 },
  { text: '05-07-1980', x: 50, y: 320 },
  { text: 'Permanent Account Number', x: 50, y: 380, h: 20 },
  { text: 'QWEPD4321K', x: 50, y: 430, h: 32 },
  { text: 'Signature', x: 60, y: 600, h: 18 },
]);

describe('parseCardLines', () => {
  it('reads a new card by its labels', () => {
    const card = parseCardLines(newIndividual);
    expect(card.layout).toBe('new');
    expect(card.pan?.candidate.outcome).toMatchObject({ ok: true, pan: 'ABCPK1234F' });
    expect(card.name?.text).toBe('RAVI KUMAR');
    expect(card.fatherName?.text).toBe('SURESH KUMAR');
    expect(card.date?.text).toBe('12/03/1990');
    expect(card.dateLabel).toBe('birth');
  });

  it('reads an old card by order, name above father, whatever order the lines arrive in', () => {
    const card = parseCardLines([...oldIndividual].reverse());
    expect(card.layout).toBe('old');
    expect(card.name?.text).toBe('ANITA DESAI');
    expect(card.fatherName?.text).toBe('RAMESH DESAI');
    expect(card.date?.text).toBe('05-07-1980');
    expect(card.panLine?.text).toBe('QWEPD4321K');
    expect(card.pan?.candidate.outcome).toMatchObject({ ok: true, pan: 'QWEPD4321K' });
  });

  it("finds the field column's left edge where labels and values are printed flush left", () => {
    expect(parseCardLines(newIndividual).valueColumnX0).toBe(345);
    expect(parseCardLines(oldIndividual).valueColumnX0).toBe(50);
    // The holder's name read from its third word on does not move the column.
    const cut = newIndividual.map((l) => (l.text === 'RAVI KUMAR' ? cardLinesOf([{ text: 'KUMAR', x: 480, y: 400 }])[0]! : l));
    const card = parseCardLines(cut);
    expect(card.name?.text).toBe('KUMAR');
    expect(card.valueColumnX0).toBe(345);
  });

  it("reads values in capitals that hold a label's word as the values under the card's mixed-case labels", () => {
    const values: Record<string, string> = { 'RAVI KUMAR': 'APPLICANT NAME', 'SURESH KUMAR': "APPLICANT'S FATHER NAME" };
    const template = newIndividual.map((l) => (values[l.text] === undefined ? l : cardLinesOf([{ text: values[l.text]!, x: l.x0, y: l.y0 }])[0]!));
    const card = parseCardLines(template);
    expect(card.name?.text).toBe('APPLICANT NAME');
    expect(card.fatherName?.text).toBe("APPLICANT'S FATHER NAME");
  });

  it('keeps labels printed in capitals as labels on a card that prints them so', () => {
    const upper = newIndividual.map((l) => (/Name|Birth/.test(l.text) ? cardLinesOf([{ text: l.text.toUpperCase(), x: l.x0, y: l.y0, h: 16 }])[0]! : l));
    const card = parseCardLines(upper);
    expect(card.name?.text).toBe('RAVI KUMAR');
    expect(card.fatherName?.text).toBe('SURESH KUMAR');
    expect(card.dateLabel).toBe('birth');
  });

  it('never swaps name and father on a new card, even when the father is read first', () => {
    const card = parseCardLines([...newIndividual].sort((a, b) => b.y0 - a.y0));
    expect(card.name?.text).toBe('RAVI KUMAR');
    expect(card.fatherName?.text).toBe('SURESH KUMAR');
  });

  it('takes the name from above the father\'s label when the name label is misread, never the father\'s name', () => {
    const rows = newIndividual.filter((l) => l.text !== '#™ / Name');
    const card = parseCardLines([...rows, ...cardLinesOf([{ text: 'Narr', x: 345, y: 366, h: 16 }])]);
    expect(card.name?.text).toBe('RAVI KUMAR');
    expect(card.fatherName?.text).toBe('SURESH KUMAR');
  });

  it('finds the father between the name and the date when his label is misread', () => {
    const rows = newIndividual.filter((l) => !l.text.includes("Father's"));
    const card = parseCardLines([...rows, ...cardLinesOf([{ text: 'fuat @1 =m / Fatlr', x: 345, y: 450, h: 16 }])]);
    expect(card.name?.text).toBe('RAVI KUMAR');
    expect(card.fatherName?.text).toBe('SURESH KUMAR');
  });

  it('reads an old company card: one name line, and an entity name holding CORPORATION is no label', () => {
    const card = parseCardLines(
      cardLinesOf([
        { text: 'INCOME TAX DEPARTMENT', x: 50, y: 100 },
        { text: 'GOVT. OF INDIA', x: 700, y: 100 },
        { text: 'KAVERI MUNICIPAL CORPORATION', x: 50, y: 200 },
        { text: '18/08/1959', x: 50, y: 260 },
        { text: 'Permanent Account Number', x: 50, y: 320, h: 20 },
        { text: 'TDVLK9246R', x: 50, y: 370, h: 32 },
      ]),
    );
    expect(card.layout).toBe('old');
    expect(card.name?.text).toBe('KAVERI MUNICIPAL CORPORATION');
    expect(card.fatherName).toBeNull();
    expect(card.dateLabel).toBeNull();
  });

  it('reads a new company card: the incorporation label, no father', () => {
    const card = parseCardLines(
      cardLinesOf([
        { text: 'INCOME TAX DEPARTMENT', x: 150, y: 145 },
        { text: 'Permanent Account Number Card', x: 345, y: 248, h: 20 },
        { text: 'TDVCS9246R', x: 345, y: 296, h: 32 },
        { text: '#™ / Name', x: 345, y: 366, h: 16 },
        { text: 'SUNRISE INFORMATION SYSTEMS LIMITED', x: 345, y: 400 },
        { text: 'Proms § aifa / Date of Incorporation/Formation', x: 345, y: 445, h: 16 },
        { text: '18-08-1959', x: 345, y: 482 },
      ]),
    );
    expect(card.layout).toBe('new');
    expect(card.name?.text).toBe('SUNRISE INFORMATION SYSTEMS LIMITED');
    expect(card.fatherName).toBeNull();
    expect(card.dateLabel).toBe('incorporation');
    expect(card.date?.text).toBe('18-08-1959');
  });

  it('counts words no PAN card prints and PAN-card words apart', () => {
    const other = parseCardLines(cardLinesOf([{ text: 'REPUBLIC OF INDIA', x: 0, y: 0 }, { text: 'P<INDSHARMA<<RAVI<<<<<<<<<<<<<', x: 0, y: 50 }]));
    expect(other.notOnPanCard).toBeGreaterThan(0);
    expect(other.panCardMarkers).toBe(0);
  });
});

describe('labelOf', () => {
  it.each([
    ["Father's Name", 'father'],
    ['Date of Birth', 'birth'],
    ['Date of Incorporation/Formation', 'incorporation'],
    ['Permanent Account Number', 'pan_label'],
    ['INCOME TAX DEPARTMENT', 'header'],
    ['GOVT. OF INDIA', 'header'],
    ['/ Name', 'name'],
    ['KAVERI MUNICIPAL CORPORATION', null],
    ['SUNRISE INFORMATION SYSTEMS', null],
    ['STATE BANK OF INDIA', null],
    ['PUBLIC WORKS DEPARTMENT', null],
  ])('%s is %s', (text, kind) => {
    expect(labelOf(cardLinesOf([{ text, x: 0, y: 0 }])[0]!)).toBe(kind);
  });
});
