/**
 * MRZ cells glare washed out (readMrz's washedOut) hold no reading. They are filled only from what fixes them: the
 * layout (the document code's cell is P on every passport; an unused optional-data field is filler); for the document
 * type, the issuing state, the nationality, sex and name, their printed copies, and only when the copy agrees with
 * every cell of the field glare left readable. Checked fields are filled in printedFieldMend.ts, where their check
 * digits prove the print. Each fill is recorded with reason `washed_out`. Pure.
 */
import { parseTd3, type Td3Parse } from '../mrz/index.ts';
import type { Td3Repair } from '../mrz/repairTd3.ts';
import { td3CheckCells, td3Checks, td3ChecksCovering, td3Field, td3FieldCells, td3Fields, type Td3CheckName, type Td3FieldName, type Td3FieldSpec } from '../mrz/td3Fields.ts';
import { isoAsYymmdd } from '../../../core/mrz/mrzDate.ts';
import { isKnownCountryField } from '../../../core/mrz/countryCodes.ts';
import { droppedMarkSecond } from './printedNameMend.ts';

export interface PrintedUncheckedFields {
  /** `IND`, `D`. */
  readonly issuingState: string | null;
  /** `P`, `PD`. */
  readonly documentType: string | null;
  readonly nationality: string | null;
  readonly sex: string | null;
  /** The name as ICAO writes it in the MRZ (`SURNAME<<GIVEN<NAMES`), from the printed names; null when not read. */
  readonly mrzName: string | null;
  /**
   * The copy's last part was read up to a letter's stroke glued to its last letter (`BRZECZYSZCZYKIE!`, glare over
   * WICZ): the part may go on past it, so the copy spells its own letters and nothing of the cells after.
   */
  readonly mrzNameOpen?: boolean;
  /** Per part, whether its copy is a reading whose marks were looked at (the name line's sharper re-read). */
  readonly mrzNameMarksSeen?: NameMarksSeen;
}

/** Per name part: its copy's plain letters were read where marks are seen, so they are plain. */
export interface NameMarksSeen {
  readonly surname: boolean;
  readonly givenNames: boolean;
}

/** Per line, per cell: washed out. */
export type WashedCells = readonly (readonly boolean[])[];

/**
 * Washed-out cells the layout itself fixes: line 1's first cell is the passport's document code P (the page can then
 * be judged a passport's); the optional-data cells are filler when that field's check digit, readable, is the filler
 * (see optionalDataUnused).
 */
export function layoutWhereWashed(parse: Td3Parse, washed: WashedCells, now: Date): Td3Parse {
  const lines: [string[], string[]] = [[...parse.lines[0]], [...parse.lines[1]]];
  const fills: Td3Repair[] = [];
  const fill = (field: Td3FieldName, line: 0 | 1, i: number, to: string): void => {
    if (washed[line]?.[i] !== true || lines[line][i] === to) return;
    fills.push({ field, line: (line + 1) as 1 | 2, position: i + 1, from: lines[line][i]!, to, reason: 'washed_out' });
    lines[line][i] = to;
  };
  fill('document_code', 0, 0, 'P');
  if (optionalDataUnused(parse.lines[1], washed)) {
    const spec = td3Field('optional_data');
    for (let i = spec.start; i < spec.end; i++) fill('optional_data', 1, i, '<');
  }
  if (fills.length === 0) return parse;
  const next = parseTd3([lines[0].join(''), lines[1].join('')], { now });
  return { ...next, repairs: [...parse.repairs, ...fills] };
}

/**
 * ICAO 9303-4 allows the filler as the optional-data check digit only when the field is unused (all filler); a used
 * field's check digit is a digit. So a readable `<` there says what every washed cell of the field holds.
 */
function optionalDataUnused(line2: string, washed: WashedCells): boolean {
  const check = td3Field('optional_data_check').start;
  return washed[1]?.[check] !== true && line2[check] === '<';
}

/** Readable filler cells the optional-data field must start with before its washed end is taken for filler too. */
const fillerRunReadable = 7;

