/**
 * Country codes in doubt: no check digit covers nationality or issuing state, so a code holding a cell changed to a
 * letter, or changed to make it a known code (CHN made of `C6N` for CAN), is a guess unless the other code as read,
 * with no cell of it changed, or the printed nationality spells the same code, or both codes were read alike with
 * only a digit where its look-alike letter makes the one known code (sameDigitMended).
 */
import { confusionPairs } from '../../../core/mrz/mrzCharClass.ts';
import { isKnownCountryField } from '../../../core/mrz/countryCodes.ts';
import type { Td3Parse } from '../mrz/index.ts';
import { td3Field } from '../mrz/td3Fields.ts';
import { transliterateName } from '../viz/icaoTransliteration.ts';

export type CodeField = 'nationality' | 'issuing_state';

/** The letters a digit is drawn like (0: O, Q, D). */
const lettersLike = (digit: string): string[] => confusionPairs.filter(([, d]) => d === digit).map(([letter]) => letter);

/** The cells (0-based on their line) of each code in doubt; a field absent is no code in doubt. */
export function codeCellsInDoubt(parse: Td3Parse, printedNationality: string | null | undefined): Partial<Record<CodeField, number[]>> {
  const changes = (field: CodeField) =>
    parse.repairs.filter((r) => r.field === field && (r.reason === 'character_class' || r.reason === 'country_code') && /[A-Z]/.test(r.to));
  const changedCells = (field: CodeField): number[] => changes(field).map((r) => r.position - 1);
  const printedCode = (code: string): boolean => printedNationality != null && transliterateName(printedNationality) === transliterateName(code);
  // Both fields read alike cell for cell, each change a digit made its look-alike letter by the class, and no other
  // letter that digit is drawn like making a known code: two readings agree, and the list leaves no other state
  // (POL read `P0L` twice). A change to a runner-up (C6N's H) is no such case.
  const asRead = (field: CodeField) => changes(field).map((r) => ({ at: r.position - 1 - td3Field(field).start, from: r.from, to: r.to, reason: r.reason }));
  const sameDigitMended = (code: string): boolean => {
    const [a, b] = [asRead('nationality'), asRead('issuing_state')];
    if (a.length === 0 || JSON.stringify(a) !== JSON.stringify(b)) return false;
    return a.every(
      (c) =>
        c.reason === 'character_class' &&
        /^\d$/.test(c.from) &&
        lettersLike(c.from).filter((letter) => isKnownCountryField(code.slice(0, c.at) + letter + code.slice(c.at + 1))).join('') === c.to,
    );
  };
  const f = parse.fields;
  const doubts: Partial<Record<CodeField, number[]>> = {};
  for (const field of ['nationality', 'issuing_state'] as const) {
    const cells = changedCells(field);
    if (cells.length === 0) continue;
    const [own, other, otherField] =
      field === 'nationality' ? [f.nationality.value, f.issuingState.value, 'issuing_state' as const] : [f.issuingState.value, f.nationality.value, 'nationality' as const];
    const witnessed = printedCode(own) || (own === other && (changedCells(otherField).length === 0 || sameDigitMended(own)));
    if (!witnessed) doubts[field] = [...new Set(cells)];
  }
  return doubts;
}
