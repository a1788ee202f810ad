/**
 * Century resolution of the MRZ's YYMMDD dates (DOMAIN.md), the same in every layout: expiry is 20YY; birth the latest
 * century not in the future.
 */

/** Whether day/month/year is a real calendar date (proleptic Gregorian, UTC). */
export function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** ISO `YYYY-MM-DD` of a date whose century is resolved; null when it is not a real date. */
export function isoOf(year: number, month: number, day: number): string | null {
  if (!validDay(year, month, day)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function parts(raw: string): { yy: number; mm: number; dd: number } | null {
  if (!/^\d{6}$/.test(raw)) return null;
  return { yy: Number(raw.slice(0, 2)), mm: Number(raw.slice(2, 4)), dd: Number(raw.slice(4, 6)) };
}

/** ISO expiry date of an MRZ `YYMMDD`, or null when it is not a real date. */
export function mrzExpiryDate(raw: string): string | null {
  const p = parts(raw);
  return p === null ? null : isoOf(2000 + p.yy, p.mm, p.dd);
}

/** ISO birth date of an MRZ `YYMMDD`: the latest century that is not after `now`; null for `<` or impossible dates. */
export function mrzBirthDate(raw: string, now: Date): string | null {
  const p = parts(raw);
  if (p === null) return null;
  const today = now.toISOString().slice(0, 10);
  for (const century of [2000, 1900, 1800]) {
    const iso = isoOf(century + p.yy, p.mm, p.dd);
    if (iso !== null && iso <= today) return iso;
    if (iso === null && century === 2000 && isoOf(1900 + p.yy, p.mm, p.dd) === null) return null;
  }
  return null;
}

/** The MRZ's `YYMMDD` of an ISO date. */
export function isoAsYymmdd(iso: string): string {
  return `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
}

/** Adds whole years and days to an ISO date (UTC), keeping 29 Feb -> 28 Feb in common years. */
export function shiftIsoDate(iso: string, years: number, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  const t = Date.UTC(y + years, m - 1, Math.min(d, lastDay)) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
