/** Readings in, the response body or a refusal out. Pure: the decode hook turns a refusal into ctx.reject. */
import type { RejectionCode } from '../../core/errors.ts';
import { startsRightOfColumn, type CardReading, type FieldReading } from './cardLayout.ts';
import type { CardLine } from './cardLines.ts';
import type { PanGlyphs } from './cardOcr.ts';
import { barsReadAsL, isFixedPitch, printedDigitsAtLetterPositions } from './panGlyphs.ts';
import { isPlausibleDate, parseCardDate } from './cardDate.ts';
import { HOLDER_TYPE_CODES, isHolderTypeCode, isIndividual } from './holderTypes.ts';
import { lookAlike, repairKnownWords } from './nameRepair.ts';
import { candidateRank, decomposePan, panCandidatesInLine, type PanCandidate } from './panNumber.ts';
import type { PanRepairRecord, PanResult } from './result.ts';

export interface PanReadings {
  readonly card: CardReading;
  /** A targeted re-read of the PAN line (whitelisted OCR), preferred when it yields a valid PAN. */
  readonly panReread: FieldReading | null;
  /** A targeted re-read of the date line. */
  readonly dateReread: FieldReading | null;
  /** Glyph widths of the PAN as printed (image readings only): tells a printed digit from a misread letter. */
  readonly panGlyphs: PanGlyphs | null;
  readonly isEpan: boolean;
  readonly source: PanResult['source'];
  /** From the pixels the card's boxes are in to the page's (identity for a text layer). */
  readonly toPage: (x: number, y: number) => readonly [number, number];
}

export type PanDecodeOutcome =
  | { readonly ok: true; readonly result: PanResult }
  | { readonly ok: false; readonly code: RejectionCode; readonly detail: string; readonly hint?: string };

/**
 * The PAN's glyph widths when they were measured on the line the PAN was taken from, in a proportional font: the
 * width rules compare letters with digits, which a fixed-pitch font draws to one advance.
 */
const glyphsOf = (glyphs: PanGlyphs | null, line: PanGlyphs['line'] | null): readonly number[] | null =>
  glyphs !== null && glyphs.line === line && !isFixedPitch(glyphs.runs) ? glyphs.runs.map((r) => r.width) : null;

/** How much likelier one drop place must rank than another to prove it: more than the stray-glyph prior alone. */
const DROP_PROOF = 0.5;

