/**
 * A checked MRZ field whose check digit fails is compared with its printed copy: when the printed number or date,
 * put in its place, makes both that field's check digit and the composite hold, the print is independent proof
 * and the differing characters (at most two, or any number of cells glare washed out) change, recorded. Nothing
 * changes on a field that already holds.
 */
import { parseTd3, type Td3Parse } from './mrz/index.ts';
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

export function mendFieldsFromPrint(
  parse: Td3Parse,
  printed: PrintedCopies,
  options: { now: Date; /** Line 2's washed-out cells (readMrz). */ washed?: readonly boolean[] },
): Td3Parse {
  let current = parse;
  const mends: Td3Repair[] = [];
  const candidates = [
    ['document_number', printed.passportNumber && /^[A-Z0-9]{1,9}$/.test(printed.passportNumber) ? printed.passportNumber.padEnd(9, '<') : null],
    ['date_of_birth', printed.dateOfBirth ? isoAsYymmdd(printed.dateOfBirth) : null],
    ['expiry_date', printed.expiryDate ? isoAsYymmdd(printed.expiryDate) : null],
  ] as const;
  for (const [field, text] of candidates) {
    const spec = td3Field(field);
    const washed = (i: number): boolean => options.washed?.[i] === true;
    // A check digit that holds over washed-out cells proves nothing (one reading in ten holds by chance).
    const washedField = Array.from({ length: spec.end - spec.start }, (_, i) => spec.start + i).some(washed);
    if (text === null || (current.checks[field] && !washedField)) continue;
    const line2 = current.lines[1];
    const was = line2.slice(spec.start, spec.end);
    const diffs = [...text].map((c, i) => (c === was[i] ? -1 : i)).filter((i) => i >= 0);
    // Past two changes only where glare left no reading, and the check digit itself was readable.
    const allWashed = diffs.every((i) => washed(spec.start + i)) && !washed(td3Field(`${field}_check`).start);
    if (diffs.length === 0 || (diffs.length > maxChanges && !allWashed)) continue;
    const next = parseTd3([current.lines[0], line2.slice(0, spec.start) + text + line2.slice(spec.end)], { now: options.now });
    if (!next.checks[field] || !next.checks.composite) continue;
    for (const i of diffs) mends.push({ field, line: 2, position: spec.start + i + 1, from: was[i]!, to: text[i]!, reason: 'printed_page' });
    current = next;
  }
  return mends.length === 0 ? parse : { ...current, repairs: [...parse.repairs, ...mends] };
}
