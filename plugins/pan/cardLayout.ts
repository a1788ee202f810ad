/**
 * Finds the fields on a PAN card from its lines. New cards are read by their labels (the value is the line under
 * the label); old cards by order (name, father's name, date, above `Permanent Account Number`). The name and the
 * father's name come from labels or order, never from guessing, so they cannot be swapped.
 */
import type { CardLine, CardWord } from './cardLines.ts';
import { parseCardDate } from './cardDate.ts';
import { lettersForSymbols } from './nameRepair.ts';
import { candidateRank, panCandidatesInLine, type PanCandidate } from './panNumber.ts';

export interface FieldReading {
  readonly text: string;
  /** 0..1 */
  readonly confidence: number;
  /** Characters of `text` read as another glyph and repaired (names only): 1-based positions in `text`. */
  readonly repairs?: readonly { readonly position: number; readonly from: string; readonly to: string }[];
  /** Where it was read: the words' boxes joined (OCR image pixels or text-layer units). */
  readonly box?: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };
}

export interface PanReading extends FieldReading {
  readonly candidate: PanCandidate;
  /** The line it was read from, for a targeted re-read. */
  readonly line: CardLine;
}

export interface CardReading {
  /** Null when neither labels nor the old header were seen. */
  readonly layout: 'old' | 'new' | null;
  readonly pan: PanReading | null;
  /** Every PAN reading, best first (the decoder breaks ties with the name's initial). */
  readonly panCandidates: readonly PanReading[];
  /** Where the PAN should be: the line under `Permanent Account Number`, when that label was seen. */
  readonly panLine: CardLine | null;
  readonly name: FieldReading | null;
  readonly fatherName: FieldReading | null;
  /** The raw text of the date line. */
  readonly date: FieldReading | null;
  /** The date's line: where `date` was read, or the line under the date label when it did not read as a date. */
  readonly dateLine: CardLine | null;
  /** From the date's label: birth, incorporation, or unknown (old cards carry no label). */
  readonly dateLabel: 'birth' | 'incorporation' | null;
  /** Words that only a PAN card carries, plus its field labels, were seen. */
  readonly panCardMarkers: number;
  /** Words that only a PAN card carries (header, `Permanent Account Number`, `Father`): labels such as `Name` left out. */
  readonly panCardWords: number;
  /** Words no PAN card prints (travel-document labels, an MRZ's filler runs) were seen: another document's page. */
  readonly notOnPanCard: number;
  /** Lines read with reasonable confidence: tells "nothing there" from "something else". */
  readonly textLines: number;
  /**
   * The left edge of the card's field column: the median left edge of the field labels and values read (at least
   * three). A card prints its labels and values flush left in one column; null when too few were read.
   */
  readonly valueColumnX0: number | null;
}

/**
 * A box that starts right of the card's field column (CardReading.valueColumnX0) by more than a letter's height:
 * what sits there lost its first words or letters.
 */
export function startsRightOfColumn(box: { readonly x0: number; readonly y0: number; readonly y1: number }, column: number | null): boolean {
  return column !== null && box.x0 - column >= 0.8 * (box.y1 - box.y0);
}

type LabelKind = 'name' | 'father' | 'birth' | 'incorporation' | 'pan_label' | 'header' | 'signature';