/**
 * An optional-data field whose end glare washed out, after a run of readable filler from its first cell, the washed
 * cells read filler as well, and the composite check digit holding over them: the field is unused. ICAO fields are
 * written from their first cell, so data after half a field of filler would be rare; the classifier's faint reading
 * and the composite confirm it (a wrong filling holds the composite one time in ten). Where the same glare washed the
 * composite too, the run and the faint reading are all there is: the composite's cell is then in doubt beside the
 * field's check cell (fillerCheckCellWashed), which it covers, and the answer says so. Glare across a shorter run
 * of filler from the first cell takes the field's own check digit and the composite, both readable and holding over
 * filler there, as well (one wrong filling in a hundred holds both).
 */
function optionalDataFillerRun(parse: Td3Parse, washed: WashedCells): boolean {
  const line2 = parse.lines[1];
  const cells = td3FieldCells('optional_data');
  const isWashed = (i: number): boolean => washed[1]?.[i] === true;
  const firstWashed = cells.findIndex(isWashed);
  if (firstWashed < 1 || !cells.every((i) => line2[i] === '<')) return false;
  if (firstWashed >= fillerRunReadable && cells.slice(firstWashed).every(isWashed)) {
    return isWashed(td3Field('composite_check').start) || parse.checks.composite;
  }
  const readable = (field: Td3FieldName): boolean => !isWashed(td3Field(field).start);
  return readable('optional_data_check') && readable('composite_check') && parse.checks.optional_data && parse.checks.composite;
}

/**
 * The optional-data check cell of a field all filler, glare washed out: ICAO 9303-4 lets the state print `<` or `0`
 * there, and both hold every check alike, so no check digit pins it. Null where the field holds data or the cell is
 * readable.
 */
function fillerCheckCellWashed(line2: string, washed: WashedCells): number | null {
  const check = fillerCheckCell(line2);
  return check !== null && washed[1]?.[check] === true ? check : null;
}

/** The optional-data check cell where the field is all filler, else null. */
function fillerCheckCell(line2: string): number | null {
  const spec = td3Field('optional_data');
  return /^<+$/.test(line2.slice(spec.start, spec.end)) ? td3Field('optional_data_check').start : null;
}

/** A printed sex as the MRZ writes it: X, unspecified, is the filler there (ICAO 9303-4). */
export const mrzSex = (sex: string | null): string | null => (sex === 'X' ? '<' : sex);

/**
 * The name cells a printed copy spells (`SURNAME<<GIVEN<NAMES`, then filler). A copy without the separator is the
 * surname alone, its given names not read: it spells the surname and the separator, and nothing of the cells after,
 * which hold whatever given names the print reading missed, not filler.
 */
export const nameCopyCells = (mrzName: string, open = false): string =>
  open ? mrzName : mrzName.includes('<<') ? mrzName.padEnd(39, '<') : `${mrzName}<<`;

/**
 * The name cells a printed copy spells (nameCopyCells, its dropped marks' second letters put back), or null where it
 * spells a readable name cell otherwise: a copy of other letters (`SEE`, a label's word) confirms no washed cell,
 * as it fills none.
 */
export function agreeingNameCopy(
  mrzName: string,
  line1: string,
  washed1: readonly boolean[] | undefined,
  open = false,
  marksSeen?: NameMarksSeen,
): string | null {
  const start = td3Field('name').start;
  const whole = nameCopyCells(withDroppedSeconds(mrzName, [...line1], washed1), open).slice(0, 39);
  const unsettled = unsettledMarkPair(whole, [...line1], washed1, marksSeen);
  const copy = unsettled === null ? whole : whole.slice(0, unsettled + 1);
  return [...copy].every((c, j) => washed1?.[start + j] === true || line1[start + j] === c) ? copy : null;
}

