/**
 * How sure the passport plugin is that an upload is a passport data page, from the first page's words: a TD3 MRZ
 * line (P, a type or filler, three letters, a name with `<<`), and the word passport in the languages states print
 * it in. Pure.
 */
import type { OcrResult } from '../../core/ocr/types.ts';

const PASSPORT_WORD = /PASSPORT|PASSEPORT|PASAPORTE|PASSAPORTE|PASSAPORTO|REISEPASS|PASPOORT|PASZPORT|CESTOVN[IÍ] PAS|PASAPORT|PASSI\b/;

/** A line as OCR gives it, without spaces, that has a TD3 line 1's shape. */
const td3LineOne = (line: string): boolean => line.length >= 30 && /^P[A-Z<][A-Z0<]{3}[A-Z<]*<<[A-Z<]*$/.test(line);

export function passportConfidence(words: OcrResult): number {
  const text = words.text.toUpperCase();
  const lines = text.split('\n').map((line) => line.replace(/\s+/g, ''));
  const mrz = lines.some(td3LineOne);
  const word = PASSPORT_WORD.test(text);
  if (mrz) return word ? 0.95 : 0.85;
  return word ? 0.7 : 0;
}
