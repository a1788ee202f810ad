/**
 * How sure the passport plugin is that an upload is a passport data page, from the first page's words: a TD3 MRZ
 * line 1 (P, then the name field's `<` fillers), and the word passport in the languages states print it in. Pure.
 */
import type { OcrResult } from '../../core/ocr/types.ts';
import type { DetectVerdict } from '../../core/plugins/types.ts';

const PASSPORT_WORD = /PASSPORT|PASSEPORT|PASAPORTE|PASSAPORTE|PASSAPORTO|REISEPASS|PASPOORT|PASZPORT|CESTOVN[IÍ] PAS|PASAPORT|PASSI\b/;

/** A line as OCR gives it, without spaces, in the MRZ's letters, with fillers: one of any layout's lines. */
const mrzLike = (line: string): boolean => line.length >= 20 && /^[A-Z0-9<]+$/.test(line) && (line.match(/</g) ?? []).length >= 2;

/**
 * A TD3 line 1 among the page's lines (without spaces): P first, MRZ letters only, at least three fillers, 36 or
 * more characters (OCR reads fillers as K or L, and adds or drops a few), and no MRZ line above it: a passport's
 * name line comes first, where an ID card's (a surname starting with P) comes last, after its data line.
 */
export function hasTd3LineOne(lines: readonly string[]): boolean {
  return lines.some(
    (line, i) =>
      line.length >= 36 &&
      /^P[A-Z<]/.test(line) &&
      /^[A-Z0<]+$/.test(line) &&
      (line.match(/</g) ?? []).length >= 3 &&
      !(i > 0 && mrzLike(lines[i - 1]!)),
  );
}

export function passportVerdict(words: OcrResult): DetectVerdict {
  const text = words.text.toUpperCase();
  const lines = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, '').replace(/«/g, '<<'))
    .filter((line) => line.length > 0);
  const mrz = hasTd3LineOne(lines);
  const word = PASSPORT_WORD.test(text);
  if (mrz && word) return { confidence: 0.95, evidence: 'mrz line and passport word' };
  if (mrz) return { confidence: 0.85, evidence: 'mrz line' };
  if (word) return { confidence: 0.7, evidence: 'passport word' };
  return { confidence: 0 };
}
