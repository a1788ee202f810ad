/**
 * Country codes in doubt: no check digit covers nationality or issuing state, so a code holding a cell changed to a
 * letter, or changed to make it a known code (CHN made of `C6N` for CAN), is a guess unless the other code as read,
 * with no cell of it changed, or the printed nationality spells the same code.
 */
import type { Td3Parse } from '../mrz/index.ts';
import { transliterateName } from '../viz/icaoTransliteration.ts';

export type CodeField = 'nationality' | 'issuing_state';

/** The cells (0-based on their line) of each code in doubt; a field absent is no code in doubt. */
export function codeCellsInDoubt(parse: Td3Parse, printedNationality: string | null | undefined): Partial<Record<CodeField, number[]>> {
  const changedCells = (field: CodeField): number[] =>
    parse.repairs
      .filter((r) => r.field === field && (r.reason === 'character_class' || r.reason === 'country_code') && /[A-Z]/.test(r.to))
      .map((r) => r.position - 1);
  const printedCode = (code: string): boolean => printedNationality != null && transliterateName(printedNationality) === transliterateName(code);
  const f = parse.fields;
  const doubts: Partial<Record<CodeField, number[]>> = {};
  for (const field of ['nationality', 'issuing_state'] as const) {
    const cells = changedCells(field);
    if (cells.length === 0) continue;
    const [own, other, otherField] =
      field === 'nationality' ? [f.nationality.value, f.issuingState.value, 'issuing_state' as const] : [f.issuingState.value, f.nationality.value, 'nationality' as const];
    const witnessed = printedCode(own) || (own === other && changedCells(otherField).length === 0);
    if (!witnessed) doubts[field] = [...new Set(cells)];
  }
  return doubts;
}
