/**
 * The PAN itself: format, positional class repair of OCR confusions, decomposition. The 10th character is a check
 * letter whose algorithm is not public, so it is only ever class-repaired (a digit read where a letter must be),
 * never recomputed.
 */
import { HOLDER_TYPES, isHolderTypeCode, type HolderType } from './holderTypes.ts';

export const PAN_FORMAT = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const BLANK_TEMPLATE = 'XXXXXXXXXX';

/** Which character class each of the 10 positions must hold. */
const POSITION_CLASS = ['L', 'L', 'L', 'L', 'L', 'D', 'D', 'D', 'D', 'L'] as const;

/** A digit read where a letter must be: the letter it is most often confused with. */
export const DIGIT_TO_LETTER: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '4': 'A',
  '5': 'S',
  '6': 'G',
  '7': 'T',
  '8': 'B',
};

/** A letter read where a digit must be: the digit it is most often confused with. */
export const LETTER_TO_DIGIT: Readonly<Record<string, string>> = {
  O: '0',
  D: '0',
  Q: '0',
  U: '0',
  I: '1',
  L: '1',
  J: '1',
  Z: '2',
  A: '4',
  S: '5',
  G: '6',
  T: '7',
  B: '8',
};

export interface PanRepair {
  /** 1-based position in the PAN. */
  readonly position: number;
  readonly from: string;
  readonly to: string;
  readonly reason: 'letter_expected' | 'digit_expected' | 'holder_type_expected' | 'name_initial';
}

export type PanRepairOutcome =
  | { readonly ok: true; readonly pan: string; readonly repairs: readonly PanRepair[] }
  | { readonly ok: false; readonly reason: 'length' | 'unrepairable' | 'blank_template' }
  /** Well formed but for the 4th character: `pan` and `repairs` as class-repaired, for a look-alike repair. */
  | { readonly ok: false; readonly reason: 'unknown_holder_type'; readonly pan: string; readonly repairs: readonly PanRepair[] };

/** Upper-cases and drops what OCR puts between characters (spaces, dots, dashes). */
export function normalisePanText(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Repairs `raw` position by position; refuses what cannot be a PAN. Never touches a character of the right class. */
export function repairPan(raw: string): PanRepairOutcome {
  const text = normalisePanText(raw);
  if (text.length !== 10) return { ok: false, reason: 'length' };
  if (text === BLANK_TEMPLATE) return { ok: false, reason: 'blank_template' };
  const repairs: PanRepair[] = [];
  const out: string[] = [];
  for (let i = 0; i < 10; i++) {
    const ch = text[i] ?? '';
    const wanted = POSITION_CLASS[i];
    const isDigit = ch >= '0' && ch <= '9';
    if (wanted === 'L' && isDigit) {
      const to = DIGIT_TO_LETTER[ch];
      if (to === undefined) return { ok: false, reason: 'unrepairable' };
      repairs.push({ position: i + 1, from: ch, to, reason: 'letter_expected' });
      out.push(to);
    } else if (wanted === 'D' && !isDigit) {
      const to = LETTER_TO_DIGIT[ch];
      if (to === undefined) return { ok: false, reason: 'unrepairable' };
      repairs.push({ position: i + 1, from: ch, to, reason: 'digit_expected' });
      out.push(to);
    } else {
      out.push(ch);
    }
  }
  const pan = out.join('');
  if (!PAN_FORMAT.test(pan)) return { ok: false, reason: 'unrepairable' };
  if (!isHolderTypeCode(pan[3] ?? '')) return { ok: false, reason: 'unknown_holder_type', pan, repairs };
  return { ok: true, pan, repairs };
}

/** True when `pan` is a well-formed PAN with a known holder type, as is. */
export function isValidPan(pan: string): boolean {
  return PAN_FORMAT.test(pan) && isHolderTypeCode(pan[3] ?? '');
}

export interface PanStructure {
  readonly series: string;
  /** The 4th character: a holder-type code, or a letter in no table where the card prints one (a template's D). */
  readonly holder_type_code: string;
  /** The table's label; null for a letter in no table. */
  readonly holder_type: HolderType | null;
  readonly name_initial: string;
  readonly sequence: string;
  readonly check_digit: string;
}

/** Splits a valid PAN into its parts; throws on an invalid one (callers repair first). */
export function decomposePan(pan: string): PanStructure {
  const code = pan[3] ?? '';
  if (!PAN_FORMAT.test(pan)) throw new Error('decomposePan needs a PAN of the 10-character format');
  return {
    series: pan.slice(0, 3),
    holder_type_code: code,
    holder_type: isHolderTypeCode(code) ? HOLDER_TYPES[code] : null,
    name_initial: pan[4] ?? '',
    sequence: pan.slice(5, 9),
    check_digit: pan[9] ?? '',
  };
}

/** Symbols OCR gives for a glyph of a PAN, and the glyph. */
const GLYPH_OF_SYMBOL: Readonly<Record<string, string>> = { '|': '1', '!': '1', ')': 'J', ']': 'J', '(': 'C', $: 'S' };
const SYMBOL_GLYPHS = /[|!)\]($]/;
const SYMBOL_GLYPHS_ALL = /[|!)\]($]/g;

