/**
 * Repairs of a read TD1 MRZ: a character changes only where its field's class forces it (core/mrz/mrzCharClass.ts),
 * where a country code on no list has exactly one known reading among the recogniser's second bests, or where a check
 * digit proves it (the one single substitution that makes the check hold, the composite deciding between several).
 * Every change is recorded. Pure.
 */
import { isKnownCountryField } from '../../core/mrz/countryCodes.ts';
import { confusionPairs, fits, forcedByClass, isFillerRunConfusion, secondOnly, substitutes } from '../../core/mrz/mrzCharClass.ts';
import { mrzCheckHolds } from '../../core/mrz/mrzCheckDigit.ts';
import { td1Checks, td1Field, td1FieldAt, type Td1Check, type Td1CheckName, type Td1FieldName } from './td1Fields.ts';

export interface Td1CellRepair {
  readonly field: Td1FieldName;
  /** 0-based line and index. */
  readonly line: 0 | 1 | 2;
  readonly index: number;
  readonly from: string;
  readonly to: string;
  readonly reason: 'character_class' | 'check_digit' | 'country_code';
}

/** Per line, per character: the recogniser's runner-up and its probability (absent: every cell as sure as can be). */
export interface Td1CellDoubts {
  readonly second?: readonly (readonly (string | undefined)[])[];
  readonly confidence?: readonly (readonly number[])[];
  /** The runner-up's probability: where the two classifiers disagreed, the second opinion's own. */
  readonly secondConfidence?: readonly (readonly number[])[];
}

/** Characters read at least this sure are tried last as check-digit repair candidates. */
const sureReading = 0.98;

type Cells = string[][];
const at = (cells: Cells, [line, index]: readonly [number, number]): string => cells[line]![index]!;

/**
 * The checks over these lines: a document number longer than nine characters leaves a filler at position 15 and goes
 * on in the optional data, its check digit after its last character (ICAO 9303-5, note j).
 */
export function td1ChecksOf(cells: readonly (readonly string[])[]): readonly Td1Check[] {
  const line1 = cells[0]!;
  if (line1[14] !== '<' || line1[15] === '<' || line1[15] === undefined) return td1Checks;
  let end = 15;
  while (end < 30 && line1[end] !== '<') end++;
  if (end - 15 < 2) return td1Checks;
  return td1Checks.map((c) => (c.check === 'document_number' ? { ...c, spans: [[0, 5, 14], [0, 15, end - 1]], digit: [0, end - 1] } : c));
}

export function checkHolds(cells: readonly (readonly string[])[], check: Td1Check): boolean {
  const data = check.spans.map(([line, s, e]) => cells[line]!.slice(s, e).join('')).join('');
  return mrzCheckHolds(data, cells[check.digit[0]]![check.digit[1]]!);
}

/** Each check's verdict on these lines. */
export function td1Verdicts(lines: readonly string[]): Record<Td1CheckName, boolean> {
  const cells = lines.map((l) => [...l]);
  return Object.fromEntries(td1ChecksOf(cells).map((c) => [c.check, checkHolds(cells, c)])) as Record<Td1CheckName, boolean>;
}

