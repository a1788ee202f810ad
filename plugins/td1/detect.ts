/**
 * How sure the TD1 plugin is that an upload is an ID card, from the first page's words: an MRZ data line (birth date
 * and its check digit, then the sex) under a line that starts with an ID card's document code, and the words ID cards
 * print for their title. Pure.
 */
import type { OcrResult } from '../../core/ocr/types.ts';
import type { DetectVerdict } from '../../core/plugins/types.ts';

const TITLE = /IDENTITY\s*CARD|CARTE\s*D.?\s*IDENTIT|PERSONALAUSWEIS|DOCUMENTO\s*(NACIONAL\s*)?DE\s*IDENTIDAD|CARTA\s*D.?\s*IDENTIT|IDENTITEITSKAART|IDENTITETSKORT|HENKIL.KORTTI|DOW.D\s*OSOBISTY|\bID\s*CARD\b/;

/** Digits as OCR reads them in the MRZ: with their look-alike letters. */
const D = '[0-9OQDILZSGB]';
/** TD1 line 2: birth YYMMDD, its check digit, the sex (OCR drops or adds fillers further on). */
const DATA_LINE = new RegExp(`^${D}{7}[MF<]${D}{7}`);
/** TD1 line 1: the document code (I, A or C first), MRZ letters, fillers somewhere; 30 cells, give or take OCR's. */
const isCodeLine = (line: string): boolean => /^[IAC][A-Z0-9<]{25,40}$/.test(line) && (line.match(/</g) ?? []).length >= 2;

export function idCardVerdict(words: OcrResult): DetectVerdict {
  const text = words.text.toUpperCase();
  const lines = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, '').replace(/«/g, '<<'))
    .filter((line) => line.length > 0);
  const dataAt = lines.findIndex((line) => DATA_LINE.test(line));
  const zone = dataAt > 0 && isCodeLine(lines[dataAt - 1]!);
  const title = TITLE.test(text);
  if (zone && title) return { confidence: 0.95, evidence: 'mrz lines and title' };
  if (zone) return { confidence: 0.85, evidence: 'mrz lines' };
  if (dataAt >= 0 && title) return { confidence: 0.8, evidence: 'mrz data line and title' };
  if (title) return { confidence: 0.55, evidence: 'card title' };
  return dataAt >= 0 ? { confidence: 0.4, evidence: 'mrz data line' } : { confidence: 0 };
}
