/**
 * Where the printed fields begin across the page, as a first sparse pass proved it: the labels it read and the values
 * that spell the MRZ's own data. ICAO 9303-4 puts the portrait (zone V) left of the personal data, so a second pass
 * that looks for what the first missed (a date of issue, a name) can start there and not read the portrait again.
 */
import type { OcrResult } from '../../../core/ocr/types.ts';
import type { Td3Parse } from '../mrz/parseTd3.ts';
import { mrzDigitsOf, parsePrintedDates } from './printedDate.ts';
import { phrasesOf, type Phrase } from './vizLayout.ts';

/** Fewer than this many things found is too little to say where the fields are. */
const minAnchors = 3;

const lettersOf = (s: string): string => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The phrase spells the MRZ's document number, a date of birth or expiry it holds, or its surname. */
function spellsMrzData(phrase: Phrase, mrz: Td3Parse): boolean {
  const text = lettersOf(phrase.text);
  const { documentNumber, dateOfBirth, expiryDate, name } = mrz.fields;
  if (documentNumber.value.length >= 6 && text.includes(lettersOf(documentNumber.value))) return true;
  const surname = lettersOf(name.surname);
  if (surname.length >= 4 && text.includes(surname)) return true;
  return parsePrintedDates(phrase.text).some((d) => d.valid && (mrzDigitsOf(d) === dateOfBirth.raw || mrzDigitsOf(d) === expiryDate.raw));
}

/**
 * The left edge (in the pass's pixels) of the labels and MRZ-proven values a pass read, or null when it read too few
 * of them or none proves the MRZ's data (then nothing is known about where the fields are).
 */
export function provenFieldsLeft(viz: OcrResult, mrz: Td3Parse): number | null {
  const phrases = phrasesOf(viz);
  const proven = phrases.filter((p) => p.label === null && spellsMrzData(p, mrz));
  const labels = phrases.filter((p) => p.label !== null);
  if (proven.length === 0 || proven.length + labels.length < minAnchors) return null;
  return Math.min(...[...proven, ...labels].map((p) => p.bbox.x0));
}
