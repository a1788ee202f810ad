/**
 * The MRZ name has no check digit: a letter the recogniser was unsure of is checked against the printed name.
 * Only where the printed line, transliterated as ICAO does, has exactly the MRZ's shape and differs from it in one
 * or two letters that the recogniser itself doubted, do those letters change; each change is recorded. Pure.
 */
import { printedAsMrz } from '../viz/printedName.ts';
import { parseTd3, type Td3Parse } from '../mrz/index.ts';
import type { Td3Repair } from '../mrz/repairTd3.ts';

/** MRZ letters read at least this sure are never overruled by the print (Tesseract misreads print too). */
const doubtfulBelow = 0.99;
/**
 * When two readings of the print (the sparse pass and the sharper re-read) give the same letters, the print
 * overrules MRZ letters up to this sureness: the recogniser has read a clear I as A at 0.995.
 */
const doubtfulBelowWhenCorroborated = 0.999;
const maxChanges = 2;

export interface PrintedNameTexts {
  readonly surname?: string | null | undefined;
  readonly givenNames?: string | null | undefined;
}

/** Other readings of the same printed lines, from another OCR pass. */
export interface OtherPrintedReadings {
  readonly surname: readonly string[];
  readonly givenNames: readonly string[];
}

const nameStart = 5;

/** Positions (0-based, line 1) and text of the surname and given-names parts of the MRZ name. */
function nameParts(line1: string): { surname: { start: number; text: string }; givenNames: { start: number; text: string } | null } {
  const name = line1.slice(nameStart);
  const cut = name.indexOf('<<');
  const surnameText = (cut < 0 ? name : name.slice(0, cut)).replace(/<+$/, '');
  if (cut < 0) return { surname: { start: nameStart, text: surnameText }, givenNames: null };
  const givenText = name.slice(cut + 2).replace(/<+$/, '');
  return { surname: { start: nameStart, text: surnameText }, givenNames: givenText === '' ? null : { start: nameStart + cut + 2, text: givenText } };
}

export function mendNameFromPrint(
  parse: Td3Parse,
  line1Confidence: readonly number[],
  printed: PrintedNameTexts,
  options: { now: Date; otherReadings?: OtherPrintedReadings },
): Td3Parse {
  const chars = [...parse.lines[0]];
  const mends: Td3Repair[] = [];
  const parts = nameParts(parse.lines[0]);
  const others = options.otherReadings ?? { surname: [], givenNames: [] };
  for (const [part, text, otherTexts] of [
    [parts.surname, printed.surname, others.surname],
    [parts.givenNames, printed.givenNames, others.givenNames],
  ] as const) {
    if (part === null || text == null) continue;
    const tr = printedAsMrz(text);
    if (tr.length !== part.text.length || !/^[A-Z<]+$/.test(tr)) continue;
    const diffs: number[] = [];
    for (let i = 0; i < tr.length; i++) if (tr[i] !== part.text[i]) diffs.push(i);
    const threshold = otherTexts.some((other) => agreesAt(printedAsMrz(other), tr, diffs)) ? doubtfulBelowWhenCorroborated : doubtfulBelow;
    const allowed = diffs.length <= maxChanges && diffs.every((i) => tr[i] !== '<' && part.text[i] !== '<' && (line1Confidence[part.start + i] ?? 1) < threshold);
    if (diffs.length === 0 || !allowed) continue;
    for (const i of diffs) {
      mends.push({ field: 'name', line: 1, position: part.start + i + 1, from: part.text[i]!, to: tr[i]!, reason: 'printed_page' });
      chars[part.start + i] = tr[i]!;
    }
  }
  if (mends.length === 0) mends.push(...wholeNameMends(chars, line1Confidence, printed, others));
  if (mends.length === 0) return parse;
  const reparsed = parseTd3([chars.join(''), parse.lines[1]], { now: options.now });
  return { ...reparsed, repairs: [...parse.repairs, ...mends] };
}

/**
 * Whether another reading of the print, as the MRZ writes it, corroborates `reading` where it would change the MRZ:
 * as long as it, and the same letters at each of `at`. It may differ elsewhere (`GERNY` for `ČERNÝ`, its caron
 * read into the letter), but not where the change is.
 */
function agreesAt(other: string, reading: string, at: readonly number[]): boolean {
  return other.length === reading.length && at.every((i) => other[i] === reading[i]);
}

/**
 * The whole name field against the printed surname and given names as ICAO writes them (`SURNAME<<GIVEN<NAMES`,
 * padded with `<`), when both were read: this also mends a letter the MRZ read as a filler (`MARQUE<<<JOAQUIN` for
 * `MARQUEZ<<JOAQUIN`), which shifts the part boundaries, and a name cut at the line's end. As for one part, the
 * letters that change must be ones the recogniser doubted (< 0.99), or, where another reading of the print agrees
 * there, not all but sure (< 0.999). A print that lost or gained a letter shifts every letter after it: more than
 * two differences, no change. Edits `chars`.
 */
function wholeNameMends(chars: string[], line1Confidence: readonly number[], printed: PrintedNameTexts, others: OtherPrintedReadings): Td3Repair[] {
  if (printed.surname == null || printed.givenNames == null) return [];
  const surname = printedAsMrz(printed.surname);
  const given = printedAsMrz(printed.givenNames);
  const expected = `${surname}<<${given}`;
  const field = chars.slice(nameStart).join('');
  if (!/^[A-Z<]+$/.test(expected)) return [];
  // A name longer than the field is cut at its end (given names last); a shorter one is padded.
  const inField = (name: string): string => name.slice(0, field.length).padEnd(field.length, '<');
  const padded = inField(expected);
  const diffs: number[] = [];
  for (let i = 0; i < field.length; i++) if (padded[i] !== field[i]) diffs.push(i);
  // Another reading corroborates only with parts as long as these: padding would hide a letter it lost.
  const agreed = others.surname.some((s) =>
    others.givenNames.some(
      (g) =>
        printedAsMrz(s).length === surname.length &&
        printedAsMrz(g).length === given.length &&
        agreesAt(inField(`${printedAsMrz(s)}<<${printedAsMrz(g)}`), padded, diffs),
    ),
  );
  const threshold = agreed ? doubtfulBelowWhenCorroborated : doubtfulBelow;
  const allowed = diffs.length > 0 && diffs.length <= maxChanges && diffs.every((i) => (line1Confidence[nameStart + i] ?? 1) < threshold);
  if (!allowed) return [];
  return diffs.map((i) => {
    const mend: Td3Repair = { field: 'name', line: 1, position: nameStart + i + 1, from: field[i]!, to: padded[i]!, reason: 'printed_page' };
    chars[nameStart + i] = padded[i]!;
    return mend;
  });
}