export function repairTd1(lines: readonly string[], doubts: Td1CellDoubts = {}): { lines: string[]; repairs: Td1CellRepair[] } {
  const cells: Cells = lines.map((l) => [...l]);
  const repairs: Td1CellRepair[] = [];
  const second = (line: number, i: number): string | undefined => doubts.second?.[line]?.[i];
  const record = (line: 0 | 1 | 2, index: number, to: string, reason: Td1CellRepair['reason']): void => {
    repairs.push({ field: td1FieldAt(line, index).field, line, index, from: cells[line]![index]!, to, reason });
    cells[line]![index] = to;
  };

  for (const line of [0, 1, 2] as const) {
    for (let i = 0; i < cells[line]!.length; i++) {
      const spec = td1FieldAt(line, i);
      if (isFillerRunConfusion(cells[line]!, i, spec)) record(line, i, '<', 'character_class');
      else {
        const forced = forcedByClass(spec.charClass, cells[line]![i]!, second(line, i));
        if (forced !== null) record(line, i, forced, 'character_class');
      }
    }
  }

  // Country codes carry no check digit: one on no list is mended only when one second-best letter makes it known.
  for (const spec of [td1Field('issuing_state'), td1Field('nationality')]) {
    const line = cells[spec.line]!;
    if (isKnownCountryField(line.slice(spec.start, spec.end).join(''))) continue;
    const fixes: { i: number; to: string }[] = [];
    for (let i = spec.start; i < spec.end; i++) {
      const alt = second(spec.line, i);
      if (alt === undefined || alt === line[i] || !fits(spec.charClass, alt)) continue;
      const original = line[i]!;
      line[i] = alt;
      if (isKnownCountryField(line.slice(spec.start, spec.end).join(''))) fixes.push({ i, to: alt });
      line[i] = original;
    }
    if (fixes.length === 1) record(spec.line, fixes[0]!.i, fixes[0]!.to, 'country_code');
  }

  // The fields' own checks first, the composite last: it covers their cells, and then decides only its own and the
  // optional data's, which no other check covers.
  const checks = td1ChecksOf(cells);
  const composite = checks.find((c) => c.check === 'composite')!;
  const covered = new Set(checks.filter((c) => c !== composite).flatMap((c) => [...cellsOf(c.spans), `${c.digit[0]}:${c.digit[1]}`]));
  for (const check of checks) {
    if (checkHolds(cells, check)) continue;
    const positions = [...cellsOf(check.spans), `${check.digit[0]}:${check.digit[1]}`]
      .filter((key) => check !== composite || !covered.has(key))
      .map((key) => key.split(':').map(Number) as [0 | 1 | 2, number]);
    const doubtful = positions.filter(([l, i]) => (doubts.confidence?.[l]?.[i] ?? 0) < sureReading);
    let fixes = fixesAmong(doubtful, cells, check, second);
    // A cell read surely is changed only where two checks prove it: a date's, and the composite, which weighs the
    // date's cells otherwise. Not the document number's: the composite starts at its first cell and weighs its cells
    // as its own check does, so it holds with any change that makes that one hold (two O-for-0 misreads were mended
    // by changing a third, sure cell on a generated card).
    if (fixes.length === 0 && doubtful.length < positions.length && (check.check === 'date_of_birth' || check.check === 'expiry_date')) {
      fixes = fixesAmong(positions, cells, check, second).filter((fix) => holdsWith(cells, fix, composite));
    }
    // Several single changes make the field's check hold: the composite, a second check over the same cells, decides.
    if (fixes.length > 1 && check !== composite) fixes = fixes.filter((fix) => holdsWith(cells, fix, composite));
    // Still several: a look-alike swap is the recogniser's known failure, a change to its second best alone is not.
    if (fixes.length > 1) {
      const lookalike = fixes.filter((f) => confusionPairs.some(([a, b]) => (f.from === a && f.to === b) || (f.from === b && f.to === a)));
      if (lookalike.length > 0) fixes = lookalike;
    }
    if (fixes.length === 1) record(fixes[0]!.line, fixes[0]!.i, fixes[0]!.to, 'check_digit');
  }
  return { lines: cells.map((l) => l.join('')), repairs };
}

interface Fix {
  readonly line: 0 | 1 | 2;
  readonly i: number;
  readonly from: string;
  readonly to: string;
}

function cellsOf(spans: Td1Check['spans']): string[] {
  return spans.flatMap(([line, s, e]) => Array.from({ length: e - s }, (_, k) => `${line}:${s + k}`));
}

function holdsWith(cells: Cells, fix: Fix, check: Td1Check): boolean {
  cells[fix.line]![fix.i] = fix.to;
  const holds = checkHolds(cells, check);
  cells[fix.line]![fix.i] = fix.from;
  return holds;
}

/** Every single substitution among `positions` that makes `check` hold. */
function fixesAmong(positions: readonly (readonly [0 | 1 | 2, number])[], cells: Cells, check: Td1Check, second: (line: number, i: number) => string | undefined): Fix[] {
  const fixes: Fix[] = [];
  for (const [line, i] of positions) {
    const spec = td1FieldAt(line, i);
    const from = at(cells, [line, i]);
    // Look-alikes only in alphanumeric fields; digits and letters change only to the recogniser's second best.
    const pool = spec.charClass === 'alphanumeric' ? substitutes(from, second(line, i), spec.charClass) : secondOnly(from, second(line, i), spec.charClass);
    for (const to of pool) if (holdsWith(cells, { line, i, from, to }, check)) fixes.push({ line, i, from, to });
  }
  return fixes;
}
