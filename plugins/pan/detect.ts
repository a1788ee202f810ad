/**
 * How sure the PAN plugin is that an upload is a PAN card, from the first page's words: the card's own header and
 * label (Income Tax Department, Permanent Account Number, Govt. of India), and a PAN-shaped number. Pure.
 */
import type { OcrResult } from '../../core/ocr/types.ts';

const HEADER = /INCOME\s*TAX|TAX\s*DEPARTMENT|PERMANENT\s*ACCOUNT|ACCOUNT\s*NUMBER|GOVT\.?\s*OF\s*INDIA/g;
// Five letters (the fourth a holder type), four digits, a letter.
const PAN_SHAPED = /(?<![A-Z0-9])[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z](?![A-Z0-9])/;

export function panCardConfidence(words: OcrResult): number {
  const text = words.text.toUpperCase();
  const header = new Set((text.match(HEADER) ?? []).map((m) => m.replace(/\W+/g, ' '))).size;
  const number = PAN_SHAPED.test(text.replace(/[ \t]+/g, ''));
  if (header >= 2) return number ? 0.95 : 0.85;
  if (header === 1) return number ? 0.85 : 0.6;
  return number ? 0.3 : 0;
}