/**
 * Where a copy's plain A, O or U stands before a name cell glare washed out whose faint reading is the second letter
 * of that letter's mark pair (AE, AA, OE, UE), and the copy with the pair spells the readable cells as well as it
 * does: OCR of the print drops marks at a sparse pass's scale (KÄTHE read `KATHE`), and the little the MRZ shows
 * there disputes the copy. The index (in the copy's name cells) of the letter, the copy spelling nothing past it;
 * null where the readable cells settle it, or the part's copy was read where marks are seen (`marksSeen`).
 */
export function unsettledMarkPair(cells: string, line1: readonly string[], washed1: readonly boolean[] | undefined, marksSeen?: NameMarksSeen): number | null {
  const start = td3Field('name').start;
  const split = cells.indexOf('<<');
  const seen = (j: number): boolean => (split < 0 || j < split ? marksSeen?.surname : marksSeen?.givenNames) === true;
  const washedAt = (k: number): boolean => washed1?.[start + k] === true;
  const misfits = (copy: string): number => [...copy.slice(0, 39)].filter((c, k) => !washedAt(k) && line1[start + k] !== c).length;
  const asCopied = misfits(cells);
  for (let j = 0; j + 1 < cells.length; j++) {
    if (!washedAt(j + 1) || seen(j)) continue;
    for (const second of droppedMarkSecond[cells[j]!] ?? '') {
      if (cells[j + 1] === second || line1[start + j + 1] !== second) continue;
      if (misfits(cells.slice(0, j + 1) + second + cells.slice(j + 1)) <= asCopied) return j;
    }
  }
  return null;
}

/** Doubted readable name cells the print that fills a name's washed cells may mend beside them. */
const maxEdgeMends = 2;

/**
 * The document type, issuing state, name, nationality and sex cells glare washed out, from their printed copies.
 * `nameCellDoubted`: whether the recogniser doubted a readable line-1 cell, leaning to the print's letter.
 */
export function fillWashedFromPrint(
  parse: Td3Parse,
  washed: WashedCells,
  printed: PrintedUncheckedFields,
  now: Date,
  nameCellDoubted: (cell: number, printedLetter: string) => boolean = () => false,
): Td3Parse {
  const lines: [string[], string[]] = [[...parse.lines[0]], [...parse.lines[1]]];
  const fills: Td3Repair[] = [];
  // `head`: only the field's first cells, as long as the text, are compared and filled.
  const fill = (field: Td3FieldName, text: string | null, head = false): boolean => {
    if (text === null) return false;
    const spec = td3Field(field);
    const cells = lines[spec.line];
    const width = spec.end - spec.start;
    if (text.length > width) return false;
    const value = head ? text : text.padEnd(width, '<');
    const washedHere = (i: number): boolean => washed[spec.line]?.[spec.start + i] === true;
    const indices = [...value].map((_, i) => i);
    if (!indices.some(washedHere)) return false;
    // Every cell glare left readable must already say what the print says, but for a name letter or two at the glare's
    // edge that the recogniser doubted, leaning to the print's letter (`HAKLJN` for a washed MARTIN): the print that
    // fills the washed cells mends those too.
    const differ = indices.filter((i) => !washedHere(i) && cells[spec.start + i] !== value[i]);
    const mended = field === 'name' && differ.length <= maxEdgeMends && differ.every((i) => value[i] !== '<' && cells[spec.start + i] !== '<' && nameCellDoubted(spec.start + i, value[i]!));
    if (differ.length > 0 && !mended) return false;
    // ICAO writes no three fillers inside a name: a copy shorter than the MRZ's name (BJORNSTAD, Ø's E lost, for
    // BJOERNSTAD) that would leave `<<<` before a readable letter is a copy of other letters.
    if (field === 'name') {
      const after = cells.slice(spec.start, spec.end).map((c, i) => (i < value.length && (washedHere(i) || differ.includes(i)) ? value[i]! : c));
      if (/<{3}[A-Z]/.test(after.join(''))) return false;
    }
    for (const i of indices) {
      if (cells[spec.start + i] === value[i] || (!washedHere(i) && !differ.includes(i))) continue;
      const reason = washedHere(i) ? 'washed_out' : 'printed_page';
      fills.push({ field, line: (spec.line + 1) as 1 | 2, position: spec.start + i + 1, from: cells[spec.start + i]!, to: value[i]!, reason });
      cells[spec.start + i] = value[i]!;
    }
    return true;
  };
  // The printed type `P` is the MRZ's `P<`: its second cell is the type's.
  fill('document_type', printed.documentType === null ? null : printed.documentType.slice(1) || '<');
  fill('issuing_state', printed.issuingState);
  fill('nationality', printed.nationality);
  fill('sex', mrzSex(printed.sex));
  // A name longer than its 39 cells is cut at the end, as the MRZ cuts it.
  const read = printed.mrzName === null ? null : withDroppedSeconds(printed.mrzName, lines[0], washed[0]).slice(0, 39);
  // A copy whose dropped mark may stand before washed cells spells nothing past that letter (unsettledMarkPair).
  const copied = read === null ? null : nameCopyCells(read, printed.mrzNameOpen === true).slice(0, 39);
  const unsettled = copied === null ? null : unsettledMarkPair(copied, lines[0], washed[0], printed.mrzNameMarksSeen);
  const name = copied === null || unsettled === null ? read : copied.slice(0, unsettled + 1);
  // Else the surname and its separator alone: the given names' copy may be off where print OCR missed a mark (HÅKAN
  // read HAKAN beside the MRZ's HAAKAN), which says nothing of the surname's washed cells.
  // A copy of the surname alone (the given names not read) fills the surname and its separator only.
  const open = printed.mrzNameOpen === true || unsettled !== null;
  if (name !== null && !name.includes('<<')) fill('name', nameCopyCells(name, open).slice(0, 39), true);
  else if (!fill('name', name, open) && name !== null) fill('name', name.slice(0, name.indexOf('<<') + 2), true);
  if (fills.length === 0) return parse;
  const next = parseTd3([lines[0].join(''), lines[1].join('')], { now });
  return { ...next, repairs: [...parse.repairs, ...fills] };
}