/** A token with its symbols taken for the glyphs they were misread from. */
export function symbolsAsGlyphs(token: string): string {
  return token.replace(SYMBOL_GLYPHS_ALL, (c) => GLYPH_OF_SYMBOL[c] ?? c);
}

/** A 10-character run in OCR text that may be a PAN, and how it was cut out of what was read. */
export interface PanCandidate {
  readonly raw: string;
  readonly outcome: PanRepairOutcome;
  /** 1-based position of a stray character OCR inserted and that was dropped (11 characters read), or null. */
  readonly dropped: number | null;
  /** Symbols taken for the glyph they were misread from (`|` a 1, `)` a J: then repaired by position like any 1 or J). */
  readonly barsRead?: number;
  /** The character dropped, or null. */
  readonly droppedChar?: string | null;
}

/**
 * Every window in a line that could be a PAN: single tokens of 10 characters, tokens OCR split by a space
 * (e.g. `ABCPK 1234F`), and 11-character runs with one character dropped (OCR inserts strays, e.g. `RMUBGS5576P`).
 * Returns them best first: fewest repairs and drops.
 */
export function panCandidatesInLine(line: string): PanCandidate[] {
  const seen = new Set<string>();
  const found: PanCandidate[] = [];
  // Read twice: with every symbol dropped, and with each symbol that is a misread glyph taken for it (a bar is the
  // bare upright stroke of an I or a 1; a closing bracket the hook of a J; an opening one a C; a dollar an S), which
  // costs a repair each.
  for (const barsRead of [false, true]) {
    if (barsRead && !SYMBOL_GLYPHS.test(line)) break;
    const tokens = line
      .toUpperCase()
      .split(/\s+/)
      .map((t) => ({ text: (barsRead ? symbolsAsGlyphs(t) : t).replace(/[^A-Z0-9]/g, ''), bars: barsRead ? (t.match(SYMBOL_GLYPHS_ALL) ?? []).length : 0 }))
      .filter((t) => t.text.length > 0);
    const add = (raw: string, dropped: number | null, droppedChar: string | null, bars: number): void => {
      const key = `${raw}:${dropped ?? ''}`;
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ raw, outcome: repairPan(raw), dropped, droppedChar, ...(bars > 0 ? { barsRead: bars } : {}) });
    };
    for (let i = 0; i < tokens.length; i++) {
      let joined = '';
      let bars = 0;
      for (let j = i; j < tokens.length && joined.length < 11; j++) {
        joined += tokens[j]?.text ?? '';
        bars += tokens[j]?.bars ?? 0;
        if (joined.length === 10) add(joined, null, null, bars);
        if (joined.length === 11) for (let k = 0; k < 11; k++) add(joined.slice(0, k) + joined.slice(k + 1), k + 1, joined[k] ?? null, bars);
      }
    }
  }
  return found.filter((c) => c.outcome.ok || c.dropped === null).sort((a, b) => candidateRank(a) - candidateRank(b));
}

/**
 * Characters OCR inserts between glyphs: thin strokes (a J's hook or a guilloche stroke read as `I`, `1` or `l`).
 * Dropping one of these is likelier than dropping a printed letter.
 */
const STRAY_CHARACTERS = new Set(['I', '1', 'L']);

/** Lower is likelier: each repair and a dropped character cost one; refusals rank after every valid reading. */
export function candidateRank(c: PanCandidate): number {
  const drop = c.dropped === null ? 0 : STRAY_CHARACTERS.has(c.droppedChar ?? '') ? 1.5 : 1.8;
  if (c.outcome.ok) return c.outcome.repairs.length + drop + (c.barsRead ?? 0);
  if (c.outcome.reason === 'blank_template') return 50;
  if (c.outcome.reason === 'unknown_holder_type') return 60;
  return 100;
}
