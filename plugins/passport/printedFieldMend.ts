/**
 * A checked MRZ field whose check digit fails is compared with its printed copy: when the printed number or date,
 * put in its place, makes both that field's check digit and the composite hold, the print is independent proof
 * and the differing characters (at most two where glare left a reading, and any number of cells it washed out)
 * change, recorded. Nothing changes on a field that already holds.
 *
 * When glare washed out the field's check digit too, that digit cannot prove the print, so more is asked: a second
 * OCR reading of the printed page gives the same value, every cell of the field glare left readable already says
 * what the print says, and the composite check digit, readable, holds over the print and the check digit it
 * computes to (which is filled as well).
 *
 * A field whose check digit holds can still be wrong: look-alikes at weights no check digit tells apart (O for 0 at
 * weights 7 and 3; S, < and S for 5, 8 and 3). When the print differs from such a field and, put in its place, makes
 * the field's check digit and the composite hold as well, the checks cannot choose between the two: the print wins
 * where the recogniser doubted every cell that differs or changed it by a repair (see rivalIsDoubted).
 */
import { mrzCheckDigit, parseTd3, type Td3Parse } from './mrz/index.ts';
import type { Td3Repair } from './mrz/repairTd3.ts';
import { td3Field } from './mrz/td3Fields.ts';
import { isoAsYymmdd } from './mrzDate.ts';

export interface PrintedCopies {
  readonly passportNumber: string | null;
  /** ISO dates. */
  readonly dateOfBirth: string | null;
  readonly expiryDate: string | null;
}

const maxChanges = 2;
/** Cells a valid MRZ field and a valid printed rival may differ in. */
const maxRivalChanges = 3;
/** MRZ cells read at least this sure outweigh a printed rival read once (Tesseract misreads print too)... */
const doubtfulBelow = 0.99;
/** ...and, read alike by two OCR passes, the rival outweighs cells read up to this sure (O/0 read at 0.993). */
const doubtfulBelowWhenCorroborated = 0.999;

export function mendFieldsFromPrint(
  parse: Td3Parse,
  printed: PrintedCopies,
  options: {
    now: Date;
    /** Line 2's washed-out cells (readMrz). */
    washed?: readonly boolean[];
    /** The printed page read a second time (another OCR pass): needed to fill a field whose check digit was washed out. */
    corroborating?: PrintedCopies | null;
    /** The recogniser's probability per cell of line 2; without it, no valid field gives way to a printed rival. */
    confidence?: readonly number[];
  },
): Td3Parse {
  let current = parse;
  const mends: Td3Repair[] = [];
  const other = options.corroborating ?? null;
  const candidates = [
    ['document_number', numberCopy(printed.passportNumber), numberCopy(other?.passportNumber ?? null)],
    ['date_of_birth', dateCopy(printed.dateOfBirth), dateCopy(other?.dateOfBirth ?? null)],
    ['expiry_date', dateCopy(printed.expiryDate), dateCopy(other?.expiryDate ?? null)],
  ] as const;
  const washed = (i: number): boolean => options.washed?.[i] === true;
  for (const [field, copy, secondCopy] of candidates) {
    const spec = td3Field(field);
    // A check digit that holds over washed-out cells proves nothing (one reading in ten holds by chance).
    const washedField = Array.from({ length: spec.end - spec.start }, (_, i) => spec.start + i).some(washed);
    if (current.checks[field] && !washedField) {
      // A rival from either reading of the print: each must satisfy the checks on its own.
      for (const rival of new Set([copy, secondCopy])) {
        const next = rival === null ? null : rivalParse(current, field, rival, options.now);
        if (rival === null || next === null || !rivalIsDoubted(current, field, rival, secondCopy === copy, options.confidence)) continue;
        const was = current.lines[1].slice(spec.start, spec.end);
        for (const [i, c] of [...rival].entries()) {
          if (c !== was[i]) mends.push({ field, line: 2, position: spec.start + i + 1, from: was[i]!, to: c, reason: 'printed_page' });
        }
        current = next;
        break;
      }
      continue;
    }
    if (copy === null) continue;
    const checkWashed = washed(td3Field(`${field}_check`).start);
    const corroborated = checkWashed && secondCopy === copy && !washed(td3Field('composite_check').start);
    // Spans tried, each with how many of its changes may fall on cells glare left readable: the print with the check
    // digit it computes to (check digit washed, print corroborated), then the print alone.
    const tries: [string, number][] = corroborated ? [[`${copy}${mrzCheckDigit(copy)}`, 0], [copy, maxChanges]] : [[copy, maxChanges]];
    for (const [text, readableLimit] of tries) {
      const line2 = current.lines[1];
      const was = line2.slice(spec.start, spec.start + text.length);
      const diffs = [...text].map((c, i) => (c === was[i] ? -1 : i)).filter((i) => i >= 0);
      // Cells at the glare's edge keep just enough contrast to count as read, and read wrong: past two changes only
      // with the check digit readable or filled here.
      const readableDiffs = diffs.filter((i) => !washed(spec.start + i)).length;
      if (diffs.length === 0 || readableDiffs > readableLimit || (diffs.length > maxChanges && checkWashed && text === copy)) continue;
      const next = parseTd3([current.lines[0], line2.slice(0, spec.start) + text + line2.slice(spec.start + text.length)], { now: options.now });
      if (!next.checks[field] || !next.checks.composite) continue;
      const reason = text === copy ? 'printed_page' : 'printed_twice';
      for (const i of diffs) {
        const mended = i < copy.length ? field : (`${field}_check` as const);
        mends.push({ field: mended, line: 2, position: spec.start + i + 1, from: was[i]!, to: text[i]!, reason });
      }
      current = next;
      break;
    }
  }
  return mends.length === 0 ? parse : { ...current, repairs: [...parse.repairs, ...mends] };
}