export function decodePanReadings(readings: PanReadings, now: Date): PanDecodeOutcome {
  const { card } = readings;
  const warnings: string[] = [];
  const repairs: PanRepairRecord[] = [];

  // The PAN: every reading (first pass and whitelisted re-read), fewest repairs first; ties go to the reading whose
  // 5th character is the name's initial, then to the line under the label, then to OCR confidence.
  // `line`: the card line the reading comes from (a re-read re-reads the first reading's PAN line).
  const rereadLine = card.pan?.line ?? card.panLine;
  const options: { text: string; confidence: number; candidate: PanCandidate; labelled: boolean; line: CardLine | null }[] = [
    ...card.panCandidates.map((c) => ({ text: c.text, confidence: c.confidence, candidate: c.candidate, labelled: c.line === card.panLine, line: c.line })),
    ...(readings.panReread
      ? panCandidatesInLine(readings.panReread.text).map((candidate) => ({
          text: candidate.raw,
          confidence: readings.panReread?.confidence ?? 0,
          candidate,
          labelled: true,
          line: rereadLine,
        }))
      : []),
  ];
  // A 4th character that is no holder type is the look-alike of the one the card's other fields call for: P where
  // a father's name or a birth date is printed, the one entity code like it where an incorporation date is.
  const individualSeen = card.fatherName !== null || card.dateLabel === 'birth';
  const entitySeen = card.dateLabel === 'incorporation';
  for (const o of [...options]) {
    const out = o.candidate.outcome;
    if (out.ok || out.reason !== 'unknown_holder_type' || card.panCardMarkers === 0) continue;
    const read = out.pan[3] ?? '';
    const alike = HOLDER_TYPE_CODES.filter((c) => lookAlike(read, c));
    const entityAlike = alike.filter((c) => c !== 'P');
    const to = individualSeen && !entitySeen ? (alike.includes('P') ? 'P' : null) : entitySeen && !individualSeen ? (entityAlike.length === 1 ? entityAlike[0] : null) : alike.length === 1 ? alike[0] : null;
    if (to === undefined || to === null) continue;
    const pan = `${out.pan.slice(0, 3)}${to}${out.pan.slice(4)}`;
    const outcome = { ok: true as const, pan, repairs: [...out.repairs, { position: 4, from: read, to, reason: 'holder_type_expected' as const }] };
    options.push({ ...o, candidate: { ...o.candidate, outcome } });
  }
  const nameForInitial = card.name?.text ?? null;
  const initialBonus = (c: PanCandidate): number => {
    if (!c.outcome.ok || nameForInitial === null) return 0;
    const individual = c.outcome.pan[3] === 'P';
    return initialOf(nameForInitial, individual) === c.outcome.pan[4] ? -0.6 : 0;
  };
  const score = (o: (typeof options)[number]): number => candidateRank(o.candidate) + initialBonus(o.candidate) + (o.labelled ? 0 : 0.25);
  options.sort((a, b) => score(a) - score(b) || b.confidence - a.confidence);
  // With nothing of a PAN card in sight (no header, no label), a PAN-shaped run that needed repairs is more likely
  // OCR noise made to fit (another document upside down, a busy photo) than a PAN: only a clean one is taken.
  const cardSeen = card.panCardMarkers > 0;
  // A PAN read clean on a card, whose 4th character is in no holder-type table, is what the card prints (a
  // template's ABCDE1234F): answered with holder_type null and the check false. One that needed a repair or a
  // dropped character to fit is not proven to be printed so, and stays refused.
  const unlisted = (o: (typeof options)[number]): boolean =>
    cardSeen && !o.candidate.outcome.ok && o.candidate.outcome.reason === 'unknown_holder_type' && o.candidate.outcome.repairs.length === 0 && o.candidate.dropped === null && (o.candidate.barsRead ?? 0) === 0;
  const asRead = (o: (typeof options)[number]): (typeof options)[number] =>
    o.candidate.outcome.ok || o.candidate.outcome.reason !== 'unknown_holder_type' ? o : { ...o, candidate: { ...o.candidate, outcome: { ok: true, pan: o.candidate.outcome.pan, repairs: [] } } };
  const listedChoice = options.find((o) => o.candidate.outcome.ok && (cardSeen || candidateRank(o.candidate) === 0));
  const unlistedChoice = listedChoice === undefined ? options.find(unlisted) : undefined;
  const chosen = listedChoice ?? (unlistedChoice === undefined ? null : asRead(unlistedChoice));

  // Another identity document's page has field labels a PAN card shares (`Name`, `Date of birth`) but none of a PAN
  // card's own words, and words no PAN card prints; a PAN-shaped run in it (`ISSUING STATE` repaired) is no PAN.
  // Which document it is, the host asks the other plugins (their detect hooks).
  const notAPanCard = { ok: false, code: 'wrong_document_type', detail: 'The page carries words no PAN card prints: it is another document.', hint: 'Send a photo, scan or PDF of an Indian PAN card.' } as const;
  if (card.notOnPanCard >= 2 && card.panCardWords === 0) return notAPanCard;

  if (!chosen || !chosen.candidate.outcome.ok) {
    if (card.notOnPanCard > 0 && card.panCardMarkers === 0) return notAPanCard;
    const reasons = options.map((o) => (o.candidate.outcome.ok ? 'ok' : o.candidate.outcome.reason));
    if (reasons.includes('blank_template')) {
      return { ok: false, code: 'invalid_document', detail: 'The card carries the placeholder PAN XXXXXXXXXX.', hint: 'blank template' };
    }
    // A PAN-shaped run with a wrong holder type says something about a card only when a card was seen.
    if (cardSeen && reasons.includes('unknown_holder_type')) {
      return { ok: false, code: 'invalid_document', detail: "The PAN's 4th character is not a known holder-type code.", hint: 'Check that the card is genuine and the PAN is printed in full.' };
    }
    if (card.panCardMarkers > 0 && card.panLine !== null && reasons.includes('unrepairable')) {
      return { ok: false, code: 'invalid_document', detail: 'The number under "Permanent Account Number" does not fit the PAN format.', hint: 'A PAN is 5 letters, 4 digits and a letter.' };
    }
    if (card.panCardMarkers === 0 && card.textLines >= 4) {
      return { ok: false, code: 'wrong_document_type', detail: 'No PAN card was found in the document.', hint: 'Send a photo, scan or PDF of an Indian PAN card.' };
    }
    return {
      ok: false,
      code: 'unreadable_document',
      detail: 'No PAN could be read from the document.',
      hint: card.panCardMarkers > 0 ? 'The card was seen but its number was not legible: send a sharper, well-lit photo or a scan.' : 'No card was found: send a photo or scan showing the whole card, flat and in focus.',
    };
  }

  // A character too many in the PAN's run, dropped at one place where dropping another would leave another valid
  // PAN about as likely: which was the stray is not proven (a thin 1 is only likelier to be one), so the PAN is the
  // likeliest reading, not a sure one. The name's initial proving the place counts, and so does a thin stroke right
  // after a J (OCR reads a J's hook as one); the stray prior alone does not.
  const runOf = (c: PanCandidate): string | null => (c.dropped === null ? null : `${c.raw.slice(0, c.dropped - 1)}${c.droppedChar ?? ''}${c.raw.slice(c.dropped - 1)}`);
  const chosenRun = runOf(chosen.candidate);
  const chosenPan = chosen.candidate.outcome.pan;
  const dropped = chosen.candidate.dropped;
  const jHook = dropped !== null && dropped > 1 && chosenRun?.[dropped - 2] === 'J' && /[I1L]/.test(chosen.candidate.droppedChar ?? '');
  const rivalDrop =
    chosenRun !== null &&
    !jHook &&
    options.some((o) => o.candidate.outcome.ok && o.candidate.outcome.pan !== chosenPan && runOf(o.candidate) === chosenRun && score(o) - score(chosen) < DROP_PROOF);
  // Answered, never as sure: the warning says what is in doubt and the PAN's confidence halves.
  if (rivalDrop) warnings.push('The PAN was read with a character too many, and which one was the stray is not certain: check the PAN against the card.');

  const outcome = chosen.candidate.outcome;
  const measured = glyphsOf(readings.panGlyphs, chosen.line);
  // An L whose glyph is a bare bar is an I (read from its shape, never computed): recorded as a repair.
  const narrowL = barsReadAsL(outcome.pan, measured);
  let pan = narrowL.reduce((text, position) => `${text.slice(0, position - 1)}I${text.slice(position)}`, outcome.pan);
  // A digit where a letter must be is repaired only when it is a misreading: a glyph as wide as the card's own
  // digits was printed a digit, and such a PAN does not fit the format.
  const letterRepairs = outcome.repairs.filter((r) => r.reason === 'letter_expected');
  const printedDigits = measured !== null ? printedDigitsAtLetterPositions(pan, measured, letterRepairs) : [];
  if (printedDigits.length > 0) {
    return {
      ok: false,
      code: 'invalid_document',
      detail: `The PAN is printed with a digit where a letter must be (position ${printedDigits.join(', ')}): it does not fit the PAN format.`,
      hint: 'A PAN is 5 letters, 4 digits and a letter.',
    };
  }
  if (chosen.candidate.dropped !== null) {
    repairs.push({ field: 'pan_number', position: chosen.candidate.dropped, from: 'stray character', to: '', reason: 'extra_character' });
  }
  if ((chosen.candidate.barsRead ?? 0) > 0) {
    repairs.push({ field: 'pan_number', position: null, from: 'symbol', to: 'glyph', reason: 'symbol_read_for_glyph' });
  }
  for (const r of outcome.repairs) repairs.push({ field: 'pan_number', position: r.position, from: r.from, to: r.to, reason: r.reason });
  for (const position of narrowL) repairs.push({ field: 'pan_number', position, from: 'L', to: 'I', reason: 'glyph_width' });
  let structure = decomposePan(pan);
  const holderCode = structure.holder_type_code;
  const holderKnown = isHolderTypeCode(holderCode);
  // A letter in no table says nothing of the holder: the card's own fields do (a father's name, a birth label).
  const individual = holderKnown ? isIndividual(holderCode) : individualSeen && !entitySeen;
  if (!holderKnown) warnings.push("The PAN's 4th character is in no holder-type table: the PAN is not valid as printed; check the card.");

  // The date: the card's own reading, else the re-read.
  let dateIso: string | null = null;
  let dateConfidence = 0;
  for (const d of [card.date, readings.dateReread]) {
    if (!d) continue;
    const parsed = parseCardDate(d.text);
    if (!parsed) continue;
    dateIso = parsed.iso;
    dateConfidence = d.confidence * (parsed.repaired ? 0.8 : 1);
    if (parsed.repaired) repairs.push({ field: 'date_of_birth', position: null, from: 'letters', to: 'digits', reason: 'digit_expected' });
    break;
  }
  if (dateIso === null) warnings.push('The date could not be read.');
  const datePlausible = dateIso === null ? null : isPlausibleDate(dateIso, now);
  if (datePlausible === false) warnings.push('The date is in the future or implausibly old.');

  for (const r of card.name?.repairs ?? []) repairs.push({ field: 'full_name', position: r.position, from: r.from, to: r.to, reason: 'letter_expected' });
  let fullName = card.name?.text ?? null;
  if (fullName !== null && !individual) {
    // The holder type proves the entity's kind, and so the words its name ends with (HUF, LLP, LIMITED, TRUST).
    const known = holderKnown ? repairKnownWords(fullName, holderCode) : { text: fullName, repairs: [] };
    fullName = known.text;
    for (const r of known.repairs) repairs.push({ field: 'full_name', position: r.position, from: r.from, to: r.to, reason: r.reason });
  }
  if (fullName === null) warnings.push("The holder's name could not be read.");
  let fatherName: string | null = null;
  if (individual) {
    fatherName = card.fatherName?.text ?? null;
    for (const r of card.fatherName?.repairs ?? []) repairs.push({ field: 'father_name', position: r.position, from: r.from, to: r.to, reason: 'letter_expected' });
    if (fatherName === null) warnings.push("The father's name could not be read.");
  } else if (card.fatherName) {
    // Non-individual cards have no father's name: a second name line is noise or a wrapped entity name.
    warnings.push("A second name line was ignored: non-individual holders carry no father's name.");
  }

  // The 5th character is the initial of the surname (of the entity's name): where OCR was unsure of it (repaired
  // from a digit, read otherwise by another reading, or the PAN read with little confidence) and it is the initial's
  // look-alike, the name decides it. Never on a text layer, and never between letters that do not look alike.
  const initial = fullName === null ? '' : initialOf(fullName, individual);
  const fifthUnsure =
    outcome.repairs.some((r) => r.position === 5) ||
    options.some((o) => o.candidate.outcome.ok && o.candidate.outcome.pan.slice(0, 4) === pan.slice(0, 4) && o.candidate.outcome.pan[4] !== pan[4]) ||
    chosen.confidence < 0.85;
  if (readings.source.ocr && /^[A-Z]$/.test(initial) && initial !== pan[4] && lookAlike(pan[4] ?? '', initial) && fifthUnsure && (card.name?.confidence ?? 0) >= 0.8) {
    repairs.push({ field: 'pan_number', position: 5, from: pan[4] ?? '', to: initial, reason: 'name_initial' });
    pan = `${pan.slice(0, 4)}${initial}${pan.slice(5)}`;
    structure = decomposePan(pan);
  }
  const nameInitialMatches = fullName === null ? null : initialOf(fullName, individual) === structure.name_initial;
  if (nameInitialMatches === false) warnings.push("The PAN's 5th character is not the initial of the name read.");
  // Never a guess passed as sure: a PAN that needed several repairs is answered with a warning, and refused when
  // the card's name contradicts it as well.
  const panRepairCount = repairs.filter((r) => r.field === 'pan_number').length;
  if (panRepairCount >= 2 && nameInitialMatches === false && !readings.isEpan) {
    return {
      ok: false,
      code: 'unreadable_document',
      detail: 'The PAN could not be read with certainty: it needed several repairs and its 5th character is not the initial of the name read.',
      hint: 'Send a sharper, well-lit photo or a scan of the card.',
    };
  }
  if (panRepairCount >= 3) warnings.push('The PAN needed several repairs to fit its format: check it against the card.');
  const dateKind = individual ? 'birth' : 'incorporation';
  if (card.dateLabel !== null && card.dateLabel !== dateKind) warnings.push(`The card's date label does not match the holder type.`);

  const layout: PanResult['card_layout'] = readings.isEpan ? 'e-pan' : card.layout === 'old' ? 'old' : 'new';
  const panConfidence =
    chosen.confidence *
    0.9 ** (outcome.repairs.length + (chosen.candidate.dropped === null ? 0 : 1) + (chosen.candidate.barsRead ?? 0)) *
    (nameInitialMatches === false ? 0.9 : 1) *
    (rivalDrop ? 0.5 : 1);
  // A name that still starts right of the card's field column after its wider re-read lost its first letters to
  // glare or wear: answered as read, never as sure.
  const cutAtStart = (field: FieldReading | null): boolean =>
    readings.source.ocr && field?.box !== undefined && startsRightOfColumn(field.box, card.valueColumnX0);
  const nameCut = fullName !== null && cutAtStart(card.name);
  const fatherCut = fatherName !== null && cutAtStart(card.fatherName);
  if (nameCut) warnings.push("The holder's name starts right of the card's other fields: its first letters may be missing.");
  if (fatherCut) warnings.push("The father's name starts right of the card's other fields: its first letters may be missing.");
  const nameConfidence = (card.name?.confidence ?? 0) * (nameInitialMatches === false ? 0.7 : 1) * (nameCut ? 0.5 : 1);

  const result: PanResult = {
    pan_number: pan,
    full_name: fullName,
    father_name: fatherName,
    date_of_birth: dateIso,
    holder_type_code: structure.holder_type_code,
    holder_type: structure.holder_type,
    pan_structure: structure,
    date_kind: dateKind,
    card_layout: layout,
    confidence: {
      pan_number: clamp(panConfidence),
      full_name: clamp(nameConfidence),
      father_name: individual ? clamp((card.fatherName?.confidence ?? 0) * (fatherCut ? 0.5 : 1)) : 1,
      date_of_birth: clamp(datePlausible === false ? dateConfidence * 0.5 : dateConfidence),
    },
    checks: {
      format_valid: true,
      holder_type_known: holderKnown,
      name_initial_matches: nameInitialMatches,
      date_plausible: datePlausible,
    },
    repairs,
    warnings,
    geometry: {
      pan_number: regionOf(readings, wordsBox(chosen.line, chosen.candidate.raw)),
      full_name: fullName === null ? null : regionOf(readings, card.name?.box ?? null),
      father_name: fatherName === null ? null : regionOf(readings, card.fatherName?.box ?? null),
      date_of_birth: dateIso === null ? null : regionOf(readings, card.dateLine),
    },
    source: readings.source,
  };
  return { ok: true, result };
}