/**
 * A name's printed copy (in MRZ letters, from the name's first cell) with the second letter of each pair a dropped
 * mark made one put back where line 1's readable cell after the letter holds it and the copy goes on otherwise
 * (UEBELHÖR read `UEBELHOR` beside the MRZ's UEBELHOER): OCR of the print drops marks, and the fill compares the copy
 * with the readable cells one for one. A washed cell says nothing, so nothing is put back there.
 */
export function withDroppedSeconds(copy: string, line1: readonly string[], washed1: readonly boolean[] | undefined): string {
  const start = td3Field('name').start;
  let out = '';
  const readable = (at: number): boolean => washed1?.[at] !== true;
  for (const [j, c] of [...copy].entries()) {
    // OCR's model has no Þ and reads it P: a P where line 1's readable cells spell TH, and the copy goes on otherwise
    // than with an H, is the MRZ's TH (`PORSDOTTIR` beside THORSDOTTIR).
    const here = start + out.length;
    if (c === 'P' && line1[here] === 'T' && line1[here + 1] === 'H' && readable(here) && readable(here + 1) && copy[j + 1] !== 'H') {
      out += 'TH';
      continue;
    }
    out += c;
    const at = start + out.length;
    const cell = line1[at];
    if (cell === undefined || !readable(at) || cell === (copy[j + 1] ?? '<')) continue;
    if ((droppedMarkSecond[c] ?? '').includes(cell)) out += cell;
  }
  return out;
}

/**
 * An issuing state glare washed out, with no copy read under its label (small print bent past reading: `~~0digo/Lode`):
 * the nationality's code, where line 2 reads it unwashed and the page prints that code as a word of its own, or the
 * washed cells read that code themselves. A state
 * issues passports to its own nationals, and the page's one code is the issuing state's; but a page may print the
 * nationality as a code instead, so the fill stays unconfirmed (washedCellsInDoubt counts it as one cell in doubt).
 * Every cell of the field glare left readable must already spell it. The code, and the line-1 cells it fills.
 */