/** Letters only, upper case, single spaces: what label matching looks at. */
function letters(text: string): string {
  return text.toUpperCase().replace(/[^A-Z ]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Which label a line is, if any. OCR noise is tolerated by matching distinctive fragments. */
export function labelOf(line: CardLine): LabelKind | null {
  const t = letters(line.text);
  // Labels are printed in mixed case and values in capitals: an all-capitals line is a value even when it holds a
  // label's word (`KAVERI MUNICIPAL CORPORATION`, `SUNRISE INFORMATION SYSTEMS`).
  const mixedCase = /[a-z]/.test(line.text) || /DATE OF/.test(t);
  if (/FATH|ATHER S|ATHERS|THER S NAME|FATIER|FAHER/.test(t)) return 'father';
  if (mixedCase && /NCORPORAT|FORMATION/.test(t)) return 'incorporation';
  if (/DATE OF BIRTH|OF BIRTH|DATE OF BIR|BIRTH/.test(t)) return 'birth';
  if (/PERMANENT|ACCOUNT NUMBER|ACCOUNT NUM|PERMANENT ACC/.test(t)) return 'pan_label';
  // The header's own phrases only: `DEPARTMENT`, `GOVERNMENT` or `OF INDIA` alone also end entity names.
  if (/INCOME TAX|TAX DEPARTMENT|GOVT/.test(t) || (/(^| )OF INDIA$/.test(t) && t.length <= 16)) return 'header';
  if (/SIGNATURE/.test(t)) return 'signature';
  if (/(^| )NAME( |$)|^NAME|NAME$/.test(t) && t.length <= 20) return 'name';
  return null;
}

/** What a PAN card never prints: an identity document's nationality, place of birth, expiry or issue labels, a state's style, MRZ fillers. */
const NOT_ON_PAN_CARD = /REPUBLIC OF|NATIONALITY|PLACE OF BIRTH|DATE OF EXPIRY|DATE OF ISSUE|<<</;
const PAN_CARD_WORDS = /INCOME TAX|PERMANENT ACCOUNT|ACCOUNT NUMBER|FATHER|GOVT\.? OF INDIA|TAX DEPARTMENT/;

/** Words of `line` that start at or right of `x` (drops photo-area noise left of a label column). */
function wordsFrom(line: CardLine, x: number): CardWord[] {
  const tolerance = (line.y1 - line.y0) * 0.8;
  return line.words.filter((w) => w.x1 > x - tolerance);
}

/**
 * Cleans a name as read: keeps the upper-case run of name characters, drops leading/trailing noise words.
 * Returns null when what is left does not look like a printed name.
 */
export function cleanName(words: readonly CardWord[], allowEntityChars: boolean): FieldReading | null {
  const allowed = allowEntityChars ? /^[A-Z0-9&().,'\-/]+$/ : /^[A-Z.'\-]+$/;
  const kept: { word: CardWord; changed: { index: number; from: string; to: string }[] }[] = [];
  for (const w of words) {
    const stripped = w.text.replace(/^[|:;!"`~_=*,]+|[|:;!"`~_=*]+$/g, '');
    const glyphs = nameGlyphs(stripped, allowEntityChars);
    const symbols = lettersForSymbols(glyphs, !allowEntityChars);
    const text = symbols.text;
    if (text.length === 0) continue;
    const ok = allowed.test(text) && (/[A-Z]/.test(text) || (allowEntityChars && text === '&'));
    // Every character that changed from what was read is a repair (same length: glyph for glyph).
    const changed = text.length === stripped.length ? [...text].flatMap((c, index) => (c === stripped[index] ? [] : [{ index, from: stripped[index] ?? '', to: c }])) : [];
    if (ok) kept.push({ word: { ...w, text }, changed });
    else if (kept.length > 0) break; // a name is one run; noise after it (a signature, a QR code) ends it
  }
  // Lone single letters at either end are usually noise from a photo edge or a stroke, unless they are initials.
  while (kept.length > 1 && isStray(kept[0]?.word) && kept.length > 2) kept.shift();
  while (kept.length > 1 && isStray(kept[kept.length - 1]?.word)) kept.pop();
  const text = kept.map((k) => k.word.text).join(' ').trim();
  const letterCount = text.replace(/[^A-Z]/g, '').length;
  if (letterCount < 2) return null;
  const confidence = kept.reduce((s, k) => s + k.word.confidence, 0) / kept.length;
  const repairs: { position: number; from: string; to: string }[] = [];
  let offset = 0;
  for (const k of kept) {
    for (const c of k.changed) repairs.push({ position: offset + c.index + 1, from: c.from, to: c.to });
    offset += k.word.text.length + 1;
  }
  const box = {
    x0: Math.min(...kept.map((k) => k.word.x0)),
    y0: Math.min(...kept.map((k) => k.word.y0)),
    x1: Math.max(...kept.map((k) => k.word.x1)),
    y1: Math.max(...kept.map((k) => k.word.y1)),
  };
  return { text, confidence, box, ...(repairs.length > 0 ? { repairs } : {}) };
}

/**
 * Names are printed in capitals: inside an upper-case word a lower-case `l` or a `|` is an I, and in a person's
 * name digits are letters misread (0 O, 1 I, 5 S, 8 B). Entity names may hold digits, so they keep theirs.
 */
function nameGlyphs(word: string, entity: boolean): string {
  const upper = word.replace(/[^A-Z]/g, '').length;
  if (upper < Math.max(1, word.length / 2)) return word;
  let out = word.replace(/[l|]/g, 'I');
  if (!entity) out = out.replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S').replace(/8/g, 'B');
  return out;
}

function isStray(w: CardWord | undefined): boolean {
  return w !== undefined && w.text.length === 1 && !/[A-Z]/.test(w.text);
}

/**
 * A line that may hold a name: mostly capital letters, no lower case (the Hindi that `eng` misreads is mostly lower
 * case). Judged from its first word of capitals on: noise OCR reads off the photo beside a name comes first.
 */
function nameLike(line: CardLine): boolean {
  const first = line.words.findIndex((w) => /^[A-Z][A-Z.'\-]+$/.test(w.text));
  const text = first > 0 ? line.words.slice(first).map((w) => w.text).join(' ') : line.text;
  const raw = text.replace(/\s+/g, '');
  if (raw.length < 3) return false;
  const upper = raw.replace(/[^A-Z]/g, '').length;
  const lower = raw.replace(/[^a-z]/g, '').length;
  const digits = raw.replace(/[^0-9]/g, '').length;
  return upper >= 3 && lower <= upper * 0.15 && digits <= upper * 0.3 && upper / raw.length >= 0.6;
}

/**
 * Where a line's text sits vertically: the median of its words' centres. OCR joins a value with photo, hologram or
 * QR-code noise into one line whose box reaches far above or below the text; its words' centres do not move.
 */
function rowMiddle(line: CardLine): number {
  const centres = line.words.map((w) => (w.y0 + w.y1) / 2).sort((a, b) => a - b);
  return centres[Math.floor(centres.length / 2)] ?? (line.y0 + line.y1) / 2;
}

/** `l` is on a row under `label`'s (its text's middle below the label's bottom edge). */
function under(l: CardLine, label: CardLine): boolean {
  return rowMiddle(l) > label.y1 - (label.y1 - label.y0) * 0.1;
}

/** The first line below `label` that overlaps it horizontally and is not itself a label. */
function lineBelow(lines: readonly CardLine[], label: CardLine, isLabel: (l: CardLine) => boolean): CardLine | null {
  const h = label.y1 - label.y0;
  for (const l of lines) {
    if (l === label || !under(l, label)) continue;
    if (l.y0 > label.y1 + h * 4) break;
    if (l.x1 < label.x0 - h || l.x0 > label.x1 + h * 6) continue;
    if (isLabel(l)) return null;
    return l;
  }
  return null;
}

/** Reads the fields off a card's lines (top to bottom). Pure. */
export function parseCardLines(input: readonly CardLine[]): CardReading {
  const lines = [...input].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const labels = new Map<CardLine, LabelKind>();
  for (const l of lines) {
    const kind = labelOf(l);
    if (kind !== null) labels.set(l, kind);
  }
  // A card prints all its field labels alike: where one is read in mixed case, a line in capitals is a value that
  // holds a label's word (a template's `APPLICANT NAME` and `APPLICANT'S FATHER NAME` under `Name`, `Father's Name`).
  const fieldLabel = (l: CardLine): boolean => ['name', 'father', 'birth'].includes(labels.get(l) ?? '');
  if (lines.some((l) => fieldLabel(l) && /[a-z]/.test(l.text))) {
    for (const l of lines) if (fieldLabel(l) && !/[a-z]/.test(l.text) && /[A-Z]{2}/.test(l.text)) labels.delete(l);
  }
  const isLabel = (l: CardLine): boolean => labels.has(l);
  const find = (kind: LabelKind): CardLine | undefined => lines.find((l) => labels.get(l) === kind);
  const nameLabel = find('name');
  const fatherLabel = find('father');
  const birthLabel = find('birth');
  const incLabel = find('incorporation');
  const panLabel = find('pan_label');
  const headers = lines.filter((l) => labels.get(l) === 'header');
  const allText = lines.map((l) => l.text.toUpperCase()).join('\n');

  const labelled = [nameLabel, fatherLabel, birthLabel, incLabel].filter((l) => l !== undefined).length;
  const layout: CardReading['layout'] = labelled >= 1 ? 'new' : headers.length > 0 || panLabel ? 'old' : null;

  // The PAN: under its label first, else the best candidate anywhere.
  const panLine = panLabel ? lineBelowAny(lines, panLabel) : null;
  const panCandidates = findPanCandidates(lines, panLine);
  const pan = panCandidates[0] ?? null;

  // The date.
  const dateLabelLine = birthLabel ?? incLabel;
  let dateLine: CardLine | null = null;
  // The line under the date label when it does not read as a date: no date from it, but the place to re-read.
  let unreadDateLine: CardLine | null = null;
  if (dateLabelLine) {
    const below = lineBelow(lines, dateLabelLine, isLabel);
    if (below && parseCardDate(below.text)) dateLine = below;
    else if (parseCardDate(dateLabelLine.text)) dateLine = dateLabelLine;
    else if (below) unreadDateLine = below;
  }
  if (!dateLine) dateLine = lines.find((l) => l !== pan?.line && parseCardDate(l.text) !== null) ?? null;
  const date: FieldReading | null = dateLine ? { text: dateLine.text, confidence: dateLine.confidence } : null;
  if (!dateLine) dateLine = unreadDateLine;
  const dateLabel = incLabel ? 'incorporation' : birthLabel ? 'birth' : null;

  let name: FieldReading | null = null;
  let fatherName: FieldReading | null = null;
  if (layout === 'new') {
    name = valueOf(lines, nameLabel, true, isLabel);
    fatherName = valueOf(lines, fatherLabel, false, isLabel);
  }
  if (name === null || (fatherLabel === undefined && layout !== 'new')) {
    // By order: the name-like lines above the date (or above the PAN label), below the header. When the father's
    // label was read (and so his name), the holder's name is the line above that label, never one below it.
    const fatherFromLabel = layout === 'new' && fatherLabel !== undefined && fatherName !== null;
    const bottom = fatherFromLabel ? fatherLabel : (dateLabelLine ?? dateLine ?? panLabel ?? pan?.line ?? null);
    const top = headers.length > 0 ? headers[headers.length - 1] : undefined;
    const candidates = lines.filter(
      (l) =>
        (bottom === null || l.y1 <= bottom.y0 + (bottom.y1 - bottom.y0) * 0.3) &&
        (top === undefined || l.y0 >= top.y1 - (top.y1 - top.y0) * 0.3) &&
        !labels.has(l) &&
        l !== pan?.line &&
        nameLike(l),
    );
    let cleaned = candidates.map((l) => cleanName(l.words, true)).filter((r): r is FieldReading => r !== null);
    // New cards print the PAN above the names: with their labels unread and no date found, the names are the
    // name-like lines under the PAN, top down.
    const panAbove = pan !== null && (bottom === pan.line || bottom === panLabel);
    if (cleaned.length === 0 && panAbove && pan !== null) {
      cleaned = lines
        .filter((l) => l.y0 >= pan.line.y1 - (pan.line.y1 - pan.line.y0) * 0.3 && !labels.has(l) && l !== pan.line && nameLike(l))
        .map((l) => cleanName(l.words, true))
        .filter((r): r is FieldReading => r !== null)
        .slice(0, 2);
    }
    if (name === null && cleaned.length > 0) {
      // Name, then father's name, in that order: the two nearest the date when there are more (header noise above).
      const pair = cleaned.slice(-2);
      if (pair.length === 2 && fatherName === null) {
        name = pair[0] ?? null;
        fatherName = pair[1] ?? null;
      } else {
        name = pair[pair.length - 1] ?? null;
      }
    }
  }

  if (layout === 'new' && name !== null && fatherName === null && nameLabel !== undefined && fatherLabel === undefined) {
    // The father's label was misread: his name is the name-like line between the holder's name and the date.
    const nameValue = lineBelow(lines, nameLabel, isLabel);
    const stop = dateLabelLine ?? dateLine;
    if (nameValue !== null) {
      const between = lines.filter(
        (l) =>
          l.y0 >= nameValue.y1 - (nameValue.y1 - nameValue.y0) * 0.3 &&
          (stop === null || l.y1 <= stop.y0 + (stop.y1 - stop.y0) * 0.3) &&
          l !== nameValue &&
          !labels.has(l) &&
          nameLike(l),
      );
      fatherName = between.map((l) => cleanName(wordsFrom(l, nameLabel.x0), false)).find((r) => r !== null) ?? null;
    }
  }

  const columnEdges = [
    ...[nameLabel, fatherLabel, birthLabel, incLabel].flatMap((l) => (l === undefined ? [] : [l.x0])),
    ...[name, fatherName].flatMap((f) => (f?.box === undefined ? [] : [f.box.x0])),
    ...(date !== null && dateLine !== null ? [dateLine.x0] : []),
  ].sort((a, b) => a - b);
  const valueColumnX0 = columnEdges.length >= 3 ? (columnEdges[Math.floor((columnEdges.length - 1) / 2)] ?? null) : null;

  return {
    layout,
    pan,
    panCandidates,
    panLine,
    name,
    fatherName,
    date,
    dateLine,
    dateLabel,
    panCardMarkers: (allText.match(new RegExp(PAN_CARD_WORDS.source, 'g')) ?? []).length + labelled,
    panCardWords: (allText.match(new RegExp(PAN_CARD_WORDS.source, 'g')) ?? []).length,
    notOnPanCard: (allText.match(new RegExp(NOT_ON_PAN_CARD.source, 'g')) ?? []).length,
    textLines: lines.filter((l) => l.confidence >= 0.5 && l.text.replace(/[^A-Za-z0-9]/g, '').length >= 3).length,
    valueColumnX0,
  };
}

/** The value under a label, from the label's column rightwards; or on the label's own line after the label word. */
function valueOf(lines: readonly CardLine[], label: CardLine | undefined, entity: boolean, isLabel: (l: CardLine) => boolean): FieldReading | null {
  if (!label) return null;
  const below = lineBelow(lines, label, isLabel);
  if (below) {
    const read = cleanName(wordsFrom(below, label.x0), entity);
    if (read) return read;
  }
  const idx = label.words.findIndex((w) => /NAME/i.test(w.text));
  if (idx >= 0) {
    const rest = label.words.slice(idx + 1).filter((w) => !/^[:\-/|]+$/.test(w.text));
    if (rest.length > 0) return cleanName(rest, entity);
  }
  return null;
}

/** The line right under `label`, label or not (the PAN sits under `Permanent Account Number`). */
function lineBelowAny(lines: readonly CardLine[], label: CardLine): CardLine | null {
  const h = label.y1 - label.y0;
  for (const l of lines) {
    if (l === label || !under(l, label)) continue;
    if (l.y0 > label.y1 + h * 4) return null;
    if (labelOf(l) === 'pan_label') continue; // "Permanent Account Number Card" may wrap onto two lines
    return l;
  }
  return null;
}

/** PAN readings, best first: under the label or anywhere, valid ones by fewest repairs. */
function findPanCandidates(lines: readonly CardLine[], panLine: CardLine | null): PanReading[] {
  const ranked: PanReading[] = [];
  for (const l of lines) {
    for (const c of panCandidatesInLine(l.text)) {
      const r: PanReading = { text: c.raw, confidence: panConfidence(l, c.raw), candidate: c, line: l };
      // Far from the label, a candidate needing many repairs is more likely a misread word than the PAN.
      const rank = candidateRank(c);
      if (l !== panLine && (rank > 3 && rank < 50)) continue;
      if (l !== panLine && rank >= 100) continue;
      ranked.push(r);
    }
  }
  const score = (r: PanReading): number => candidateRank(r.candidate) + (r.line === panLine ? 0 : 0.25);
  return ranked.sort((a, b) => score(a) - score(b) || b.confidence - a.confidence);
}

function panConfidence(line: CardLine, raw: string): number {
  const words = line.words.filter((w) => raw.includes(w.text.toUpperCase().replace(/[^A-Z0-9]/g, '')) && w.text.length > 0);
  if (words.length === 0) return line.confidence;
  return words.reduce((s, w) => s + w.confidence, 0) / words.length;
}
