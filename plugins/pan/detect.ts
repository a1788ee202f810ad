/**
 * How sure the PAN plugin is that an upload is a PAN card, from the first page's words: the card's own header and
 * label (Income Tax Department, Permanent Account Number, Govt. of India), and a PAN-shaped number. Pure.
 */
import type { OcrResult } from '../../core/ocr/types.ts';
import type { DetectVerdict } from '../../core/plugins/types.ts';

// The card's own label: no other document prints "Permanent Account Number" (a bank statement's is "Account Number").
const LABEL = /PERMANENT\s*ACCOUNT/;
// The card's header words, which letters and statements from the Indian state print as well.
const HEADER = [/INCOME\s*TAX/, /GOVT\.?\s*OF\s*INDIA|GOVERNMENT\s*OF\s*INDIA/];
// Five letters (the fourth a holder type), four digits, a letter.
const PAN_SHAPED = /(?<![A-Z0-9])[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z](?![A-Z0-9])/;

/**
 * The label decides; the header's two phrases together nearly do; one header phrase, with or without a PAN-shaped
 * number, is what a bank statement or a tax letter prints too: below the host's threshold.
 */
export function panCardVerdict(words: OcrResult): DetectVerdict {
  const text = words.text.toUpperCase();
  const label = LABEL.test(text);
  const header = HEADER.filter((phrase) => phrase.test(text)).length;
  const number = PAN_SHAPED.test(text.replace(/[ \t]+/g, ''));
  if (label && (header > 0 || number)) return { confidence: number ? 0.95 : 0.85, evidence: number ? 'card words and number' : 'card words' };
  if (label) return { confidence: 0.7, evidence: 'the card label' };
  if (header === 2) return { confidence: number ? 0.85 : 0.6, evidence: number ? 'card header and number' : 'card header' };
  if (header === 1) return { confidence: number ? 0.4 : 0.2, evidence: number ? 'a header word and number' : 'a header word' };
  return number ? { confidence: 0.3, evidence: 'number shape only' } : { confidence: 0 };
}