export function issuingStateBesideNationality(
  parse: Td3Parse,
  washed: WashedCells,
  printed: { readonly issuingState: string | null; readonly countryCodes: readonly string[] },
): { readonly code: string; readonly cells: readonly number[] } | null {
  if (printed.issuingState !== null) return null;
  const state = td3Field('issuing_state');
  const nationality = td3Field('nationality');
  const cells = td3FieldCells('issuing_state');
  if (!cells.some((i) => washed[state.line]?.[i] === true)) return null;
  if (td3FieldCells('nationality').some((i) => washed[nationality.line]?.[i] === true)) return null;
  const field = parse.lines[nationality.line].slice(nationality.start, nationality.end);
  const code = field.replace(/<+$/, '');
  const read = parse.lines[state.line];
  const spells = (i: number): boolean => read[i] === field[i - state.start];
  // Or where the washed cells already read that code, every one of them: glare left the glyphs enough to read.
  if (!isKnownCountryField(field) || (!printed.countryCodes.includes(code) && !cells.every(spells))) return null;
  return cells.every((i) => washed[state.line]?.[i] === true || spells(i)) ? { code, cells } : null;
}

/** What the printed page says, for confirming washed-out cells. */
export interface PrintedCopiesForWashed extends PrintedUncheckedFields {
  readonly passportNumber: string | null;
  /** ISO dates. */
  readonly dateOfBirth: string | null;
  readonly expiryDate: string | null;
}

/**
 * The washed-out cells (0-based, per line) that neither the layout nor the printed page confirms, after the fills:
 * what they hold was guessed by the classifier from what glare left. A check digit's cell is confirmed when its check
 * holds over cells that are all readable or confirmed.
 */
export function unconfirmedWashedCells(parse: Td3Parse, washed: WashedCells, printed: PrintedCopiesForWashed): [number[], number[]] {
  const [line1, line2] = parse.lines;
  const nameCopy = printed.mrzName === null ? null : agreeingNameCopy(printed.mrzName, line1, washed[0], printed.mrzNameOpen === true, printed.mrzNameMarksSeen);
  const expected1 = (i: number): string | null => {
    if (i === 0) return 'P';
    if (i === 1) return printed.documentType === null ? null : printed.documentType.slice(1) || '<';
    if (i < 5) return printed.issuingState === null ? null : printed.issuingState.padEnd(3, '<')[i - 2]!;
    return nameCopy === null ? null : (nameCopy[i - 5] ?? null);
  };
  const copies: Partial<Record<Td3FieldName, string | null>> = {
    document_number: printed.passportNumber === null ? null : printed.passportNumber.padEnd(9, '<'),
    nationality: printed.nationality === null ? null : printed.nationality.padEnd(3, '<'),
    date_of_birth: printed.dateOfBirth === null ? null : isoAsYymmdd(printed.dateOfBirth),
    sex: mrzSex(printed.sex),
    expiry_date: printed.expiryDate === null ? null : isoAsYymmdd(printed.expiryDate),
    optional_data:
      optionalDataUnused(line2, washed) || optionalDataFillerRun(parse, washed)
        ? '<'.repeat(td3Field('optional_data').end - td3Field('optional_data').start)
        : null,
  };
  const unconfirmed1 = [...line1].map((c, i) => i).filter((i) => washed[0]?.[i] === true && expected1(i) !== line1[i]);
  const dataUnconfirmed = (i: number): boolean => {
    if (washed[1]?.[i] !== true) return false;
    const spec = fieldAt(i);
    const copy = copies[spec.field];
    return copy == null || copy !== line2.slice(spec.start, spec.end);
  };
  const fillerCheck = fillerCheckCellWashed(line2, washed);
  const unconfirmed2 = [...line2].map((c, i) => i).filter((i) => {
    if (washed[1]?.[i] !== true) return false;
    if (i === fillerCheck) return true;
    const check = checkAt(i);
    if (check === null) return dataUnconfirmed(i);
    return !parse.checks[check.check] || td3CheckCells(check.check).some((k) => k !== i && dataUnconfirmed(k));
  });
  return [unconfirmed1, unconfirmed2];
}

