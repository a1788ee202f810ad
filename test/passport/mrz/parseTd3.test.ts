import { describe, expect, it } from 'vitest';
import { detectMrzFormat, mrzCheckDigit, nameMayBeTruncated, parseTd3 } from '../../../plugins/passport/mrz/index.ts';

const now = new Date('2026-11-22T00:00:00Z');
const specimen: [string, string] = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

/** A line 2 with correct check digits for the given parts (the generator under test is not used to build it). */
function line2(parts: { number?: string; nationality?: string; birth?: string; sex?: string; expiry?: string; optional?: string; optionalCheck?: string }): string {
  const number = (parts.number ?? 'L898902C3').padEnd(9, '<');
  const optional = (parts.optional ?? '').padEnd(14, '<');
  const n = number + mrzCheckDigit(number);
  const b = (parts.birth ?? '740812') + mrzCheckDigit(parts.birth ?? '740812');
  const e = (parts.expiry ?? '340415') + mrzCheckDigit(parts.expiry ?? '340415');
  const o = optional + (parts.optionalCheck ?? String(mrzCheckDigit(optional)));
  return `${n}${(parts.nationality ?? 'UTO').padEnd(3, '<')}${b}${parts.sex ?? 'F'}${e}${o}${mrzCheckDigit(n + b + e + o)}`;
}
const set = (s: string, i: number, c: string): string => s.slice(0, i) + c + s.slice(i + 1);
const line1 = (state: string, name: string): string => `P<${state.padEnd(3, '<')}${name}`.padEnd(44, '<');

describe('mrzCheckDigit', () => {
  it.each([
    ['L898902C3', 6],
    ['740812', 2],
    ['120415', 9],
    ['ZE184226B<<<<<', 1],
    ['L898902C3674081221204159ZE184226B<<<<<1', 0],
    ['<<<<<<', 0],
  ])('%s -> %i', (s, d) => expect(mrzCheckDigit(s)).toBe(d));
});

