/**
 * When the passport endpoint refuses a document, and what it says. Pure: the MRZ reader's verdict (and, when no
 * MRZ was found, what a quick OCR of the page shows) in, the problem code with its detail and hint out.
 */
import type { RejectionCode } from '../../core/errors.ts';
import type { OcrResult } from '../../core/ocr/types.ts';

export interface Refusal {
  readonly code: RejectionCode;
  readonly detail: string;
  readonly hint: string;
}

export type MrzFailureKind = 'no_mrz' | 'too_small' | 'too_dark' | 'too_blurry';
export type MrzLayout = 'TD3' | 'TD2' | 'TD1' | 'MRV-A' | 'MRV-B';

const layoutNames: Record<Exclude<MrzLayout, 'TD3'>, string> = {
  TD1: 'an ID card (TD1) MRZ of three 30-character lines',
  TD2: 'an ID card or travel document (TD2) MRZ of two 36-character lines',
  'MRV-A': 'a visa (MRV-A) MRZ',
  'MRV-B': 'a visa (MRV-B) MRZ',
};

/** A non-passport MRZ layout is another document; a TD3 is ours. */
export function refusalForLayout(layout: MrzLayout): Refusal | null {
  if (layout === 'TD3') return null;
  return {
    code: 'wrong_document_type',
    detail: `The document carries ${layoutNames[layout]}, not a passport's (TD3: two 44-character lines starting with P).`,
    hint: 'Send the passport data page (the page with the photo and two 44-character MRZ lines).',
  };
}

/**
 * Documents no plugin reads, recognised by their printed headers. A document another plugin reads is that plugin's to
 * recognise (its detect hook): the host names its endpoint when this one refuses.
 */
const otherDocuments: readonly { readonly name: string; readonly pattern: RegExp; readonly hint: string }[] = [
  { name: 'a driving licence', pattern: /DRIVING\s*LICEN[CS]E|DRIVER'?S?\s*LICEN[CS]E/, hint: 'Send a passport data page.' },
];

/** The other document the page's text names, if any. */
export function recogniseOtherDocument(ocr: OcrResult): { name: string; hint: string } | null {
  const text = ocr.text.toUpperCase().replace(/[^A-Z'\s]/g, ' ').replace(/\s+/g, ' ');
  const found = otherDocuments.find((d) => d.pattern.test(text));
  return found ? { name: found.name, hint: found.hint } : null;
}

const failureHints: Record<MrzFailureKind, string> = {
  no_mrz: 'No machine-readable zone was found: send the passport data page, whole and in focus, with its two MRZ lines visible.',
  too_small: 'The MRZ is too small to read: take the photo closer or scan at 300 dpi or more.',
  too_dark: 'The image is too dark to read: photograph the page in even light.',
  too_blurry: 'The image is too blurry to read: hold the camera still and focus on the page.',
};

/** The refusal for an MRZ reader failure, given what else the page was recognised as. */
export function refusalForFailure(failure: MrzFailureKind, other: { name: string; hint: string } | null): Refusal {
  if (other !== null) {
    return { code: 'wrong_document_type', detail: `The document looks like ${other.name}, not a passport.`, hint: other.hint };
  }
  return {
    code: 'unreadable_document',
    detail: failure === 'no_mrz' ? 'No passport machine-readable zone was found.' : `The passport could not be read (${failure.replace('_', ' ')}).`,
    hint: failureHints[failure],
  };
}

/**
 * Cells a reading answered in doubt may hold: a cell or two that neither the check digits nor the printed page
 * settled. Beyond that the answer is a guess at the document (three letters of a name unknown), not a reading of it.
 */
export const maxCellsInDoubt = 2;

/** Name parts an answer leaves out (null in the result) rather than answer with letters nobody read. */
export interface WithheldNames {
  readonly surname: boolean;
  readonly givenNames: boolean;
}

export const noNamesWithheld: WithheldNames = { surname: false, givenNames: false };

/**
 * What a reading with MRZ cells in doubt may answer: all of it but the name parts holding doubted letters, or
 * nothing. The name has no check digit, so its letters in doubt are the one doubt an answer leaves out whole: a name
 * part holding one is withheld, never answered as a guess (a letter the recogniser and its opinions dispute is wrong
 * often enough on soft pages, TOBOR for TOBON, that a flag does not make it a reading). A withheld letter is no
 * letter answered in doubt, so the other cells (a number's letter no check digit tells from its look-alike) are
 * answered as any page's cell or two in doubt are, flagged. More cells in doubt than maxCellsInDoubt, name letters
 * among them, are answered so only where every check digit holds over line 2 as read (`lineTwoProven`) and the cells
 * left are a cell or two. The fields the check digits prove are answered; a blurred page's name is not guessed at.
 */
export function verdictForDoubt(doubt: {
  readonly surnameCells: number;
  readonly givenNameCells: number;
  readonly otherCells: number;
  readonly lineTwoProven: boolean;
  /** Of `otherCells`, those on line 1 (cells glare washed out, in the name or the state): never beside a withheld part. */
  readonly otherOnLineOne?: number;
}): { readonly withheld: WithheldNames } | { readonly refusal: Refusal } {
  const { surnameCells, givenNameCells, otherCells } = doubt;
  const total = surnameCells + givenNameCells + otherCells;
  const withheld = { surname: surnameCells > 0, givenNames: givenNameCells > 0 };
  if (total <= maxCellsInDoubt) return { withheld };
  // Washed line-1 cells may be the name's own: withholding the part with the doubted letters would answer them.
  const otherAllowed = (doubt.otherOnLineOne ?? 0) > 0 ? 0 : maxCellsInDoubt;
  if (!doubt.lineTwoProven || otherCells > otherAllowed) return { refusal: refusalForDoubt(total)! };
  return { withheld };
}

/** The refusal for a reading with more MRZ cells in doubt than an answer may carry, or null. */
export function refusalForDoubt(cellsInDoubt: number): Refusal | null {
  if (cellsInDoubt <= maxCellsInDoubt) return null;
  return {
    code: 'unreadable_document',
    detail: `The passport machine-readable zone was read, but ${cellsInDoubt} of its characters are in doubt: neither the check digits nor the printed page settle them.`,
    hint: 'Send a sharper image of the whole data page, flat, in focus and without glare, with the printed names and both MRZ lines legible.',
  };
}