/**
 * The washed-out cells nothing confirmed that are cells in doubt (refusal.ts caps them with the rest): all of line 1's,
 * which no check digit covers, and line 2's that no holding check pins (the nationality, the sex, a field whose check
 * fails, a field with more than one such cell). Line 2's are given by position, to be counted once beside other doubts
 * there. Line 1's cells in `asOne` (an issuing state taken beside the nationality) are one reading in doubt, not three.
 */
export function washedCellsInDoubt(
  parse: Td3Parse,
  unconfirmed: readonly [readonly number[], readonly number[]],
  asOne: readonly number[] = [],
): { line1: number; line2: number[] } {
  // A holding check pins one unknown cell, not two: washed cells it covers beside another unconfirmed one it leaves
  // open (many fillings of four washed cells hold one check digit), unless another holding check pins it.
  const alone = (check: Td3CheckName, i: number): boolean => td3CheckCells(check).every((k) => k === i || !unconfirmed[1].includes(k));
  // The optional-data check of a field all filler holds as `<` and as `0` (fillerCheckCellWashed): nothing vouches.
  const fillerCheck = fillerCheckCell(parse.lines[1]);
  const vouched = (i: number): boolean => {
    if (i === fillerCheck) return false;
    const checks = td3ChecksCovering(i);
    return checks.length > 0 && checks.every((check) => parse.checks[check]) && checks.some((check) => alone(check, i));
  };
  const apart = unconfirmed[0].filter((i) => !asOne.includes(i)).length;
  const together = unconfirmed[0].some((i) => asOne.includes(i)) ? 1 : 0;
  return { line1: apart + together, line2: unconfirmed[1].filter((i) => !vouched(i)) };
}

/**
 * Line 2's washed cells in doubt that lie in the optional data, its check digit or the composite, where glare washed
 * the field itself (not the composite alone) and the number and both dates hold their own check digits over cells
 * glare left readable or the print confirmed: the personal number is no spec field and the print gives no copy of it,
 * so it is withheld, and those cells are no answer's doubt. [] otherwise.
 */
export function optionalDataWithheldCells(parse: Td3Parse, unconfirmed2: readonly number[], inDoubt2: readonly number[]): number[] {
  const from = td3Field('optional_data').start;
  const composite = td3Field('composite_check').start;
  const cells = inDoubt2.filter((i) => i >= from && i <= composite);
  if (!cells.some((i) => i < composite)) return [];
  const proven = (['document_number', 'date_of_birth', 'expiry_date'] as const).every(
    (check) => parse.checks[check] && !td3CheckCells(check).some((i) => unconfirmed2.includes(i)),
  );
  return proven ? cells : [];
}

/**
 * How many of line 1's washed cells nothing confirmed lie in the given names: all of them past the name's first
 * separator, every cell of the surname and the separator before them readable or confirmed. Withholding the given
 * names then answers none of them; 0 where any lies before, where the names' split is itself unknown.
 */
export function washedInGivenNames(line1: string, unconfirmed1: readonly number[]): number {
  const split = line1.indexOf('<<', td3Field('name').start);
  if (split < 0 || unconfirmed1.length === 0) return 0;
  return unconfirmed1.every((i) => i >= split + 2) ? unconfirmed1.length : 0;
}

function fieldAt(i: number): Td3FieldSpec {
  return td3Fields.find((f) => f.line === 1 && i >= f.start && i < f.end)!;
}

/** The check whose digit stands at line-2 position `i`, or null for a data cell. */
function checkAt(i: number): (typeof td3Checks)[number] | null {
  const spec = fieldAt(i);
  return td3Checks.find((c) => c.digit === spec.field) ?? null;
}
