/** Tells the ICAO 9303 MRZ layouts apart by line count, line length and the document code. */

export type MrzFormat = 'TD3' | 'TD2' | 'TD1' | 'MRV-A' | 'MRV-B';

export function detectMrzFormat(lines: readonly string[]): MrzFormat | null {
  const lengths = lines.map((l) => l.length);
  if (lines.length === 3 && lengths.every((n) => n === 30)) return 'TD1';
  if (lines.length !== 2 || lengths[0] !== lengths[1]) return null;
  const isVisa = lines[0]!.startsWith('V');
  if (lengths[0] === 44) return isVisa ? 'MRV-A' : 'TD3';
  if (lengths[0] === 36) return isVisa ? 'MRV-B' : 'TD2';
  return null;
}

/** Characters per line of each layout, for cutting a rectified band into cells. */
export const mrzLineLength: Readonly<Record<MrzFormat, number>> = {
  TD3: 44,
  'MRV-A': 44,
  TD2: 36,
  'MRV-B': 36,
  TD1: 30,
};
