/**
 * How sure the PAN plugin is that an upload is a PAN card, from the first page's words: the card's own header and
 * label (Income Tax Department, Permanent Account Number, Govt. of India), and a PAN-shaped number. Pure.
 */
import type { OcrResult } from '../../core/ocr/types.ts';
import type { DetectVerdict } from '../../core/plugins/types.ts';

const HEADER = /INCOME\s*TAX|TAX\s*DEPARTMENT|PERMANENT\s*ACCOUNT|ACCOUNT\s*NUMBER|GOVT\.?\s*OF\s*INDIA/g;
// Five letters (the fourth a holder type), four digits, a letter.
const PAN_SHAPED = /(?<![A-Z0-9])[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z](?![A-Z0-9])/;

export function panCardVerdict(words: OcrResult): DetectVerdict {
  const text = words.text.toUpperCase();
  const header = new Set((text.match(HEADER) ?? []).map((m) => m.replace(/\W+/g, ' '))).size;
  const number = PAN_SHAPED.test(text.replace(/[ \t]+/g, ''));
  if (header >= 2) return { confidence: number ? 0.95 : 0.85, evidence: number ? 'card words and number' : 'card words' };
  if (header === 1) return { confidence: number ? 0.85 : 0.6, evidence: number ? 'a card word and number' : 'a card word' };
  return number ? { confidence: 0.3, evidence: 'number shape only' } : { confidence: 0 };
}
