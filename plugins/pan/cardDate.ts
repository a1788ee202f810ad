/** Dates printed on PAN cards: `DD/MM/YYYY` or `DD-MM-YYYY`, with OCR's stray spaces and letter-for-digit slips. */

export interface CardDate {
  /** YYYY-MM-DD. */
  readonly iso: string;
  readonly year: number;
  /** True when a letter had to be read as a digit. */
  readonly repaired: boolean;
}

const DIGITISH: Readonly<Record<string, string>> = { O: '0', o: '0', D: '0', Q: '0', I: '1', l: '1', L: '1', '|': '1', i: '1', Z: '2', z: '2', S: '5', s: '5', B: '8', G: '6', b: '6', T: '7', A: '4', g: '9', q: '9' };

// A separator OCR may surround with spaces; a dot is accepted because glare often turns a slash into one.
const DATE_SHAPE = /([0-9OoDQIlL|iZzSsBGbTAgq]{2})\s*[/\-.]\s*([0-9OoDQIlL|iZzSsBGbTAgq]{2})\s*[/\-.]\s*([0-9OoDQIlL|iZzSsBGbTAgq]{4})/;

/** Finds the first plausible card date in `text`; null when none is a real calendar date. */
export function parseCardDate(text: string): CardDate | null {
  const flags = 'g';
  const re = new RegExp(DATE_SHAPE.source, flags);
  for (const m of text.matchAll(re)) {
    const parts = [m[1] ?? '', m[2] ?? '', m[3] ?? ''].map(toDigits);
    const [d, mo, y] = parts.map((p) => p.text);
    const repaired = parts.some((p) => p.repaired);
    const iso = calendarIso(Number(y), Number(mo), Number(d));
    if (iso !== null) return { iso, year: Number(y), repaired };
  }
  // A stroke read before the year (a blurred separator doubled: `12- 08- 12005`): five digits where four belong, of
  // which the last four make a real date and the five do not.
  const stray = /(?:^|\D)(\d{2})\s*[/\-.]\s*(\d{2})\s*[/\-.]\s*[1l|I7](\d{4})(?:\D|$)/.exec(text);
  if (stray) {
    const iso = calendarIso(Number(stray[3]), Number(stray[2]), Number(stray[1]));
    if (iso !== null) return { iso, year: Number(stray[3]), repaired: true };
  }
  // One separator lost to glare or a stroke break, the other still there: `18 11/1944`.
  const gap = /(?:^|\D)(\d{2}) +(\d{2})\s*[/\-.]\s*(\d{4})(?:\D|$)|(?:^|\D)(\d{2})\s*[/\-.]\s*(\d{2}) +(\d{4})(?:\D|$)/.exec(text);
  if (gap) {
    const [d, mo, y] = gap[1] !== undefined ? [gap[1], gap[2], gap[3]] : [gap[4], gap[5], gap[6]];
    const iso = calendarIso(Number(y), Number(mo), Number(d));
    if (iso !== null) return { iso, year: Number(y), repaired: true };
  }
  // Slashes read as 1, l, I or 7: `0410811966` is 04/08/1966 when the 3rd and 6th characters are where slashes go.
  const slashed = /(?:^|\D)(\d{2})[1lI|7](\d{2})[1lI|7](\d{4})(?:\D|$)/.exec(text);
  if (slashed) {
    const iso = calendarIso(Number(slashed[3]), Number(slashed[2]), Number(slashed[1]));
    if (iso !== null) return { iso, year: Number(slashed[3]), repaired: true };
  }
  // A date with its separators lost entirely: `12031990` (8 digits on a line of its own).
  const bare = /(?:^|\D)(\d{2})(\d{2})(\d{4})(?:\D|$)/.exec(text);
  if (bare) {
    const iso = calendarIso(Number(bare[3]), Number(bare[2]), Number(bare[1]));
    if (iso !== null) return { iso, year: Number(bare[3]), repaired: true };
  }
  return null;
}

function toDigits(s: string): { text: string; repaired: boolean } {
  let repaired = false;
  const text = [...s]
    .map((c) => {
      if (c >= '0' && c <= '9') return c;
      repaired = true;
      return DIGITISH[c] ?? c;
    })
    .join('');
  return { text, repaired };
}

/** `YYYY-MM-DD` when the parts make a real date in a range a PAN card can carry, else null. */
export function calendarIso(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1800 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A birth or incorporation date is plausible when it is not in the future and not absurdly old. */
export function isPlausibleDate(iso: string, now: Date): boolean {
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isFinite(t) && t <= now.getTime() && Number(iso.slice(0, 4)) >= 1850;
}