type Box = { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };

/** The box of the words of `line` that make up `raw` (the PAN as read); the line's box when none is found. */
function wordsBox(line: CardLine | null, raw: string): Box | null {
  if (line === null) return null;
  const words = line.words.filter((w) => {
    const text = w.text.toUpperCase().replace(/[^A-Z0-9]/g, '');
    return text.length > 0 && raw.includes(text);
  });
  if (words.length === 0) return line;
  return { x0: Math.min(...words.map((w) => w.x0)), y0: Math.min(...words.map((w) => w.y0)), x1: Math.max(...words.map((w) => w.x1)), y1: Math.max(...words.map((w) => w.y1)) };
}

/** A box of the read image as a polygon in the page's pixels (a turned box stays a quadrilateral). */
function regionOf(readings: PanReadings, box: Box | null): PanResult['geometry']['pan_number'] {
  if (box === null) return null;
  const corners: [number, number][] = [[box.x0, box.y0], [box.x1, box.y0], [box.x1, box.y1], [box.x0, box.y1]];
  const polygon = corners.map(([x, y]) => {
    const [px, py] = readings.toPage(x, y);
    return [Math.round(px * 10) / 10, Math.round(py * 10) / 10] as [number, number];
  });
  return { page: readings.source.page, polygon };
}

/** Individuals: the surname is the last word; entities: the first letter of the name (leading `THE` skipped). */
export function initialOf(name: string, individual: boolean): string {
  const words = name.toUpperCase().split(/\s+/).map((w) => w.replace(/[^A-Z]/g, '')).filter((w) => w.length > 0);
  if (individual) return (words[words.length - 1] ?? '').charAt(0);
  const first = words[0] === 'THE' && words.length > 1 ? words[1] : words[0];
  return (first ?? '').charAt(0);
}

function clamp(x: number): number {
  return Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000;
}
