/**
 * ICAO 9303-3 transliteration of printed names into the MRZ alphabet (Ü->UE, Å->AA, ß->SS, accents dropped,
 * apostrophes dropped, hyphens and spaces -> `<`), so the printed page and the MRZ compare like for like.
 */

/** Characters whose ICAO transliteration is not just "drop the accent". */
const multiLetter: Readonly<Record<string, string>> = {
  Ä: 'AE',
  Æ: 'AE',
  Å: 'AA',
  Ö: 'OE',
  Ø: 'OE',
  Œ: 'OE',
  Ü: 'UE',
  ß: 'SS',
  Þ: 'TH',
  Ð: 'D',
  Đ: 'D',
  Ł: 'L',
  Ħ: 'H',
  Ŀ: 'L',
  Ĳ: 'IJ',
};

/** One printed character -> its MRZ form (possibly empty or two letters). */
export function transliterateChar(ch: string): string {
  const upper = ch.toUpperCase();
  if (upper === 'ẞ' || ch === 'ß') return 'SS';
  const special = multiLetter[upper];
  if (special !== undefined) return special;
  if (/[\s\-‐‑–,]/.test(upper)) return '<';
  const base = upper.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return /^[A-Z0-9]$/.test(base) ? base : '';
}

/** A printed name in MRZ form: `JÜRGEN-KARL` -> `JUERGEN<KARL`, runs of `<` collapsed, ends trimmed. */
export function transliterateName(printed: string): string {
  let out = '';
  for (const ch of printed) out += transliterateChar(ch);
  return out.replace(/<+/g, '<').replace(/^<|<$/g, '');
}