describe('parseTd3 on the ICAO specimen', () => {
  const r = parseTd3(specimen, { now });
  it('reads every field', () => {
    expect(r.fields.documentCode.value).toBe('P');
    expect(r.fields.documentType.value).toBeNull();
    expect(r.fields.issuingState).toEqual({ raw: 'UTO', value: 'UTO' });
    expect(r.fields.name).toEqual({ raw: 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', surname: 'ERIKSSON', givenNames: 'ANNA MARIA' });
    expect(r.fields.documentNumber).toEqual({ raw: 'L898902C3', value: 'L898902C3' });
    expect(r.fields.nationality.value).toBe('UTO');
    expect(r.fields.dateOfBirth).toMatchObject({ raw: '740812', value: '1974-08-12' });
    expect(r.fields.sex).toEqual({ raw: 'F', value: 'F' });
    expect(r.fields.expiryDate).toMatchObject({ raw: '120415', value: '2012-04-15' });
    expect(r.fields.optionalData).toEqual({ raw: 'ZE184226B<<<<<', value: 'ZE184226B' });
  });
  it('holds every check digit, repairs nothing, warns of expiry', () => {
    expect(r.checks).toEqual({ document_number: true, date_of_birth: true, expiry_date: true, optional_data: true, composite: true });
    expect(r.valid).toBe(true);
    expect(r.repairs).toEqual([]);
    expect(r.warnings).toEqual(['expired']);
  });
});

describe('each broken check digit fails its own verdict and the whole', () => {
  it.each([
    ['document_number', 9],
    ['date_of_birth', 19],
    ['expiry_date', 27],
    ['optional_data', 42],
    ['composite', 43],
  ] as const)('%s', (check, position) => {
    const bad = set(specimen[1], position, String((Number(specimen[1][position]) + 5) % 10));
    const r = parseTd3([specimen[0], bad], { now });
    expect(r.checks[check]).toBe(false);
    expect(r.valid).toBe(false);
    expect(r.repairs).toEqual([]);
    for (const other of ['document_number', 'date_of_birth', 'expiry_date', 'optional_data'] as const) {
      if (other !== check) expect(r.checks[other]).toBe(true);
    }
  });
});

describe('dates', () => {
  it.each([
    ['740812', '1974-08-12'],
    ['150101', '2015-01-01'],
    ['261122', '2026-11-22'],
    ['261123', '1926-11-23'],
    ['300101', '1930-01-01'],
  ])('birth %s -> %s (the latest century not in the future)', (birth, iso) => {
    const r = parseTd3([specimen[0], line2({ birth })], { now });
    expect(r.fields.dateOfBirth.value).toBe(iso);
    expect(r.valid).toBe(true);
  });
  it('never takes an expiry with unknown parts as valid, though its check digit holds', () => {
    const r = parseTd3([specimen[0], line2({ expiry: '<65101' })], { now });
    expect(r.checks.expiry_date).toBe(true);
    expect(r.valid).toBe(false);
    expect(r.errors).toContainEqual({ field: 'expiry_date', reason: 'YYMMDD' });
  });
  it('expiry is always 20YY', () => {
    expect(parseTd3([specimen[0], line2({ expiry: '991231' })], { now }).fields.expiryDate.value).toBe('2099-12-31');
  });
  it('unknown parts of a birth date decode to null, the raw text stays', () => {
    const r = parseTd3([specimen[0], line2({ birth: '74<<<<' })], { now });
    expect(r.fields.dateOfBirth).toEqual({ raw: '74<<<<', value: null, year: 1974, month: null, day: null });
    expect(r.valid).toBe(true);
  });
  it('an impossible date is an error even when its check digit holds', () => {
    const r = parseTd3([specimen[0], line2({ birth: '741332' })], { now });
    expect(r.checks.date_of_birth).toBe(true);
    expect(r.valid).toBe(false);
    expect(r.errors.map((e) => e.field)).toContain('date_of_birth');
  });
});

describe('codes, sex, optional data, names', () => {
  it('Germany D<< decodes to D', () => {
    const r = parseTd3([line1('D', 'MUSTERMANN<<ERIKA'), line2({ nationality: 'D' })], { now });
    expect(r.fields.issuingState).toEqual({ raw: 'D<<', value: 'D' });
    expect(r.fields.nationality).toEqual({ raw: 'D<<', value: 'D' });
    expect(r.valid).toBe(true);
  });
  it.each(['XXA', 'XXB', 'XXC', 'XXX', 'EUE', 'UNO', 'UNA', 'UNK', 'GBD', 'GBN', 'GBO', 'GBS', 'GBP', 'RKS', 'UTO'])('accepts special code %s', (code) => {
    const r = parseTd3([line1(code, 'DOE<<JANE'), line2({ nationality: code })], { now });
    expect(r.valid).toBe(true);
  });
  it('sex < decodes to X', () => {
    const r = parseTd3([specimen[0], line2({ sex: '<' })], { now });
    expect(r.fields.sex).toEqual({ raw: '<', value: 'X' });
    expect(r.valid).toBe(true);
  });
  it.each(['<', '0'])('empty optional data with check digit %s is valid', (digit) => {
    const r = parseTd3([specimen[0], line2({ optional: '', optionalCheck: digit })], { now });
    expect(r.checks.optional_data).toBe(true);
    expect(r.fields.optionalData.value).toBeNull();
    expect(r.valid).toBe(true);
  });
  it('a letter in the last name position warns of a truncated name', () => {
    const r = parseTd3([line1('UTO', 'VANDERSTRAATENHOFFENBERG<<ALEXANDRAMARI'), line2({})], { now });
    expect(r.warnings).toContain('name_truncated');
    expect(r.fields.name.givenNames).toBe('ALEXANDRAMARI');
  });
  it('a run of three fillers before a letter in the name is a misread letter, never a valid line', () => {
    const r = parseTd3([line1('AZE', 'HUSEYNLI<<<RKHAN'), line2({ nationality: 'AZE' })], { now });
    expect(Object.values(r.checks).every(Boolean)).toBe(true);
    expect(r.valid).toBe(false);
    expect(r.errors).toContainEqual({ field: 'name', reason: 'no run of three fillers inside the name' });
    expect(parseTd3([line1('AZE', 'HUSEYNLI<<ORKHAN'), line2({ nationality: 'AZE' })], { now }).valid).toBe(true);
  });
  it('a letter in the issuing state shape is required', () => {
    const r = parseTd3([set(specimen[0], 2, '<'), specimen[1]], { now });
    expect(r.valid).toBe(false);
  });
});

describe('repairs', () => {
  it('by class: letters in dates and check digits, digits in names and codes, < look-alikes in filler runs', () => {
    const l1 = set(set(specimen[0], 11, '0'), 40, 'K');
    const l2 = set(set(specimen[1], 15, 'O'), 19, 'Z');
    const r = parseTd3([l1, l2], { now });
    expect(r.lines).toEqual(specimen);
    expect(r.valid).toBe(true);
    expect(r.repairs).toEqual([
      { field: 'name', line: 1, position: 12, from: '0', to: 'O', reason: 'character_class' },
      { field: 'name', line: 1, position: 41, from: 'K', to: '<', reason: 'character_class' },
      { field: 'date_of_birth', line: 2, position: 16, from: 'O', to: '0', reason: 'character_class' },
      { field: 'date_of_birth_check', line: 2, position: 20, from: 'Z', to: '2', reason: 'character_class' },
    ]);
  });
  it('keeps a single letter given name after the << separator', () => {
    const r = parseTd3([line1('UTO', 'SMITH<<K'), line2({})], { now });
    expect(r.fields.name.givenNames).toBe('K');
    expect(r.repairs).toEqual([]);
  });
  it('by check digit: the unique look-alike that makes the document number hold', () => {
    const truth = line2({ number: 'AB0O12345' });
    const r = parseTd3([specimen[0], set(truth, 3, '0')], { now });
    expect(r.lines[1]).toBe(truth);
    expect(r.repairs).toEqual([{ field: 'document_number', line: 2, position: 4, from: '0', to: 'O', reason: 'check_digit' }]);
    expect(r.valid).toBe(true);
  });
  it('by check digits: every O past the number\'s first digit a 0, when the number and the composite then hold', () => {
    const truth = line2({ number: 'ZZ1000001' });
    // A soft copy's run of zeros read as Os: no single change mends the number's check.
    const read = `ZZ1OOOOO1${truth.slice(9)}`;
    const r = parseTd3([specimen[0], read], { now });
    expect(r.lines[1]).toBe(truth);
    expect(r.repairs.map((x) => [x.position, x.to, x.reason])).toEqual([4, 5, 6, 7, 8].map((p) => [p, '0', 'zeros_read_as_oh']));
    expect(r.valid).toBe(true);
    // A letter O before the first digit is the number's prefix, not a zero: the joint change leaves it.
    const prefixed = line2({ number: 'O71000001' });
    expect(parseTd3([specimen[0], `O71OOOOO1${prefixed.slice(9)}`], { now }).lines[1]).toBe(prefixed);
    // Where the change would not make the composite hold too (another misread, a check printed wrong), it is not made.
    const composite = 43;
    const wrongComposite = set(read, composite, String((Number(truth[composite]) + 1) % 10));
    expect(parseTd3([specimen[0], wrongComposite], { now }).repairs.some((x) => x.reason === 'zeros_read_as_oh')).toBe(false);
    // Os left past the optional data's first digit: the same misreading may hide there, unseen by the checks (a run of
    // ten weighs 40), so the number is not proven either.
    const personal = line2({ number: 'PA0000001', optional: 'RE000000000000' });
    const softly = `PA0OOOOO1${personal.slice(9, 28)}RE0OOOOOOOOOO0${personal.slice(42)}`;
    expect(parseTd3([specimen[0], softly], { now }).repairs.some((x) => x.reason === 'zeros_read_as_oh')).toBe(false);
  });
  it('by check digits: look-alike letters amid the optional data\'s digits, when its check and the composite then hold', () => {
    const truth = line2({ optional: '2085049700' });
    // A blurred photo's `208SO49700`: two cells, so no single change mends the optional data's check.
    const read = `${truth.slice(0, 28)}208SO49700${truth.slice(38)}`;
    const r = parseTd3([specimen[0], read], { now });
    expect(r.lines[1]).toBe(truth);
    expect(r.repairs.map((x) => [x.position, x.to, x.reason])).toEqual([
      [32, '5', 'digits_read_as_letters'],
      [33, '0', 'digits_read_as_letters'],
    ]);
    expect(r.valid).toBe(true);
    // Again after single changes: the composite holds only once the number's own misread cell is mended.
    const numbered = line2({ number: 'AB0O12345', optional: '2085049700' });
    const both = `${set(numbered, 3, '0').slice(0, 28)}208SO49700${numbered.slice(38)}`;
    expect(parseTd3([specimen[0], both], { now }).lines[1]).toBe(numbered);
    // Letters at the field's ends are a personal number's own (`AB1234567C`), and a composite left failing proves nothing.
    const lettered = line2({ optional: 'SB12345678' });
    expect(parseTd3([specimen[0], lettered], { now }).lines[1]).toBe(lettered);
    const composite = 43;
    const wrongComposite = set(read, composite, String((Number(truth[composite]) + 1) % 10));
    expect(parseTd3([specimen[0], wrongComposite], { now }).repairs.some((x) => x.reason === 'digits_read_as_letters')).toBe(false);
  });
  it('mends no composite over a field whose own check still fails', () => {
    const truth = line2({});
    // Two digits of the number misread sure: no single change mends its check, so the line stays invalid.
    const misread = set(set(truth, 1, '2'), 2, '4');
    const compositeOf = (l: string): string => String(mrzCheckDigit(l.slice(0, 10) + l.slice(13, 20) + l.slice(21, 43)));
    // The composite read in doubt, its second best the digit that would make it hold over the misread number.
    const fitted = compositeOf(misread);
    const read = set(misread, 43, String((Number(fitted) + 5) % 10));
    expect(fitted).not.toBe(truth[43]);
    const alternatives: [string[], string[]] = [[], Array.from(read, (_, i) => (i === 43 ? fitted : undefined)) as string[]];
    const confidence: [number[], number[]] = [[], Array.from(read, (_, i) => (i === 43 ? 0.5 : 0.999))];
    const r = parseTd3([specimen[0], read], { now, alternatives, confidence });
    expect(r.repairs.filter((x) => x.field === 'composite_check')).toEqual([]);
    expect(r.lines[1]).toBe(read);
    expect(r.valid).toBe(false);
  });
  it("by check digit: the recogniser's second-best class counts as a candidate", () => {
    const truth = line2({ number: 'L898902C3', optional: 'ZE184226B' });
    const read = set(truth, 30, 'H'); // the `1` of ZE1… read as H; second best says 1
    const second = Array.from({ length: 44 }, (_, i) => (i === 30 ? '1' : undefined));
    const r = parseTd3([specimen[0], read], { now, alternatives: [[], second] });
    expect(r.lines[1]).toBe(truth);
    expect(r.repairs).toEqual([{ field: 'optional_data', line: 2, position: 31, from: 'H', to: '1', reason: 'check_digit' }]);
  });
  it("a look-alike swap stands against a fix to the recogniser's second best alone (the specimen's O for 0)", () => {
    const read = set(specimen[1], 5, 'O');
    // A second best at another cell that also makes the number's check hold: found, not invented.
    const rival = [...'0123456789'].flatMap((c) => [1, 2, 3, 4, 6, 8].map((i) => ({ i, c }))).find(({ i, c }) => c !== read[i] && mrzCheckDigit(set(read, i, c).slice(0, 9)) === 6)!;
    expect(rival).toBeDefined();
    const alternatives: [string[], string[]] = [[], Array.from(read, (_, i) => (i === rival.i ? rival.c : undefined)) as string[]];
    const r = parseTd3([specimen[0], read], { now, alternatives });
    expect(r.lines[1]).toBe(specimen[1]);
    expect(r.repairs).toEqual([{ field: 'document_number', line: 2, position: 6, from: 'O', to: '0', reason: 'check_digit' }]);
    expect(r.valid).toBe(true);
  });
  it('the composite settles a date two second-best digits would each mend', () => {
    const truth = line2({ birth: '740812' });
    const read = set(truth, 17, '7'); // 740872: the day's tens misread
    const fits = (i: number, c: string): boolean => mrzCheckDigit(set(read, i, c).slice(13, 19)) === Number(read[19]);
    expect(fits(17, '1')).toBe(true);
    const compositeHolds = (l: string): boolean => mrzCheckDigit(l.slice(0, 10) + l.slice(13, 20) + l.slice(21, 43)) === Number(l[43]);
    // A rival the date's own check cannot tell from the truth, and the composite can.
    const rival = [...'0123456789'].flatMap((c) => [13, 14, 15, 16, 18].map((i) => ({ i, c }))).find(({ i, c }) => c !== read[i] && fits(i, c) && !compositeHolds(set(read, i, c)))!;
    expect(rival).toBeDefined();
    const alternatives: [string[], string[]] = [[], Array.from(read, (_, i) => (i === 17 ? '1' : i === rival.i ? rival.c : undefined)) as string[]];
    const r = parseTd3([specimen[0], read], { now, alternatives });
    expect(r.lines[1]).toBe(truth);
    expect(r.valid).toBe(true);
  });
  it('two candidates fit: nothing is repaired and the check stays invalid', () => {
    const truth = line2({ number: 'X1O2S5B8Z' });
    const read = set(truth, 1, 'I');
    const pairs: Record<string, string> = { O: '0', '0': 'O', I: '1', '1': 'I', S: '5', '5': 'S', B: '8', '8': 'B', Z: '2', '2': 'Z' };
    const fixes = [...read.slice(0, 9)].filter((c, i) => pairs[c] && mrzCheckDigit(set(read, i, pairs[c]!).slice(0, 9)) === Number(read[9])).length;
    expect(fixes).toBeGreaterThanOrEqual(2);
    const r = parseTd3([specimen[0], read], { now });
    expect(r.repairs).toEqual([]);
    expect(r.checks.document_number).toBe(false);
    expect(r.valid).toBe(false);
    expect(r.lines[1]).toBe(read);
  });
});

describe('detectMrzFormat', () => {
  it.each([
    [specimen, 'TD3'],
    [['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', specimen[1]], 'MRV-A'],
    [['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'], 'TD2'],
    [['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<'], 'MRV-B'],
    [['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'], 'TD1'],
    [['P<UTO', 'L898'], null],
  ] as const)('%j -> %s', (lines, format) => expect(detectMrzFormat(lines)).toBe(format));
});

describe('repairs guided by the recogniser confidence', () => {
  it('tries the doubtful character first, so an otherwise ambiguous check is repaired', () => {
    const truth = line2({ number: 'X1O2S5B8Z' });
    const read = set(truth, 1, 'I');
    const sure = Array.from({ length: 44 }, (_, i) => (i === 1 ? 0.6 : 0.999));
    const r = parseTd3([specimen[0], read], { now, confidence: [[], sure] });
    expect(r.lines[1]).toBe(truth);
    expect(r.repairs).toEqual([{ field: 'document_number', line: 2, position: 2, from: 'I', to: '1', reason: 'check_digit' }]);
  });
  it('a sure misreading is not second-guessed into a different wrong value when several fit', () => {
    const truth = line2({ number: 'X1O2S5B8Z' });
    const read = set(truth, 1, 'I');
    const r = parseTd3([specimen[0], read], { now, confidence: [[], Array.from({ length: 44 }, () => 0.999)] });
    expect(r.repairs).toEqual([]);
    expect(r.valid).toBe(false);
  });
  it('leaves an O/0 in doubt as read where swapping an O or 0 read sure would make the check hold as well', () => {
    // Z03005606 read with a sure O at weight 3 (+72) and a doubted 0 at weight 7: making that 0 an O (+168) holds the
    // check too, and would answer Z03OO5606 as proven.
    const truth = line2({ number: 'Z03005606' });
    const read = set(truth, 4, 'O');
    const confidence: [number[], number[]] = [[], Array.from({ length: 44 }, (_, i) => (i === 3 ? 0.6 : 0.999))];
    const alternatives: [string[], string[]] = [[], Array.from(read, (c, i) => (i === 3 ? 'O' : c))];
    const r = parseTd3([specimen[0], read], { now, alternatives, confidence });
    expect(r.repairs.filter((x) => x.field === 'document_number')).toEqual([]);
    expect(r.checks.document_number).toBe(false);
    // With no O or 0 read sure elsewhere in the number, the check locates the doubted cell.
    const alone = set(line2({ number: 'Z13115606' }), 7, 'O');
    const doubtedAt7: [number[], number[]] = [[], Array.from({ length: 44 }, (_, i) => (i === 7 ? 0.6 : 0.999))];
    const one = parseTd3([specimen[0], alone], { now, alternatives: [[], Array.from(alone, (c, i) => (i === 7 ? '0' : c))], confidence: doubtedAt7 });
    expect(one.lines[1]).toBe(line2({ number: 'Z13115606' }));
  });
  it('leaves an O/0 in doubt as read where two other doubted Os and 0s of the field make the check hold instead', () => {
    // H0000014 read soft as H0O0O014 (+24 at weight 1, +72 at weight 3): making the doubted 0 at weight 1 an O too holds
    // the check (+120), and would answer H0O0OO14 with its check holding; so does reading both Os as 0s. The specimen
    // prints a wrong composite (Ghana's does), so nothing else tells the two apart.
    const valid = line2({ number: 'H0000014' });
    const truth = set(valid, 43, String((Number(valid[43]) + 1) % 10));
    const read = set(set(truth, 2, 'O'), 4, 'O');
    const doubted = [2, 4, 5];
    const confidence: [number[], number[]] = [[], Array.from({ length: 44 }, (_, i) => (doubted.includes(i) ? 0.6 : 0.999))];
    const alternatives: [string[], string[]] = [[], Array.from(read, (c, i) => (doubted.includes(i) ? (c === 'O' ? '0' : 'O') : c))];
    const r = parseTd3([specimen[0], read], { now, alternatives, confidence });
    expect(r.repairs.filter((x) => x.field === 'document_number')).toEqual([]);
    expect(r.lines[1]).toBe(read);
    expect(r.checks.document_number).toBe(false);
  });
  it('makes no other fix where two doubted Os read for 0s would make the check hold instead', () => {
    // VW00TL7L1 read soft with both zeros as Os (+24 at weight 1, +168 at weight 7) and its 1 at 0.95, T its runner-up:
    // the 1 made T (+28) holds the check (220) as the two Os made 0s do, and would answer VWOOTL7LT as proven.
    const truth = line2({ number: 'VW00TL7L1' });
    const read = set(set(truth, 2, 'O'), 3, 'O');
    const confidence: [number[], number[]] = [[], Array.from({ length: 44 }, (_, i) => (i === 2 || i === 3 ? 0.6 : i === 8 ? 0.95 : 0.999))];
    const alternatives: [string[], string[]] = [[], Array.from(read, (c, i) => (i === 2 || i === 3 ? '0' : i === 8 ? 'T' : c))];
    const r = parseTd3([specimen[0], read], { now, alternatives, confidence });
    expect(r.repairs.filter((x) => x.field === 'document_number')).toEqual([]);
    expect(r.checks.document_number).toBe(false);
  });
  it('takes the letter the other classifier read for a digit in a name, where the two disagreed', () => {
    const read = line1('UTO', 'ERIKSSON<<ANNA<MA8IA');
    const at = read.indexOf('8');
    const alternatives: [string[], string[]] = [Array.from(read, (c, i) => (i === at ? 'R' : c)), []];
    const disputed: [number[], number[]] = [Array.from({ length: 44 }, (_, i) => (i === at ? 0.5 : 0.999)), []];
    expect(parseTd3([read, specimen[1]], { now, alternatives, confidence: disputed }).lines[0]).toBe(specimen[0]);
    // Where they agreed on the digit, the class forces its look-alike.
    const agreed: [number[], number[]] = [Array.from({ length: 44 }, (_, i) => (i === at ? 0.9 : 0.999)), []];
    expect(parseTd3([read, specimen[1]], { now, alternatives, confidence: agreed }).lines[0]).toBe(line1('UTO', 'ERIKSSON<<ANNA<MABIA'));
    // A 0 is the O that OCR-B draws nearly alike, whatever the other classifier read.
    const zero = line1('UTO', 'ERIKSS0N<<ANNA<MARIA');
    const atZero = zero.indexOf('0');
    const againstD: [string[], string[]] = [Array.from(zero, (c, i) => (i === atZero ? 'D' : c)), []];
    const zeroDisputed: [number[], number[]] = [Array.from({ length: 44 }, (_, i) => (i === atZero ? 0.5 : 0.999)), []];
    expect(parseTd3([zero, specimen[1]], { now, alternatives: againstD, confidence: zeroDisputed }).lines[0]).toBe(specimen[0]);
  });
  it('repairs by check digit only among few candidates: among many, a unique fix is luck as often as not', () => {
    // X1234567Z read XI234567Z: the I's look-alike 1 is the one fix. With every cell of the number in doubt, each with a
    // runner-up of its own, there are too many candidates for that to prove it.
    const truth = line2({ number: 'X1234567Z' });
    const read = set(truth, 1, 'I');
    const alternatives: [string[], string[]] = [[], Array.from(read, (c, i) => (i === 1 ? '1' : i < 10 ? 'X' : c))];
    const oneInDoubt: [number[], number[]] = [[], Array.from({ length: 44 }, (_, i) => (i === 1 ? 0.5 : 0.999))];
    expect(parseTd3([specimen[0], read], { now, alternatives, confidence: oneInDoubt }).lines[1]).toBe(truth);
    const allInDoubt: [number[], number[]] = [[], Array.from({ length: 44 }, (_, i) => (i < 10 ? 0.5 : 0.999))];
    const many = parseTd3([specimen[0], read], { now, alternatives, confidence: allInDoubt });
    expect(many.repairs.filter((x) => x.reason === 'check_digit')).toEqual([]);
    expect(many.checks.document_number).toBe(false);
  });
  it('takes no look-alike of a cell but the one the recogniser doubted it against', () => {
    // PA000000 read with a sure O at cell 5 (+24, weight 1): a Q at the doubted cell 2 (+26, weight 1) would make the
    // check hold again, but the recogniser doubted that 0 against D alone.
    const truth = line2({ number: 'PA000000' });
    const read = set(truth, 5, 'O');
    const confidence: [number[], number[]] = [[], Array.from({ length: 44 }, (_, i) => (i === 2 ? 0.95 : 0.999))];
    const alternatives: [string[], string[]] = [[], Array.from(read, (c, i) => (i === 2 ? 'D' : c))];
    const r = parseTd3([specimen[0], read], { now, alternatives, confidence });
    expect(r.repairs.filter((x) => x.field === 'document_number')).toEqual([]);
    expect(r.checks.document_number).toBe(false);
    // Doubted against its look-alike O, the cell may still become that O where it makes the check hold.
    const oh = set(line2({ number: 'PAO12345' }), 2, '0');
    const againstO: [string[], string[]] = [[], Array.from(oh, (c, i) => (i === 2 ? 'O' : c))];
    expect(parseTd3([specimen[0], oh], { now, alternatives: againstO, confidence }).lines[1]).toBe(line2({ number: 'PAO12345' }));
  });
  it('leaves a check digit read sure as printed, though its second best would make the check hold', () => {
    // A specimen printed with a wrong composite and date-of-birth check digit: the classifier's runner-up for each
    // digit cell happens to be the digit that holds.
    const truth = line2({});
    const composite = truth[43]!;
    const wrongComposite = String((Number(composite) + 5) % 10);
    const birthCheck = truth[19]!;
    const wrongBirthCheck = String((Number(birthCheck) + 3) % 10);
    const printed = set(set(truth, 43, wrongComposite), 19, wrongBirthCheck);
    const alternatives: [string[], string[]] = [[], Array.from(printed, (_, i) => (i === 43 ? composite : i === 19 ? birthCheck : '<'))];
    const sure: [number[], number[]] = [[], Array.from({ length: 44 }, () => 1)];
    const r = parseTd3([specimen[0], printed], { now, alternatives, confidence: sure });
    expect(r.lines[1]).toBe(printed);
    expect(r.repairs).toEqual([]);
    expect(r.valid).toBe(false);
    // Read in doubt, the same digits are repaired from their runners-up.
    const doubted: [number[], number[]] = [[], Array.from({ length: 44 }, (_, i) => (i === 43 || i === 19 ? 0.7 : 1))];
    expect(parseTd3([specimen[0], printed], { now, alternatives, confidence: doubted }).lines[1]).toBe(truth);
  });
});

describe('parseTd3 country codes (no check digit covers them)', () => {
  it('never calls a line with an unknown nationality valid', () => {
    const r = parseTd3([line1('FRA', 'DUPONT<<ANNE'), line2({ nationality: 'FRX' })], { now });
    expect(Object.values(r.checks).every(Boolean)).toBe(true);
    expect(r.valid).toBe(false);
    expect(r.errors).toContainEqual({ field: 'nationality', reason: 'not an ISO 3166 or ICAO country code' });
  });
  it('mends an unknown code when the recogniser\'s second best makes it a known one', () => {
    const l2 = line2({ nationality: 'FRX' });
    const alternatives: [string[], string[]] = [[], Array.from(l2, (_, i) => (i === 12 ? 'A' : '<'))];
    const r = parseTd3([line1('FRA', 'DUPONT<<ANNE'), l2], { now, alternatives });
    expect(r.fields.nationality.value).toBe('FRA');
    expect(r.repairs).toContainEqual({ field: 'nationality', line: 2, position: 13, from: 'X', to: 'A', reason: 'country_code' });
  });
  it('mends an unknown code from the other code field one doubted letter away', () => {
    // Seed 1237401 scan 107, blurred to 457 px wide: the issuing state DNK read `SNK`, its S doubted, beside the
    // nationality DNK read right; every check held, and the page was refused for a code on no list.
    const l1 = line1('SNK', 'HAAKANSSON<<LARS');
    const l2 = line2({ nationality: 'DNK' });
    const doubtedAt = (cell: number, line: string): number[] => Array.from(line, (_, i) => (i === cell ? 0.6 : 1));
    const r = parseTd3([l1, l2], { now, confidence: [doubtedAt(2, l1), doubtedAt(-1, l2)] });
    expect(r.fields.issuingState.value).toBe('DNK');
    expect(r.valid).toBe(true);
    expect(r.repairs).toContainEqual({ field: 'issuing_state', line: 1, position: 3, from: 'S', to: 'D', reason: 'country_code' });
    // Not a letter read sure, nor a code two letters from the other.
    expect(parseTd3([l1, l2], { now, confidence: [doubtedAt(-1, l1), doubtedAt(-1, l2)] }).fields.issuingState.value).toBe('SNK');
    const far = line1('SNQ', 'HAAKANSSON<<LARS');
    const both: [number[], number[]] = [Array.from(far, () => 0.6), doubtedAt(-1, l2)];
    expect(parseTd3([far, l2], { now, confidence: both }).fields.issuingState.value).toBe('SNQ');
  });
  it('mends it only at a cell the recogniser doubted, never by a sure letter\'s runner-up', () => {
    // Seed 1233001 styled-dev 173, a soft copy: IND read `INO`, the O disputed (0.6, runner-up K), the I sure (0.99,
    // runner-up U). The one fix was the I's, and UNO, a known code, came back proven.
    const l2 = line2({ nationality: 'INO' });
    const alternatives: [string[], string[]] = [[], Array.from(l2, (_, i) => (i === 10 ? 'U' : i === 12 ? 'K' : '<'))];
    const confidence: [number[], number[]] = [Array.from({ length: 44 }, () => 1), Array.from(l2, (_, i) => (i === 10 ? 0.99 : i === 12 ? 0.6 : 1))];
    const r = parseTd3([line1('IRL', 'JOSHI<<DEEPIKA'), l2], { now, alternatives, confidence });
    expect(r.fields.nationality.value).toBe('INO');
    expect(r.valid).toBe(false);
    // The same runner-up at a doubted I makes the fix.
    const doubted: [number[], number[]] = [confidence[0], Array.from(l2, (_, i) => (i === 10 ? 0.7 : i === 12 ? 0.6 : 1))];
    expect(parseTd3([line1('IND', 'JOSHI<<DEEPIKA'), l2], { now, alternatives, confidence: doubted }).fields.nationality.value).toBe('UNO');
  });
  it('accepts D<<, UTO and the ICAO codes', () => {
    for (const code of ['D', 'UTO', 'XXA', 'XXB', 'GBD', 'EUE', 'RKS']) {
      expect(parseTd3([line1(code, 'MUSTER<<ERIKA'), line2({ nationality: code })], { now }).valid).toBe(true);
    }
  });
});

describe('nameMayBeTruncated', () => {
  it('says a name may be cut when a letter fills the last cell, or stands just before one last filler', () => {
    expect(nameMayBeTruncated('P<ESPIBANEZ<DE<LA<FUENTE<Y<ORTIZ<<JOSE<JUAN<P')).toBe(true);
    expect(nameMayBeTruncated('P<ESPIBANEZ<DE<LA<FUENTE<Y<ORTIZ<<JOSE<JUAN<')).toBe(true);
    expect(nameMayBeTruncated('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<')).toBe(false);
  });
  it('says so when the surname runs to the 42nd cell and its separator fills the last two: the given names had no room', () => {
    expect(nameMayBeTruncated('P<DNKLINDQVIST<SVENSSON<LINDQVIST<SVENSSON<<')).toBe(true);
    // Given names that end there, with two fillers after them, were not cut.
    expect(nameMayBeTruncated('P<UTOSMITH<<JOHN<ALEXANDER<MAXIMILIAN<PAUL<<')).toBe(false);
  });
});