const numberCopy = (number: string | null): string | null => (number !== null && /^[A-Z0-9]{1,9}$/.test(number) ? number.padEnd(9, '<') : null);
const dateCopy = (iso: string | null): string | null => (iso === null ? null : isoAsYymmdd(iso));

/**
 * The parse with the printed copy in place of a field whose check digit already holds, when the copy differs in at
 * most maxRivalChanges cells and the field's check digit and the composite hold with it too; else null.
 */
function rivalParse(parse: Td3Parse, field: CheckedField, copy: string, now: Date): Td3Parse | null {
  const spec = td3Field(field);
  const line2 = parse.lines[1];
  const diffs = [...copy].filter((c, i) => c !== line2[spec.start + i]).length;
  if (diffs === 0 || diffs > maxRivalChanges) return null;
  const next = parseTd3([parse.lines[0], line2.slice(0, spec.start) + copy + line2.slice(spec.end)], { now });
  return next.checks[field] && next.checks.composite ? next : null;
}

/** Every cell where the rival differs was doubted by the recogniser, or changed by a repair. */
function rivalIsDoubted(parse: Td3Parse, field: CheckedField, copy: string, corroborated: boolean, confidence: readonly number[] | undefined): boolean {
  if (confidence === undefined) return false;
  const spec = td3Field(field);
  const repaired = new Set(parse.repairs.filter((r) => r.line === 2).map((r) => r.position - 1));
  const limit = corroborated ? doubtfulBelowWhenCorroborated : doubtfulBelow;
  return [...copy].every((c, i) => {
    const at = spec.start + i;
    return c === parse.lines[1][at] || repaired.has(at) || (confidence[at] ?? 1) < limit;
  });
}

type CheckedField = 'document_number' | 'date_of_birth' | 'expiry_date';

/**
 * Whether a field whose check digit holds has cells the recogniser was not sure of, or repaired, and the print as
 * first read does not confirm it: the plugin then reads the printed page a second time, for a rival (see rivalParse)
 * or for a reading alike twice that settles cells the recogniser was all but sure of.
 */
export function printMayRivalMrz(parse: Td3Parse, printed: PrintedCopies, confidence: readonly number[]): boolean {
  const repaired = new Set(parse.repairs.filter((r) => r.line === 2).map((r) => r.position - 1));
  const copies: [CheckedField, string | null][] = [
    ['document_number', numberCopy(printed.passportNumber)],
    ['date_of_birth', dateCopy(printed.dateOfBirth)],
    ['expiry_date', dateCopy(printed.expiryDate)],
  ];
  return copies.some(([field, copy]) => {
    const spec = td3Field(field);
    if (!parse.checks[field] || copy === parse.lines[1].slice(spec.start, spec.end)) return false;
    for (let i = spec.start; i < spec.end; i++) if (repaired.has(i) || (confidence[i] ?? 1) < doubtfulBelowWhenCorroborated) return true;
    return false;
  });
}
