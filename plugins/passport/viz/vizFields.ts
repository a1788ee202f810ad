/**
 * What the printed page says, field by field, read from OCR words with the MRZ's help: names reconciled with the
 * MRZ's, the date of issue chosen among printed dates, and the printed copies of MRZ fields for the comparison.
 * Pure: OCR result and parsed MRZ in, printed values out.
 */
import type { BoundingBox, OcrResult, OcrWord } from '../../../core/ocr/types.ts';
import { nameMayBeTruncated, type Td3Parse } from '../mrz/index.ts';
import { isKnownCountryField } from '../../../core/mrz/countryCodes.ts';
import { readIssueDate, typicalIssueDates, type IssueDateCandidate, type IssueDateChoice } from './issueDateChoice.ts';
import { cutYearDates, parsePrintedDates, isoOf, mrzDigitsOf, resolveTwoDigitYear, type PrintedDate } from './printedDate.ts';
import {
  beyondPrice,
  completePrintedPrefix,
  completePrintedSuffix,
  endsInHyphen,
  nameCharacters,
  nameWordRuns,
  reconcileName,
  reconcileNameIfAgrees,
  type NameReconciliation,
} from './printedName.ts';
import { nationalityByWording, nationalityCode } from './printedNationality.ts';
import { inOrthography, orthographyOf, type NameOrthography } from './nameOrthography.ts';
import { transliterateName } from './icaoTransliteration.ts';
import { capitalsBox, capitalsName, joinedRun, labelledValues, phraseOf, phrasesOf, rowRuns, runOnRows, stackedValues, type LabelledValue, type Phrase, type TwoRows } from './vizLayout.ts';
import { classifyLabel, type VizField } from './vizLabels.ts';

export interface PrintedName {
  readonly value: string;
  readonly confidence: number;
  readonly agrees: boolean;
  /** The OCR text the value was reconciled from, as read: a witness of the MRZ's letters, which the value is not. */
  readonly read?: string;
}

export interface VizReading {
  readonly surname: PrintedName | null;
  readonly givenNames: PrintedName | null;
  readonly issueDate: IssueDateChoice | null;
  /** The 5/10-year rule's dates read on the page, the issue date's rivals among them (issueDateChoice's rivalRuleDates). */
  readonly issueRuleDates?: readonly string[];
  /** Printed copies of MRZ fields (ISO dates, raw number, sex letter, nationality code), null when not read. */
  readonly printed: {
    readonly passportNumber: string | null;
    readonly dateOfBirth: string | null;
    readonly expiryDate: string | null;
    readonly sex: string | null;
    readonly nationality: string | null;
    /** The issuing state's code as printed (`IND`, `D`), when it is a known one. */
    readonly issuingState: string | null;
    /** The document type as printed (`P`, `PD`). */
    readonly documentType: string | null;
    /** Known three-letter country codes printed as words of their own anywhere on the page (`FRA`, `UTO`). */
    readonly countryCodes: readonly string[];
  };
}

/** The text a label's value holds: its value phrases. */
function valueTexts(lv: LabelledValue): NameCandidate[] {
  return lv.values.map((p) => ({ text: p.text, confidence: p.confidence, bbox: capitalsBox(p.words), words: p.words }));
}

function valuesOf(all: readonly LabelledValue[], field: VizField): NameCandidate[] {
  return all.filter((lv) => lv.field === field).flatMap(valueTexts);
}

/**
 * A name printed beside its label, so close that OCR made one phrase of both (`GIVEN NAMES GIUSEPPE`): the words
 * after the shortest start of the phrase that reads as the label, where those words read as no label themselves.
 */
function labelTail(label: Phrase, field: VizField): Phrase | null {
  for (let cut = 1; cut < label.words.length; cut++) {
    const tail = phraseOf(label.words.slice(cut), classifyLabel);
    if (tail.label === null && phraseOf(label.words.slice(0, cut), classifyLabel).label === field) return tail;
  }
  return null;
}

/**
 * A name field's texts: its value phrases, and before them the name beside its label in the label's own phrase. Not
 * a tail in the label's small print where a value of the field stands a third taller: that is the label's own last
 * word misread (`GIVEN HAVES` over THEO JÉRÔME). Nor a value phrase in the label's print on the label's row where
 * another stands a third taller: that is the label's last word read apart (`GIVEN` then `MES` beside LUDMILA).
 */
function nameValuesOf(all: readonly LabelledValue[], field: 'surname' | 'given_names'): NameCandidate[] {
  const tall = (p: Phrase): number => {
    const box = capitalsBox(p.words);
    return box.y1 - box.y0;
  };
  const centre = (p: Phrase): number => {
    const box = capitalsBox(p.words);
    return (box.y0 + box.y1) / 2;
  };
  return all
    .filter((lv) => lv.field === field)
    .flatMap((lv) => {
      const tail = labelTail(lv.label, field);
      const small = tail !== null && lv.values.some((v) => tall(v) >= tall(tail) * 1.3);
      const labelWord = (v: Phrase): boolean =>
        tall(v) <= tall(lv.label) * 1.15 &&
        Math.abs(centre(v) - centre(lv.label)) < tall(lv.label) * 0.6 &&
        lv.values.some((other) => other !== v && tall(other) >= tall(v) * 1.3);
      // Nor a value in print half again smaller than another of the field's that holds letters: a name is printed as
      // large as the field's other values, so that is small print or texture (`XC`, guilloche two rows below blurred
      // given names read `AKA]`). Measured by words, not boxes: a phrase can run on into the next row.
      const wordsTall = (p: Phrase): number => {
        const heights = p.words.map((w) => capitalsBox([w])).map((b) => b.y1 - b.y0).sort((a, b) => a - b);
        return heights[Math.floor(heights.length / 2)] ?? 0;
      };
      const smallPrint = (v: Phrase): boolean =>
        lv.values.some((other) => other !== v && /\p{L}{2}/u.test(other.text) && wordsTall(other) >= wordsTall(v) * 1.5);
      const values = lv.values.filter((v) => !labelWord(v) && !smallPrint(v));
      return valueTexts({ ...lv, values: tail === null || small ? values : [tail, ...values] });
    });
}

interface NameCandidate {
  readonly text: string;
  readonly confidence: number;
  readonly bbox?: BoundingBox;
  /** The OCR words the text was read in, when it is a phrase of the page. */
  readonly words?: readonly OcrWord[];
  /** The diacritics above the letters were looked at in the pixels (see accentMarks.ts). */
  readonly marksSeen?: boolean;
}

/**
 * The box of the words a name was read from: those of the run of `count` words from `start` that hold a letter. A
 * stray digit or mark OCR read in the texture beside a name is no part of its place.
 */
function runBox(words: readonly OcrWord[], start: number, count: number): BoundingBox {
  const ofToken = words.flatMap((w) => w.text.trim().split(/\s+/).filter((t) => t !== '').map(() => w));
  const inRun = [...new Set(ofToken.slice(start, start + count))];
  const lettered = inRun.filter((w) => /\p{L}/u.test(w.text));
  return capitalsBox(lettered.length > 0 ? lettered : inRun.length > 0 ? inRun : words);
}

/**
 * A printed name with where it was read: `bbox`, the phrase it was read in (where its line is re-read from); `place`,
 * the words it was read from. Both null for a sharper re-reading, which is of a line, not of the page's words.
 */
type ReadName = PrintedName & {
  readonly bbox: BoundingBox | null;
  readonly place: BoundingBox | null;
  /** Read by its printed start alone, the MRZ giving the rest (completePrintedPrefix). */
  readonly startOnly?: boolean;
};

/** A text's runs of letters, its words less their separators. */
function letterRuns(text: string): string[] {
  return text.match(/\p{L}+/gu) ?? [];
}

/** The letters without their marks (É -> E, Ł -> L): what the MRZ's transliteration has. */
function withoutMarks(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/Ł/g, 'L').normalize('NFC');
}

/** Whether the greater part of the smaller of two boxes lies inside the other. */
function mostlyOver(a: BoundingBox, b: BoundingBox): boolean {
  const width = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const height = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (width <= 0 || height <= 0) return false;
  const smaller = Math.min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0));
  return width * height > smaller / 2;
}

/** The MRZ's name part a reading is reconciled with, and how the page writes names. */
interface NamePart {
  readonly mrzName: string;
  /** The MRZ cut the part: the print may go on past its letters. */
  readonly truncated: boolean;
  readonly orthography: NameOrthography;
  readonly reconcile: Reconciler;
}

interface ReadNameOptions {
  /** Where another part was read: no phrase there is this one. */
  readonly taken?: BoundingBox | null;
  /** An earlier pass's re-read of the line, still a reading of the print past a cut MRZ. */
  readonly earlier?: string | null;
  /** The line's words ran to the rectified page's edge. */
  readonly endsAtEdge?: boolean;
  readonly seen?: NameSeen;
}

/**
 * What readName saw besides its answer: `goesOn`, a reading of one row going on past the chosen one's end
 * (VizFieldsRead.goesOn); `disputed`, readings spelling the part otherwise past a cut MRZ (VizFieldsRead.disputed).
 */
interface NameSeen {
  goesOn: boolean;
  disputed?: boolean;
}

/**
 * Whether a lone O for the MRZ's OE (and A for AE) is read Ø (Æ) in this name part. Where the readings of it that agree
 * with the MRZ show the pair printed one way only (a reading whose stroke the pixels showed, `BIØRNSTAD`, beside a
 * sharper one that lost it, `BJORNSTAD`), the letter seen; else the orthography's (a Finnish page's Ö).
 */
function oeAsSeen(texts: readonly NameCandidate[], { mrzName, truncated, orthography, reconcile }: NamePart): boolean {
  const seen = new Set<string>();
  for (const { text } of texts) {
    // Most of a page's phrases hold none of these letters: they are passed over before any cleaning or aligning.
    if (!/[ÖØÄÆöøäæ]/u.test(text)) continue;
    const cleaned = inOrthography(nameCharacters(text), orthography);
    const letters = [...cleaned].filter((c) => 'ÖØÄÆ'.includes(c));
    if (letters.length === 0 || reconcile.ifAgrees(cleaned, mrzName, truncated, orthography.strokedOe, orthography.thorn) === null) continue;
    for (const c of letters) seen.add(c === 'Ø' || c === 'Æ' ? 'stroked' : 'dotted');
  }
  return seen.size === 1 ? seen.has('stroked') : orthography.strokedOe;
}

/**
 * Whether the last `beyond` letters of a raw OCR reading hold a small letter whose capital is drawn otherwise (not
 * C, K, O, P, S, U, V, W, X, Y, Z, alike in both cases, nor l, i, j, OCR's readings of an I or J), where the same
 * reading gave the letters before them, the MRZ's part, as capitals: the name is printed in capitals there, and OCR
 * read the glyphs past the cut as another case, so not as printed. A page that prints names in mixed case reads so
 * on both sides of the cut, and says nothing.
 */
export function smallLettersPastCut(raw: string, beyond: number): boolean {
  const letters = [...raw].filter((c) => /\p{L}/u.test(c));
  if (beyond <= 0 || beyond >= letters.length) return false;
  const small = (c: string): boolean => /[abdefghmnqrt]/.test(c.normalize('NFD')[0]!);
  const checked = letters.slice(0, -beyond);
  return checked.every((c) => !/\p{Ll}/u.test(c)) && letters.slice(-beyond).some(small);
}

/** Best reconciliation of a name among candidate texts; labelled candidates first, then any phrase on the page. */
function readName(labelled: readonly NameCandidate[], phrases: readonly Phrase[], part: NamePart, options: ReadNameOptions = {}): ReadName | null {
  const { mrzName, truncated, orthography, reconcile } = part;
  const { taken = null, earlier = null, endsAtEdge = false, seen = { goesOn: false } } = options;
  if (mrzName === '') return null;
  let readingsDisagree = false;
  let partedAtCut = false;
  const tryAll = (texts: readonly NameCandidate[], witnesses: readonly NameCandidate[] = [], rivals: readonly NameCandidate[] = []): ReadName | null => {
    // `longest`: the reading's longest run that reconciles (runs come longest first), the reading as a whole.
    type Scored = ReadName & { cost: number; rank: number; marksSeen: boolean; beyondText: string; source: number; misread: number; longest: boolean; raw: string };
    let best: Scored | null = null;
    const sharp: Scored[] = [];
    const plain: Scored[] = [];
    const strokedOe = oeAsSeen(texts, part);
    for (const [source, { text: read, confidence, bbox, words, marksSeen }] of texts.entries()) {
      const runs = nameWordRuns(read);
      const tokens = runs[0]?.text.split(' ').length ?? 0;
      // The whole reading's characters past a cut MRZ, wanted only where a shorter run agrees.
      let wholeBeyond: (() => number) | null = null;
      let longest = true;
      for (const run of runs) {
        // Texture read as words beside the name prints over it too: such a reading's marks are in doubt, so none.
        const cleaned = inOrthography(nameCharacters(run.dropped === 0 ? run.text : withoutMarks(run.text)), orthography);
        if (cleaned.length < 2) continue;
        const r = reconcile.ifAgrees(cleaned, mrzName, truncated, strokedOe, orthography.thorn);
        if (run.dropped === 0) wholeBeyond = () => (r ?? reconcile.whole(cleaned, mrzName, truncated, strokedOe, orthography.thorn)).beyond;
        if (r === null) continue;
        // The sharper reading, whose marks were looked at, wins over a plainer one a little closer to the MRZ; a
        // reading whole wins over the same without a word at its end, however long that word runs past a cut MRZ
        // (what dropping it saves of the price of print past the MRZ is added back).
        const unpaid = run.dropped > 0 && wholeBeyond !== null ? Math.max(0, wholeBeyond() - r.beyond) * beyondPrice : 0;
        const rank = r.cost + unpaid - (marksSeen === true ? 0.5 : 0) + run.dropped * 0.3;
        const place = words === undefined ? (bbox ?? null) : runBox(words, run.start, tokens - run.dropped);
        // One printed line is one name part: words the other part was read from are not read again for this one.
        if (place !== null && taken !== null && mostlyOver(place, taken)) continue;
        const scored = { value: r.value, beyondText: r.beyondText, read: cleaned, agrees: true, cost: r.cost, rank, bbox: bbox ?? null, place, marksSeen: marksSeen === true, confidence: Math.max(0.3, Math.min(0.99, confidence - r.cost * 0.05)), source, misread: r.misread, longest, raw: run.text };
        longest = false;
        // A reading lends its marks (and hyphens) only to one with the same letters, checked below: with words
        // dropped at its ends too (the label's tail re-read before the name, `AME / NOM WILLIAMS-ASHCROFT`).
        if (scored.marksSeen) sharp.push(scored);
        else plain.push(scored);
        if (best === null || rank < best.rank) best = scored;
      }
    }
    // A plain letter taken for the MRZ's pair (`MICHAL` read, MICHAEL's AE answered Ä) is a mark inferred, not seen:
    // where another reading spells the word's pair out letter by letter, two glyphs are printed there. Not for Æ,
    // whose ligature OCR may read as two letters.
    if (best !== null) {
      const chosen = best;
      const read = new Set(letterRuns(chosen.read ?? ''));
      const inferred = (word: string): boolean =>
        !read.has(word) && read.has(withoutMarks(word)) && !word.includes('Æ') && transliterateName(word) !== withoutMarks(word);
      if (letterRuns(chosen.value).some(inferred)) {
        // The other readings of the name: the other candidates, and the page's phrases elsewhere that reconcile with it.
        const witnessing = witnesses
          .map((w) => inOrthography(nameCharacters(w.text), orthography))
          .filter((text) => reconcile.ifAgrees(text, mrzName, truncated, orthography.strokedOe, orthography.thorn) !== null);
        const others = [...[...sharp, ...plain].filter((p) => p.source !== chosen.source).map((p) => p.read ?? p.value), ...witnessing];
        const spelled = new Set(others.flatMap(letterRuns));
        const value = chosen.value.replace(/\p{L}+/gu, (word) => (inferred(word) && spelled.has(transliterateName(word)) ? transliterateName(word) : word));
        if (value !== chosen.value) best = { ...chosen, value };
      }
    }
    // Past a cut MRZ nothing checks the print: there the reading chosen (most often the sharper re-read) and every
    // plainer reading that reconciles must not spell different letters (`CHTIAMAKA` and CHIAMAKA), one merely stopping
    // short of the other. Where they do, none is taken; under the label, the name is then not read at all. Each reading
    // counts as a whole: a run of it that leaves its first words out (`ELEANOR` of EMILY CHARLOTTE ELEANOR, against a
    // one-letter `E`) is no other reading.
    if (truncated && best !== null) {
      const key = plainLetters(best.beyondText);
      const keys = ligatureReadings(best.beyondText);
      if (plain.some((p) => p.longest && !keys.some((k) => alikeAsFarAsBoth(k, plainLetters(p.beyondText))))) {
        readingsDisagree = true;
        return null;
      }
      // Nor from a reading whose letters past the cut OCR gave as small letters drawn unlike their capitals (`INGRID
      // Line` for LINNÉA, blurred): names are printed in capitals, so those glyphs were not read as the page prints them.
      if (smallLettersPastCut(best.raw, key.length)) {
        readingsDisagree = true;
        return null;
      }
      // Nor is print past the cut from a reading that misread the MRZ's part (`WISNTEWSK KONSTANTINOROLSKA
      // BRZECZYSZCZYIIEWICZ` under glare), unless another reading spells letters there too, the same as far as it goes,
      // or ends in the same letters, though it misread the MRZ's part too much to reconcile (`KIZERSTIN MARTA MAJA`).
      const chosen = best;
      // Another reading, not the chosen one's OCR words again (its phrase joined with the row below it).
      const other = (source: number): boolean => source !== chosen.source && !sharesWords(texts[source]!, texts[chosen.source]!);
      const corroborates = (p: Scored): boolean => {
        const beyond = plainLetters(p.beyondText);
        return other(p.source) && beyond !== '' && keys.some((k) => alikeAsFarAsBoth(k, beyond));
      };
      const endsAlike = texts.some((t, source) => other(source) && keys.some((k) => plainLetters(nameCharacters(t.text)).endsWith(k)));
      // Nor from a re-read of the line's crop (no phrase of the page: the crop is where the line was placed) that
      // carries on past the cut further than the MRZ's part of it goes, mostly unchecked (`ETHER` re-read for the cut
      // given names `E`), unless a phrase of the page, under the label or not, spells it alike as well.
      const witnessed = (): boolean =>
        witnesses.some((w) => {
          if (sharesWords(w, texts[chosen.source]!)) return false;
          const beyond = reconcile.ifAgrees(inOrthography(nameCharacters(w.text), orthography), mrzName, truncated, orthography.strokedOe, orthography.thorn)?.beyondText;
          const letters = plainLetters(beyond ?? '');
          return letters !== '' && keys.some((k) => alikeAsFarAsBoth(k, letters));
        });
      const mostlyUnchecked = texts[chosen.source]!.words === undefined && key.length > plainLetters(mrzName).length;
      const corroborated = [...sharp, ...plain].some(corroborates);
      if (key !== '' && (chosen.misread > 0 || (mostlyUnchecked && !witnessed())) && !endsAlike && !corroborated) {
        readingsDisagree = true;
        return null;
      }
      // Nor from a lone reading where another reading of the same line, spelling it alike up to the cut's last
      // letters, spells those letters otherwise (`FRIEDERTKE` beside a re-read `FRIEDET`, glare over the cut): the
      // print is in doubt just where nothing checks it.
      const lone = key !== '' && !endsAlike && !corroborated && !witnessed();
      // Readings that end the line at the page's edge share its clipped last glyph (W's left half read V): they do not
      // outweigh an earlier pass's re-read, past that edge, that spells the letters otherwise (`KIEV`, `KIEWICZ`).
      const disputing = lone ? [...texts.filter((_, source) => other(source)), ...rivals] : endsAtEdge && key !== '' ? rivals : [];
      if (disputing.some((t) => disputesAtCut(chosen.value, chosen.beyondText, t.text))) {
        readingsDisagree = true;
        partedAtCut = true;
        return null;
      }
      // Nor one that stops short of another reading's letters past the cut on a line whose words ran to the rectified
      // page's edge (`…BRZECZYSZCZYKIE`, where a re-read past that edge spells `…BRZĘCZYSZCZYKIEW ICZ`): the edge ended
      // it, not the name, and nothing checks how much more the part holds.
      const further = (p: Scored): boolean => {
        const beyond = plainLetters(p.beyondText);
        return p.source !== chosen.source && keys.some((k) => beyond.length > k.length && beyond.startsWith(k));
      };
      if (endsAtEdge && key !== '' && [...sharp, ...plain].some(further)) {
        readingsDisagree = true;
        seen.goesOn = true;
        return null;
      }
      // Nor where a reading of its letters ends in a glyph that is no letter, joined to the last one (`JARI MIKKO
      // MATT!` for MATTI, its I read `!`): a letter stood there that OCR could not read, and the word may go on.
      const unreadEnd = (t: NameCandidate): boolean =>
        /\p{L}[!|[\]{}1]+$/u.test(t.text.trim()) && plainLetters(t.text) === plainLetters(chosen.value);
      if (key !== '' && texts.some(unreadEnd)) {
        readingsDisagree = true;
        seen.goesOn = true;
        return null;
      }
    }
    // Nor where a reading spells the chosen one's letters and goes on past its end into another word (`MOHAMMED HAMZA
    // KH` beside a re-read `MOHAMMED HAMZA`, glare over KHALID): the part holds more than the chosen reading, and
    // nothing says how much. The pass says so (`goesOn`): another pass that reads less does not settle it.
    if (truncated && best !== null) {
      const chosen = best;
      // One row's reading only: a value joined with the row below it (a name printed on two rows) goes on by design.
      const oneRow = (words: NameCandidate['words']): boolean =>
        words === undefined || words.length === 0 || Math.max(...words.map((w) => w.bbox.y0)) < Math.min(...words.map((w) => w.bbox.y1));
      const onward = (p: Scored): boolean =>
        p.longest && oneRow(texts[p.source]!.words) && (wordsOnward(chosen.value, p.value) || wordsOnward(chosen.value, p.read ?? ''));
      if ([...sharp, ...plain].some(onward)) {
        readingsDisagree = true;
        seen.goesOn = true;
        return null;
      }
    }
    // Past a cut MRZ no filler places the spaces: a sharper reading that ran two words together (`URSULAJULIDE`) takes
    // those a plainer reading of the same letters read between them.
    if (truncated && best !== null && best.marksSeen) {
      const chosen = best;
      // Nor does the MRZ say where the last word ends: a sharper reading that stops inside it (`ELEANO`, the line's
      // crop through its last letter) takes its end from a plainer reading that spells it on, the same word.
      // No name writes a letter three times running: an ending that would (`JI-WOO` and a plainer `JI-WO0O`) is a
      // glyph the plainer reading read twice.
      const ending = plain
        .filter((p) => p.longest)
        .map((p) => wordEnd(chosen.value, p.value))
        .find((end) => end !== null && !/(\p{L})\1\1/u.test(`${chosen.value}${end}`));
      if (ending != null) return { ...chosen, value: `${chosen.value}${ending}` };
      // Nor one that runs on in that word past where a plainer reading ends it, no other reading spelling those
      // letters: the line's crop takes in texture beside the word (`DÖRTEY`, DÖRTE's page read by the sparse pass).
      // Not where the page's readings end the line at the page's edge (`…KIEWIC` for a re-read past it, `…KIEWICZ`).
      const key = plainLetters(chosen.beyondText);
      const spelled = [...sharp, ...plain].some((p) => p.source !== chosen.source && plainLetters(p.beyondText).startsWith(key));
      // Nor by a plainer reading that OCR read more print right after, on its row: it stopped short of the ink (glare
      // over ALEKSANDR's end read `ALEKSAN`, its DR a word of its own), or read a glyph stuck to its last letter.
      const ends = plain.filter(
        (p) =>
          p.longest &&
          !inkRunsOnPast(texts[p.source]!.words, p.value, phrases) &&
          !boxHoldsMore(texts[p.source]!.words, p.value) &&
          !glyphAfterLetters(texts[p.source]!, p.value),
      );
      const overrun = spelled || endsAtEdge ? [] : ends.flatMap((p) => wordEnd(p.value, chosen.value) ?? []).map((rest) => [...rest].length);
      // Cut back only as far as the plainer reading that goes furthest, and never into the MRZ's part.
      const least = overrun.length === 0 ? null : Math.min(...overrun);
      if (least !== null && least < key.length) return { ...chosen, value: [...chosen.value].slice(0, -least).join('') };
      const spaced = plain.find((p) => plainLetters(p.value) === plainLetters(chosen.value) && separatorsByLetters(p.value).size > separatorsByLetters(chosen.value).size);
      if (spaced !== undefined) return { ...chosen, value: separatorsJoined(chosen.value, spaced.value) };
    }
    // The MRZ drops a name's apostrophes (D'ARTOIS is DARTOIS there): a sharper reading that lost one a plainer
    // reading of the same letters read between them takes it back, as it takes back a space.
    if (best !== null && best.marksSeen) {
      const chosen = best;
      const marked = plain.find((p) => plainLetters(p.value) === plainLetters(chosen.value) && apostrophesByLetters(p.value).size > apostrophesByLetters(chosen.value).size);
      if (marked !== undefined) best = { ...chosen, value: apostrophesJoined(chosen.value, marked.value) };
    }
    // A plainer reading closer to the MRZ (the sharper one lost a space, `MARÍAJOSÉ`) names the same letters: when
    // both reconcile to the same MRZ name, the accents come from the reading whose marks were looked at, and the
    // separators and apostrophes it did not read from the plainer one (`VAN 'THOF` beside `VAN 'T HOF`).
    if (best !== null && !best.marksSeen) {
      const sameName = sharp.find((s) => transliterateName(s.value) === transliterateName(best!.value));
      if (sameName !== undefined) {
        const lent = apostrophesJoined(separatorsOf(sameName.value, sameName.read ?? sameName.value, best.value), best.value);
        // A word the sharper reading did not read and has no mark of, its letters the MRZ's where OCR missed them
        // (`6ZLEM` re-read for ÖZLEM, answered OEZLEM), lends nothing: the plainer reading's word stands there. Words
        // are looked for in its letters run together (`MARÍAJOSÉ` read the MRZ's two words); a word with a letter
        // misread keeps the marks seen in it (`AVŞE` re-read, AYŞE).
        const read = withoutMarks(letterRuns(sameName.read ?? '').join(''));
        const plainWords = letterRuns(best.value);
        let at = 0;
        const value =
          letterRuns(lent).length !== plainWords.length
            ? lent
            : lent.replace(/\p{L}+/gu, (word) => {
                const plainWord = plainWords[at++]!;
                const unread = word === withoutMarks(word) && !read.includes(word);
                return unread && transliterateName(plainWord) === transliterateName(word) ? plainWord : word;
              });
        return { ...sameName, value, bbox: best.bbox ?? sameName.bbox, place: best.place ?? sameName.place };
      }
    }
    return best;
  };
  const completed = (texts: readonly NameCandidate[]): ReadName | null => {
    const found = texts.flatMap(({ text, bbox }) => {
      const value = completePrintedPrefix(inOrthography(nameCharacters(text), orthography), mrzName, endsInHyphen(text));
      return value === null ? [] : [{ text, bbox, value }];
    });
    const first = found[0];
    if (first === undefined) return null;
    // The first reading's value, with the separators another reading read where the MRZ completed the first (the
    // sparse pass's row ending `OKONKWO-`, a re-read of the line that stopped at OKONKW).
    const value = found.slice(1).reduce((v, other) => separatorsOf(v, first.text, other.value), first.value);
    return { value, read: first.text, agrees: true, bbox: first.bbox ?? null, place: first.bbox ?? null, confidence: 0.5, startOnly: true };
  };
  // A name printed on two rows under a label OCR did not read is the two phrases together (stackedValues).
  const unlabelled = [...phrases.filter((p) => p.label === null), ...stackedValues(phrases).map((s) => s.joined)].map((p) => ({
    text: p.text,
    confidence: p.confidence,
    bbox: capitalsBox(p.words),
    words: p.words,
  }));
  const before = earlier === null ? [] : [{ text: earlier, confidence: 0.5 }];
  const underLabel = tryAll(labelled, unlabelled, before);
  if (readingsDisagree) {
    seen.disputed = true;
    return null;
  }
  // Where the MRZ cut the name, the print is the only source of the rest: a labelled reading no longer than the
  // MRZ's part (`ËR` for BR…, the label's row read instead of the name's) leaves room for a phrase that carries on.
  if (truncated && underLabel !== null && transliterateName(underLabel.value).length <= mrzName.length) {
    const onward = unlabelled.filter((p) => nationalityByWording(p.text) === null);
    const further = tryAll(onward, [], [...labelled, ...before]);
    if (further !== null && transliterateName(further.value).length > mrzName.length) return further;
    // A phrase carrying on where readings part at the cut, or a pass read again because an earlier one's did and
    // this one reading nothing past the cut: what lies past it is unknown, so the part is.
    if (partedAtCut || before.length > 0) return null;
  }
  const read = underLabel ?? tryAll(unlabelled, [], [...labelled, ...before]) ?? completed(labelled) ?? completed(unlabelled) ?? completedEnd(labelled, mrzName, truncated, orthography);
  return truncated && read !== null && stopsBeforeCut(read, mrzName) ? null : read;
}

/** A reading's words with letters, and the rightmost of them that holds its last letters (`value`), if any. */
function lastWordOf(words: readonly OcrWord[] | undefined, value: string): { lettered: OcrWord[]; last: OcrWord | null } {
  const letters = plainLetters(value);
  const lettered = (words ?? []).filter((w) => plainLetters(w.text) !== '');
  const holding = lettered.filter((w) => letters.endsWith(plainLetters(w.text)));
  return { lettered, last: holding.length === 0 ? null : holding.reduce((a, w) => (w.bbox.x1 > a.bbox.x1 ? w : a)) };
}

/**
 * Whether OCR read a word of the page's print (letters or digits) that starts after the word holding a reading's last
 * letters (`value`), on its row (the row of its least tall word: glare swells a word's box), within a capital's
 * height: the print goes on where the reading ends, so the reading says nothing of where its last word ends. The
 * reading's own words past its value count too (a phrase `ALEKSAN oi` whose value left `oi` out).
 */
function inkRunsOnPast(words: readonly OcrWord[] | undefined, value: string, phrases: readonly Phrase[]): boolean {
  const { lettered, last: lastWord } = lastWordOf(words, value);
  if (lastWord === null) return false;
  const last = lastWord.bbox;
  const row = lettered.filter((w) => w.bbox.x0 <= last.x0).reduce((a, w) => (w.bbox.y1 - w.bbox.y0 < a.bbox.y1 - a.bbox.y0 ? w : a)).bbox;
  const capital = row.y1 - row.y0;
  const rowMiddle = (row.y0 + row.y1) / 2;
  const after = (w: OcrWord): boolean => {
    const middle = (w.bbox.y0 + w.bbox.y1) / 2;
    // On the row: its middle in the row's, or its box over the row's middle, as where OCR read the letters and the
    // texture crossing them as one tall word (`ul` for XIMENA's ENA under a guilloche's ring).
    const onRow = (middle >= row.y0 && middle <= row.y1) || (w.bbox.y0 <= rowMiddle && w.bbox.y1 >= rowMiddle);
    return /[\p{L}\p{N}]/u.test(w.text) && w.bbox.x0 >= last.x1 - 1 && w.bbox.x0 - last.x1 <= capital && onRow;
  };
  return [...(words ?? []), ...phrases.flatMap((p) => p.words)].some(after);
}

/**
 * Whether OCR doubted the word holding a reading's last letters and its box is wider than its letters by more than half
 * a letter, at the pitch of the words before it on its row: the box holds a glyph OCR did not read (JÖRDIS's S left out
 * of `JORDI`), so the reading says nothing of where the word ends.
 */
function boxHoldsMore(words: readonly OcrWord[] | undefined, value: string): boolean {
  const { lettered, last } = lastWordOf(words, value);
  if (last === null || last.confidence >= doubtedWord) return false;
  const before = lettered.filter((w) => w !== last && w.bbox.x1 <= last.bbox.x0 && w.bbox.y0 < last.bbox.y1 && w.bbox.y1 > last.bbox.y0 && w.confidence >= doubtedWord);
  const glyphs = (w: OcrWord): number => [...w.text.replace(/\s/g, '')].length;
  const counted = before.reduce((n, w) => n + glyphs(w), 0);
  // A pitch from a few letters at least: one short word's says little of the face's.
  if (counted < 4) return false;
  const pitch = before.reduce((n, w) => n + w.bbox.x1 - w.bbox.x0, 0) / counted;
  return last.bbox.x1 - last.bbox.x0 - glyphs(last) * pitch > pitch / 2;
}

/**
 * Whether OCR read a glyph that is no letter stuck to the end of the word holding a reading's last letters (`HELG,` for
 * HELGA, its A read as a comma): ink stood there, so the reading says nothing of where the word ends.
 */
function glyphAfterLetters(candidate: NameCandidate, value: string): boolean {
  const { last } = lastWordOf(candidate.words, value);
  const text = last?.text ?? candidate.text.trim().split(/\s+/).at(-1) ?? '';
  return /\p{L}[^\p{L}\s]+$/u.test(text.trim());
}

/** Below this confidence (Tesseract's 0..100) OCR doubted a word: its letters may leave out glyphs in its box. */
const doubtedWord = 60;

/**
 * Whether a reading of a part the MRZ cut stops before the cut: completed from the MRZ's letters (startOnly), or its
 * letters end before the MRZ's last word does (`GENEVIEVE E` for GENEVIEVE<EL, glare over ÉLODIE). Past the cut only
 * the print says where the part ends, and a reading that does not reach the cut says nothing of it.
 */
function stopsBeforeCut(name: ReadName, mrzName: string): boolean {
  if (name.startOnly === true) return true;
  const whole = mrzName.replace(/<+$/, '');
  if (transliterateName(name.value).replace(/<+$/, '').length > whole.length) return false;
  const letters = transliterateName(nameCharacters(name.read ?? name.value)).replace(/</g, '');
  const last = whole.slice(whole.lastIndexOf('<') + 1);
  // A letter or two dropped before it leave the last word where the reading ends.
  return letters.indexOf(last, Math.max(0, whole.replace(/</g, '').length - last.length - 2)) < 0;
}

/**
 * A labelled reading whose start glare took, completed by the MRZ's start (completePrintedSuffix), where the MRZ cut
 * the name and the reading carries it on: past the cut only the print holds the name, and a second reading must spell
 * the same letters there, as far as either goes. Not where it would only lend the MRZ's letters marks: a reading that
 * lost its first letters (a Þ OCR has no class for) reads the marks after them in doubt too.
 */
function completedEnd(labelled: readonly NameCandidate[], mrzName: string, truncated: boolean, orthography: NameOrthography): ReadName | null {
  if (!truncated) return null;
  const found = labelled.flatMap((candidate) => {
    const done = completePrintedSuffix(inOrthography(nameCharacters(candidate.text), orthography), mrzName, truncated);
    return done === null ? [] : [{ candidate, done }];
  });
  const first = found[0];
  const key = first === undefined ? '' : plainLetters(first.done.beyond);
  if (first === undefined || key === '') return null;
  const alike = found.slice(1).some(({ done }) => {
    const other = plainLetters(done.beyond);
    return other !== '' && alikeAsFarAsBoth(key, other);
  });
  if (!alike) return null;
  const { text, bbox } = first.candidate;
  return { value: first.done.value, read: text, agrees: true, bbox: bbox ?? null, place: bbox ?? null, confidence: 0.5 };
}

/**
 * `value` (a reconciled reading of `read`) with the separators of `other` (the same name, reconciled from another
 * reading) where `read` had none: there the MRZ's filler gave `value` a space, while `other` read what is printed
 * (`SEOJUN` re-read, `SEO-JUN` in the sparse pass). Where `read` has its own separator, it stays.
 */
export function separatorsOf(value: string, read: string, other: string): string {
  // Where `value` starts with letters `read` lost (glare over EL- of EL-SAYED, the MRZ's EL put back), the reading's
  // own separators stand that many letters on.
  const shift = Math.max(0, plainLetters(value).indexOf(plainLetters(read)));
  const own = new Set([...separatorsByLetters(read).keys()].map((at) => at + shift));
  const printed = separatorsByLetters(other);
  let letters = 0;
  let out = '';
  for (const c of value) {
    if (c === ' ' || c === '-') out += own.has(letters) ? c : (printed.get(letters) ?? c);
    else {
      out += c;
      letters += plainLetters(c).length;
    }
  }
  return out;
}

const apostrophe = /^['’]$/u;

/**
 * Whether `a` joins two letters by an apostrophe where `b`, spelling the same letters up to there, reads a space or a
 * hyphen between them (`JESÚS'ANDRÉS` against `SEBASTIAN JESUS ANDRES`): the two disagree on what stands there.
 */
export function apostropheAgainstSeparator(a: string, b: string): boolean {
  const own = separatorsByLetters(a);
  const theirs = separatorsByLetters(b);
  const [lettersA, lettersB] = [plainLetters(a), plainLetters(b)];
  return [...apostrophesByLetters(a)].some((at) => !own.has(at) && theirs.has(at) && lettersA.slice(0, at + 1) === lettersB.slice(0, at + 1));
}

/** Where a reading has an apostrophe: the count of letters before it. */
function apostrophesByLetters(text: string, elidedOnly = false): Set<number> {
  const found = new Set<number>();
  let letters = 0;
  let inWord = 0;
  for (const c of text) {
    if (apostrophe.test(c)) {
      if (!elidedOnly || inWord <= 1) found.add(letters);
    } else if (c === ' ' || c === '-') inWord = 0;
    else {
      letters += plainLetters(c).length;
      inWord += 1;
    }
  }
  return found;
}

/**
 * `value` with an apostrophe wherever `other` (the same letters) has one inside the name and `value` none: only where
 * names print one, after a word's first letter (D'ARTOIS, O'BRIEN, N'DIAYE) or before a word ('T HOF). A speck OCR
 * read between two letters of a word (`GOK'HAN` under glare) is texture.
 */
export function apostrophesJoined(value: string, other: string): string {
  const printed = apostrophesByLetters(other, true);
  const own = apostrophesByLetters(value);
  const total = plainLetters(value).length;
  let letters = 0;
  let out = '';
  for (const c of value) {
    const letter = plainLetters(c).length > 0;
    if (letter && printed.has(letters) && !own.has(letters) && letters > 0 && letters < total) out += '\'';
    if (letter) letters += plainLetters(c).length;
    out += c;
  }
  return out;
}

/**
 * `value` with the separators `other` (the same letters) read where `value` runs the letters on: a space or hyphen
 * between two letters is added, never one taken away.
 */
export function separatorsJoined(value: string, other: string): string {
  const printed = separatorsByLetters(other);
  const total = plainLetters(value).length;
  let letters = 0;
  let out = '';
  let last = '';
  for (const c of value) {
    const separator = c === ' ' || c === '-';
    if (!separator) {
      const between = printed.get(letters);
      if (between !== undefined && letters > 0 && letters < total && last !== ' ' && last !== '-') out += between;
      letters += plainLetters(c).length;
    }
    out += c;
    last = c;
  }
  return out;
}

/** The texts the sparse pass read under the surname and given-names labels, as read. */
export function labelledNameTexts(viz: OcrResult): { surname: string[]; givenNames: string[] } {
  const all = labelledValues(phrasesOf(viz));
  return { surname: nameValuesOf(all, 'surname').map((v) => v.text), givenNames: nameValuesOf(all, 'given_names').map((v) => v.text) };
}

/**
 * Whether `piece`'s words run unbroken in `name`'s (as the MRZ spells them, split at spaces, hyphens and fillers), and
 * are fewer: with `cutAtEnd`, a word read in the place of the name's last may go on past it (the MRZ cut it there).
 */
function wordRunOf(piece: string, name: string, cutAtEnd = false): boolean {
  const words = (text: string): string[] => transliterateName(text.replace(/</g, ' ')).split('<').map((w) => w.replace(/[^A-Z]/g, '')).filter((w) => w !== '');
  const [run, all] = [words(piece), words(name)];
  if (run.length === 0 || run.length >= all.length || run.join('').length < 3) return false;
  const same = (w: string, j: number): boolean => all[j] === w || (cutAtEnd && j === all.length - 1 && w.startsWith(all[j]!));
  return all.some((_, i) => run.every((w, k) => i + k < all.length && same(w, i + k)));
}

/** The surname as this pass read it (null where it read none), and as the MRZ spells it up to its cut. */
interface SurnameWitnesses {
  readonly read: string | null;
  readonly mrz: string;
}

/**
 * Given names the MRZ had no room for (its name cells filled by the surname): the print is the only source, taken
 * as read when it is a clean run of capitals that names no nationality (a given-names label whose own row OCR missed
 * claimed the nationality's `UNITED STATES OF AMERICA` below it).
 */
function nameBeyondMrz(candidates: readonly NameCandidate[], orthography: NameOrthography, surname: SurnameWitnesses): ReadName | null {
  for (const { text, confidence, bbox } of candidates) {
    // Another field's value (a nationality, a date, the sex's letter) is that field's row: what lies past it, further
    // down the page, is other fields' too (`BERGEN`, the place of birth, where OCR read no given names at all).
    if (nationalityByWording(text) !== null || parsePrintedDates(text).length > 0 || /^[MFX]$/.test(text.trim())) break;
    // Nothing checks these names: a label's words, or a piece of one ending in its colon, are no name (the re-read of a
    // line box placed on the label's row read `NOME GIVE`; the sparse pass, `EL:` at the label's end).
    if (classifyLabel(text) !== null || /:\s*$/.test(text)) continue;
    // A stop or comma OCR read at the name's end (`TOMÁS MIROSLAV.`) is not the name's.
    const value = inOrthography(text.replace(/\s+/g, ' ').trim().replace(/[.,;:]+$/, ''), orthography);
    // The surname's letters were read from the surname's row (its label misread as theirs, or a line box placed a
    // row high): no reading of the given names, for or against.
    if (surname.read !== null && plainLetters(value) === plainLetters(surname.read)) continue;
    // Nor a run of its words, where OCR split the surname's row into phrases (`NIEMINEN`, the last of
    // KORHONEN-JÄRVINEN-HÄMÄLÄINEN-NIEMINEN, taken under the given names' label above SIRPA SARI): of the surname as
    // read, or, where this pass read none, as the MRZ has it up to its cut.
    if ((surname.read !== null && wordRunOf(value, surname.read)) || wordRunOf(value, surname.mrz, !surname.mrz.endsWith('<'))) continue;
    if (capitalsName.test(value)) return { value, read: text, agrees: true, bbox: bbox ?? null, place: bbox ?? null, confidence: Math.min(0.6, confidence) };
  }
  return null;
}

/**
 * A name's letters alone, for comparing two readings of one print: marks, spaces and hyphens left out, and the
 * letters OCR's `eng` model has no class for as it reads them (Ð as D, Æ as AE).
 */
export function plainLetters(text: string): string {
  return withoutMarks(text.toUpperCase()).replace(/Ø/g, 'O').replace(/Ð/g, 'D').replace(/Þ/g, 'P').replace(/Æ/g, 'AE').replace(/Œ/g, 'OE').replace(/[^A-Z]/g, '');
}

/**
 * Given names only the print holds (the MRZ had no room for any): nothing checks them, so where both the sparse
 * pass (under the label, else the phrase below the surname) and the sharper re-read of the line give a clean name,
 * they must spell the same letters. Two readings that disagree leave the given names unread, never one of them
 * chosen: the re-read of a soft line can be another row's letters (`ARA IV` for MAŁGORZATA). `seen` says so
 * (`disputed`), for another pass that has only the re-read.
 */
function givenNamesBeyondMrz(
  sharp: string | null | undefined,
  sparse: readonly (readonly NameCandidate[])[],
  orthography: NameOrthography,
  surname: SurnameWitnesses,
  seen: NameSeen,
): ReadName | null {
  const found = sparse.map((candidates) => nameBeyondMrz(candidates, orthography, surname)).filter((f): f is ReadName => f !== null);
  const plain = found[0] ?? null;
  const reread = sharp ? nameBeyondMrz(sharper(sharp, []), orthography, surname) : null;
  // A re-read of a label's row (`NOME GIVE`, `ATE DEXPIRATION`) is none either, but it leaves the sparse pass's
  // reading unchecked: taken only where both its ways to them, under the label and below the surname, read it (a
  // lone `SSS` of small print is not).
  if (sharp != null && reread === null && classifyLabel(sharp) !== null) {
    return plain !== null && found.filter((f) => plainLetters(f.value) === plainLetters(plain.value)).length >= 2 ? plain : null;
  }
  // A re-read that is no clean name still read the print: where it spells the sparse pass's letters and goes on
  // (`OLIVER THOM!` beside `OLIVER THO`, glare over THOMAS), the sparse pass stopped short of the names.
  if (sharp != null && reread === null && plain !== null) {
    const [read, stopped] = [plainLetters(sharp), plainLetters(plain.value)];
    if (read.length > stopped.length && read.startsWith(stopped)) return null;
    // Nor where it saw no letter at all in the place of the sparse pass's T or F, the rest letter for letter (`JIR{`
    // against `JIRT` for JIŘÍ): an I under an acute reads as either, and past a cut MRZ nothing tells which.
    if (junkForStem(sharp, plain.value)) return null;
  }
  // Nor a lone re-read where the sparse pass read the line as no clean name, yet with other letters where both read
  // letters (`JIR[ PIOTR` against a re-read `JIŘÍ ÐIOTR`): nothing checks these names, and the two readings disagree.
  if (reread !== null && plain === null && sparse.some((candidates) => candidates.some((c) => lettersDisagree(reread.value, c.text)))) {
    seen.disputed = true;
    return null;
  }
  if (reread === null || plain === null) return reread ?? plain;
  // The re-read's T or F where the sparse pass read an I is that I too, its acute read as a bar (`JIRT` re-read, `JIRI`
  // in the sparse pass, for JIŘÍ): no reading saw the mark, so the I is answered plain.
  const value = sameLettersOrMarkMisread(reread.value, plain.value) ? reread.value : stemsOfMarkedI(reread.value, plain.value);
  if (value === null) {
    seen.disputed = true;
    return null;
  }
  // The sparse pass's spaces where the re-read ran two words together (`ALEKSANDRJIŘÍ`: a J's hook under the R before).
  return { ...reread, value: withSeparatorsAdded(value, plain.value) };
}

/** A reading's characters, one for one, to set beside another reading's: capitals, marks aside, one space between words. */
const charactersAsRead = (text: string): string[] => [...withoutMarks(text.toUpperCase().replace(/\s+/g, ' ').trim())];

/**
 * Whether two readings of one line, character for character (marks aside, as many characters each), read different
 * letters at a place where both read a letter; an I against a T or F is an I under its acute read as a stem.
 */
export function lettersDisagree(a: string, b: string): boolean {
  const x = charactersAsRead(a).map((c) => plainLetters(c) || c);
  const y = charactersAsRead(b).map((c) => plainLetters(c) || c);
  if (x.length !== y.length) return false;
  const stem = (p: string, q: string): boolean => p === 'I' && (q === 'T' || q === 'F');
  return x.some((c, i) => {
    const d = y[i]!;
    return /^[A-Z]$/.test(c) && /^[A-Z]$/.test(d) && c !== d && !stem(c, d) && !stem(d, c);
  });
}

/**
 * Whether `reread` (a re-read's raw text) has a character that is no letter where `plain` has a T or an F, and
 * `plain`'s characters everywhere else, space for space (marks aside).
 */
export function junkForStem(reread: string, plain: string): boolean {
  const a = charactersAsRead(reread);
  const b = charactersAsRead(plain);
  if (a.length !== b.length) return false;
  let stems = 0;
  for (const [i, c] of a.entries()) {
    if (c === b[i]) continue;
    if (!/[\p{L}\s]/u.test(c) && /^[TF]$/.test(b[i]!)) stems++;
    else return false;
  }
  return stems > 0;
}

/**
 * `reread` with each T or F that `plainer` reads as an I in its place made that I, where the two spell the same
 * letters otherwise (an I read either way stays as the re-read has it); null where they differ in any other letter.
 */
function stemsOfMarkedI(reread: string, plainer: string): string | null {
  const target = plainLetters(plainer);
  let k = 0;
  let out = '';
  for (const c of reread) {
    const letters = plainLetters(c);
    const there = target.slice(k, k + letters.length);
    k += letters.length;
    if (letters === there) out += c;
    else if (/^[TF]$/.test(letters) && there === 'I') out += 'I';
    else if (letters === 'I' && /^[TF]$/.test(there)) out += c;
    else return null;
  }
  return k === target.length ? out : null;
}

/**
 * Whether `other`, a reading of the same line as the one that gave `value` (`beyond` of it past a cut MRZ), spells
 * the same letters up to the cut's last three and then, as far as both go, others there: the two readings part at
 * the cut. A reading that parts earlier is of other print, or misread elsewhere, and says nothing of the cut.
 */
export function disputesAtCut(value: string, beyond: string, other: string): boolean {
  const mine = plainLetters(value);
  const cut = mine.length - plainLetters(beyond).length;
  const theirs = plainLetters(nameCharacters(other));
  const from = Math.max(0, cut - 3);
  if (cut < 4 || theirs.length < cut || theirs.slice(0, from) !== mine.slice(0, from)) return false;
  const upTo = Math.min(mine.length, theirs.length);
  return theirs.slice(from, upTo) !== mine.slice(from, upTo);
}

/**
 * A name's letters as plainLetters gives them, and as OCR's `eng` model also reads a ligature it has no class for: Æ
 * as its A or its E alone (KJÆRSTIN read `KJARSTIN` by a plainer pass), Œ as O or E.
 */
export function ligatureReadings(text: string): string[] {
  const forms = [text, text.replace(/Æ/g, 'A').replace(/Œ/g, 'O'), text.replace(/[ÆŒ]/g, 'E')].map(plainLetters);
  return [...new Set(forms)];
}

/** Two spellings alike as far as both go: one is the other, or stops short of it. */
export function alikeAsFarAsBoth(a: string, b: string): boolean {
  return a.startsWith(b) || b.startsWith(a);
}

/**
 * The letters `longer` spells past the end of `shorter`, where it spells the same letters up to there and goes on in
 * the same word (no separator); null otherwise.
 */
function wordEnd(shorter: string, longer: string): string | null {
  if (/[\s\-]$/.test(shorter)) return null;
  const rest = restPast(shorter, longer);
  return rest !== null && /^\p{Lu}+$/u.test(rest) ? rest : null;
}

/** What `longer` goes on with past the letters of `shorter`, where it spells them first; null otherwise. */
function restPast(shorter: string, longer: string): string | null {
  const letters = plainLetters(shorter);
  if (letters === '' || !plainLetters(longer).startsWith(letters)) return null;
  let count = 0;
  const chars = [...longer];
  let at = 0;
  while (at < chars.length && count < letters.length) count += plainLetters(chars[at++]!).length;
  return count === letters.length ? chars.slice(at).join('') : null;
}

/** Whether `longer` spells the letters of `shorter` and then goes on, past a space or hyphen, with more letters. */
function wordsOnward(shorter: string, longer: string): boolean {
  return /^[\s\-]+\p{Lu}/u.test(restPast(shorter, longer) ?? '');
}

/**
 * `value` with a separator of `other` (the same letters) put in between two of its letters where it has none there;
 * its own separators stay.
 */
function withSeparatorsAdded(value: string, other: string): string {
  const wanted = separatorsByLetters(other);
  let out = '';
  let letters = 0;
  const chars = [...value];
  for (const [i, c] of chars.entries()) {
    const separator = c === ' ' || c === '-';
    const before = chars[i - 1];
    if (!separator && letters > 0 && before !== undefined && before !== ' ' && before !== '-' && wanted.has(letters)) out += wanted.get(letters);
    out += c;
    if (!separator) letters += plainLetters(c).length;
  }
  return out;
}

/** A name's separators (spaces, hyphens), each keyed by how many letters come before it. */
function separatorsByLetters(text: string): Map<number, string> {
  const found = new Map<number, string>();
  let letters = 0;
  for (const c of text) {
    if (c === ' ' || c === '-') found.set(letters, c);
    else letters += plainLetters(c).length;
  }
  return found;
}

/**
 * Whether two readings spell the same letters, where the plainer one may hold a T or an F for an I the sharper one
 * read with its mark (accentMarks: OCR takes an I's acute for a T's bar or an F's hook, JIŘÍ read `JIRT` by every
 * pass, `JIRf` in a slab face; the marks reader saw the bare stem under the mark), or a round letter with ink inside it
 * for an Ø whose stroke the sharper one saw (OCR has no Ø: JØRAN read `JBRAN`; an O is Ø's own plain letter).
 */
function sameLettersOrMarkMisread(marked: string, plainer: string): boolean {
  const target = plainLetters(plainer);
  const letters = [...marked];
  const readAs = (c: string): readonly string[] => (/^[ÍÌÎÏ]$/u.test(c) ? ['T', 'F'] : c === 'Ø' ? ['B', 'D', 'G', 'Q'] : []);
  const at = letters.flatMap((c, i) => (readAs(c).length === 0 ? [] : [i])).slice(0, 3);
  const options = at.map((i) => [letters[i]!, ...readAs(letters[i]!)]);
  // Each such letter as read or as each plainer reading of it: every combination of the (at most three) of them.
  const combinations = options.reduce((n, o) => n * o.length, 1);
  for (let combination = 0; combination < combinations; combination++) {
    const chars = [...letters];
    let rest = combination;
    for (const [k, i] of at.entries()) {
      chars[i] = options[k]![rest % options[k]!.length]!;
      rest = Math.floor(rest / options[k]!.length);
    }
    if (plainLetters(chars.join('')) === target) return true;
  }
  return false;
}

/**
 * The unlabelled phrase printed next below the surname and starting where it starts, where ICAO 9303's zone II puts
 * the given names: for given names the MRZ had no room for when OCR garbled their label (`Nmbs: Hamas`).
 */
function phraseBelow(phrases: readonly Phrase[], surname: BoundingBox | null): NameCandidate[] {
  if (surname === null) return [];
  const height = surname.y1 - surname.y0;
  // Within the next row of label and value (the nationality's is two rows down); nearest first, the garbled label's
  // own words among them (nameBeyondMrz takes only a clean run of capitals). Never under another field's label read
  // below the surname: its value is that field's (`UNITED ARAB EMIRATES` under NATIONALITY, where the given names
  // themselves were read in lower case and their rows stand closer than 3.5 heights).
  const labelsBelow = phrases.filter((p) => p.label !== null && p.label !== 'given_names' && p.bbox.y0 >= surname.y1 - height * 0.3);
  const underOtherLabel = (box: BoundingBox): boolean =>
    labelsBelow.some((l) => (l.bbox.y0 + l.bbox.y1) / 2 < box.y0 && l.bbox.x0 < box.x1 && l.bbox.x1 > box.x0);
  return phrases
    .filter((p) => p.label === null)
    .map((p) => ({ p, box: capitalsBox(p.words) }))
    // Below the surname's row by its middle: texture can make the surname's box run into the next row's top.
    .filter(({ box }) => (box.y0 + box.y1) / 2 >= surname.y1 && box.y0 - surname.y1 <= 3.5 * height && Math.abs(box.x0 - surname.x0) <= 1.5 * height && !underOtherLabel(box))
    .sort((a, b) => a.box.y0 - b.box.y0)
    .map(({ p, box }) => ({ text: p.text, confidence: p.confidence, bbox: box }));
}

/**
 * The part of the name a truncated MRZ cut (null where it cut none): the given names where `<<` ends the surname,
 * else the surname. Past the cut, the print alone holds the name.
 */
export function mrzCutPart(line1: string): 'surname' | 'given_names' | null {
  return !nameMayBeTruncated(line1) ? null : line1.slice(5).includes('<<') ? 'given_names' : 'surname';
}

/** Given names the MRZ had no room for at all, its name cells filled by the surname: the print alone holds them. */
export function givenNamesPastMrz(parse: Pick<Td3Parse, 'lines' | 'fields'>): boolean {
  return parse.fields.name.givenNames === '' && nameMayBeTruncated(parse.lines[0]);
}

/** Second, sharper readings of the name lines (the plugin re-reads them at a higher resolution for accents). */
export interface RefinedNames {
  readonly surname?: string | null;
  readonly givenNames?: string | null;
  /** A pass's re-reads of the lines that a later pass's replaced: still readings of the print past a cut MRZ. */
  readonly earlier?: { readonly surname?: string | null; readonly givenNames?: string | null };
  /**
   * The cut part's line whose words a pass read up to the rectified page's right edge: the page's readings end it
   * there, where the edge may have cut it, and say nothing of where its last word ends.
   */
  readonly atEdge?: { readonly surname?: boolean; readonly givenNames?: boolean };
  /**
   * The cut part's line (or the given names' where the MRZ had no room for any) whose words end where glare begins
   * (endsInGlare): its readings say nothing of its end.
   */
  readonly inGlare?: { readonly surname?: boolean; readonly givenNames?: boolean };
}

export interface NameBoxes {
  readonly surname: BoundingBox | null;
  readonly givenNames: BoundingBox | null;
}

/**
 * Where the printed names are, in the OCR's pixel coordinates: the boxes to read them again more sharply in, and
 * (`words`) the words each was found in, the name's place on the page.
 */
export function locateNames(
  viz: OcrResult,
  mrz: Td3Parse,
): NameBoxes & { readonly words: NameBoxes; readonly twoRows: { readonly surname: TwoRows | null; readonly givenNames: TwoRows | null } } {
  const r = readVizFields(viz, mrz);
  // A name cut short by glare (`EL-SA`) does not reconcile: its label's first value is read again, widened
  // to the right where the rest of it was lost.
  const phrases = phrasesOf(viz);
  const all = labelledValues(phrases);
  const labelValue = (field: VizField): BoundingBox | null => valuesOf(all, field)[0]?.bbox ?? null;
  const underLabel = (field: VizField): BoundingBox | null => {
    const box = labelValue(field);
    if (box === null) return null;
    return { ...box, x1: box.x1 + 10 * Math.max(4, box.y1 - box.y0) };
  };
  // The sparse pass may have lost a name's first letters (`IDE FRIEDERIKE` for `JÜLIDE FRIEDERIKE`): the re-read
  // starts a little to the left of what it found.
  const widened = (box: BoundingBox | null | undefined): BoundingBox | null =>
    box == null ? null : { ...box, x0: Math.max(0, box.x0 - 3 * Math.max(4, box.y1 - box.y0)) };
  // The part a cut MRZ name ends in may go on in print past what the MRZ holds, its last words a phrase apart
  // (`SEO-JUN HIROSHI` and `WEI`): its re-read takes in the phrases that carry on along its row, each starting
  // within two letter heights of the last and read as capitals alone; a label, or anything else (a portrait's
  // edge read as `[otis`), ends the row. The surname is the cut part only where no `<<` ends it.
  const cutPart = mrzCutPart(mrz.lines[0]);
  const onward = (box: BoundingBox | null | undefined, field: 'surname' | 'given_names'): BoundingBox | null | undefined => {
    if (box == null || field !== cutPart) return box;
    const h = box.y1 - box.y0;
    const centre = (b: BoundingBox): number => (b.y0 + b.y1) / 2;
    const along = phrases.filter((p) => p.bbox.x0 >= box.x1 - h * 0.5 && centre(p.bbox) >= box.y0 && centre(p.bbox) <= box.y1).sort((a, b) => a.bbox.x0 - b.bbox.x0);
    let x1 = box.x1;
    for (const p of along) {
      if (p.label !== null || p.bbox.x0 - x1 > h * 2 || !/^\p{Lu}[\p{Lu}'’\- ]*$/u.test(p.text.trim())) break;
      x1 = Math.max(x1, p.bbox.x1);
    }
    return { ...box, x1 };
  };
  // A name found by its printed start alone (`MATTHIAS` where texture broke up JÜRGEN) runs on past it: its re-read
  // reaches as far as the MRZ's letters at the read letters' pitch. A name read whole keeps its box: a crop run on
  // past it reads other print, or the same print otherwise.
  const whole = (found: ReadName | null, mrzPart: string): BoundingBox | null | undefined => {
    const box = found?.bbox;
    const read = found?.read?.trim().length ?? 0;
    if (box == null || found?.startOnly !== true || read < 3 || mrzPart.length <= read) return box;
    const pitch = (box.x1 - box.x0) / read;
    return { ...box, x1: Math.max(box.x1, Math.round(box.x0 + pitch * Math.min(mrzPart.length, read * 4))) };
  };
  const surnameBox = whole(r.surname, mrz.fields.name.surname);
  const givenBox = whole(r.givenNames, mrz.fields.name.givenNames);
  // A name of two or more words may be printed on two rows (two surnames one under the other): its rows, each to
  // be read on its own where the one line read does not give the whole name.
  const rowsOf = (box: BoundingBox | null | undefined, field: VizField): TwoRows | null => {
    const from = box ?? labelValue(field);
    return from === null ? null : runOnRows(from, phrases);
  };
  // A name whose label glare washed, read too unlike the MRZ's to be taken (`OZLE` for ÖZLEM, its M lost): the
  // phrase nearest the MRZ's letters is where it is re-read. Only a place to look: the re-read must agree.
  const nearMrz = (part: string, field: 'surname' | 'given_names'): BoundingBox | null => {
    if (part === '') return null;
    const name = part.replace(/ /g, '<');
    // The alignment must cost less than the letters the MRZ part holds: a part glare left one letter of places no
    // phrase, as any word holding that letter is as near.
    const letters = name.replace(/</g, '').length;
    // Past a cut the print goes on, so its letters there cost nothing: a short phrase is not nearer for stopping
    // sooner (a date's `/MAR 2023` for the cut given names `MA`, beside MARTIN ALVARO). Any phrase starting with a
    // cut part's few letters agrees, so cut given names are looked for only where zone II puts given names the MRZ
    // has no room for (phraseBelow), nearest first, and nowhere where the surname was not placed.
    const cut = field === cutPart;
    const agreeing = (text: string): number | null => {
      const chars = nameCharacters(text);
      // A phrase holding a number is a date's or a number's, never a name's.
      if (/\d/.test(chars) || chars.replace(/[^\p{L}]/gu, '').length < 3) return null;
      const { cost } = reconcileName(chars, name, cut);
      return cost <= Math.max(2, name.length / 3) && cost < letters ? cost : null;
    };
    if (cut && field === 'given_names') return widened(phraseBelow(phrases, r.surname?.place ?? null).find((c) => agreeing(c.text) !== null)?.bbox);
    let best: { cost: number; box: BoundingBox } | null = null;
    for (const p of phrases) {
      const cost = p.label === null ? agreeing(p.text) : null;
      if (cost !== null && (best === null || cost < best.cost)) best = { cost, box: capitalsBox(p.words) };
    }
    return widened(best?.box);
  };
  return {
    surname: widened(onward(surnameBox, 'surname')) ?? underLabel('surname') ?? nearMrz(mrz.fields.name.surname, 'surname'),
    givenNames: widened(onward(givenBox, 'given_names')) ?? underLabel('given_names') ?? nearMrz(mrz.fields.name.givenNames, 'given_names'),
    words: { surname: r.surname?.place ?? labelValue('surname'), givenNames: r.givenNames?.place ?? labelValue('given_names') },
    twoRows: { surname: rowsOf(surnameBox, 'surname'), givenNames: rowsOf(givenBox, 'given_names') },
  };
}

/** Two candidates read from one or more of the same OCR words: one reading, whatever phrases it was cut into. */
function sharesWords(a: NameCandidate, b: NameCandidate): boolean {
  const mine = a.words;
  return mine !== undefined && b.words !== undefined && b.words.some((w) => mine.includes(w));
}

/** A sharper re-reading of a name goes first; it carries accents the first pass at low resolution loses. */
function sharper(text: string | null | undefined, labelled: NameCandidate[]): NameCandidate[] {
  return text ? [{ text, confidence: 0.9, marksSeen: true }, ...labelled] : labelled;
}

function datesIn(texts: readonly { text: string }[]): PrintedDate[] {
  return texts.flatMap((t) => parsePrintedDates(t.text));
}

/**
 * The box of the words a date was read from in its phrase: from the word its match starts in, as few words as spell
 * the same date again. A label's phrase may carry its date beside it ("Date of issue 12 JAN 2015"); the label's words
 * are not the date's place.
 */
export function dateWordsBox(phrase: Phrase, date: PrintedDate): BoundingBox {
  const options = { guessMonths: date.monthGuessed === true || date.monthUnread === true, yearFirstRuns: date.yearFirstRunTogether === true };
  let offset = 0;
  let first = phrase.words.length - 1;
  for (const [i, w] of phrase.words.entries()) {
    if (date.index < offset + w.text.length + 1) {
      first = i;
      break;
    }
    offset += w.text.length + 1;
  }
  for (let end = first + 1; end <= phrase.words.length; end++) {
    const words = phrase.words.slice(first, end);
    const again = parsePrintedDates(words.map((w) => w.text).join(' '), options);
    if (again.some((d) => d.digits === date.digits && d.month === date.month)) return capitalsBox(words);
  }
  return phrase.bbox;
}

/**
 * The dates in `phrases`, each with the box of the words it was read from (`forIssue`: the date of issue's, with
 * months guessed and year-first runs read, both flagged).
 */
function datesAt(phrases: readonly Phrase[], forIssue = false): { date: PrintedDate; bbox: BoundingBox }[] {
  const options = { guessMonths: forIssue, yearFirstRuns: forIssue };
  return phrases.flatMap((p) => parsePrintedDates(p.text, options).map((date) => ({ date, bbox: dateWordsBox(p, date) })));
}

/**
 * A date field's printed dates: its value phrases' in turn, and within one phrase the date that starts nearest the
 * label's start first. A row of values OCR read as one phrase (`21 FEB 2019 20 FEB 2024 DFA DUBLIN` under labels of
 * issue, expiry and authority side by side) is every one of those labels' value, its neighbours' dates too.
 */
function labelledDates(all: readonly LabelledValue[], field: VizField): PrintedDate[] {
  const fromLabel = (lv: LabelledValue, box: BoundingBox): number => Math.abs(box.x0 - lv.label.bbox.x0);
  return all
    .filter((lv) => lv.field === field)
    .flatMap((lv) => lv.values.flatMap((p) => datesAt([p]).sort((a, b) => fromLabel(lv, a.bbox) - fromLabel(lv, b.bbox)).map((found) => found.date)));
}

/** A printed date resolved against a year window; the first that resolves wins. */
function printedIso(dates: readonly PrintedDate[], fromYear: number, toYear: number): string | null {
  for (const d of dates) {
    if (!d.valid) continue;
    const year = d.yearDigits === 4 ? d.year : resolveTwoDigitYear(d.year, fromYear, toYear);
    const iso = year === null ? null : isoOf(year, d.month, d.day);
    if (iso !== null) return iso;
  }
  return null;
}

/**
 * An expiry no label and no MRZ reading places (an MRZ expiry that fails its check, its label in a language not
 * listed): the one later date of the page that another date of it was issued for, 5 or 10 years less a day or to the
 * day. Only a copy to be proven by the MRZ's check digits (printedFieldMend.ts); null unless exactly one date pairs.
 */
function expiryByValidityRule(dates: readonly PrintedDate[], years: readonly [number, number]): string | null {
  const isos = [...new Set(dates.map((d) => printedIso([d], ...years)).filter((iso): iso is string => iso !== null))];
  const paired = isos.filter((expiry) => typicalIssueDates(expiry).some((issue) => isos.includes(issue)));
  return paired.length === 1 ? paired[0]! : null;
}

/**
 * The MRZ's date of birth as the page prints it with a four-digit year, when that settles a century the MRZ's two
 * digits leave open (11.11.1911 and 11.11.2011 are both past). Under its label first; elsewhere on the page only
 * when every four-digit date spelling the MRZ's day, month and two-digit year has the same century. Null otherwise.
 */
export function printedBirthInFull(viz: OcrResult, mrz: Td3Parse): string | null {
  const raw = mrz.fields.dateOfBirth.raw;
  if (!/^\d{6}$/.test(raw)) return null;
  const phrases = phrasesOf(viz);
  const spelling = (dates: readonly PrintedDate[]): string[] => [
    ...new Set(
      dates
        .filter((d) => d.valid && d.yearDigits === 4 && mrzDigitsOf(d) === raw)
        .map((d) => isoOf(d.year, d.month, d.day))
        .filter((iso): iso is string => iso !== null),
    ),
  ];
  const all = labelledValues(phrases);
  const labelled = spelling(datesIn([...valuesOf(all, 'date_of_birth'), ...all.filter((lv) => lv.field === 'date_of_birth').map((lv) => lv.label)]));
  if (labelled.length === 1) return labelled[0]!;
  const anywhere = spelling(datesIn(phrases));
  if (anywhere.length > 0) return anywhere.length === 1 ? anywhere[0]! : null;
  // A day or month read with an `i` for a 1 (`i1.11.1911`): the MRZ fixes both, and only the year, read as digits,
  // chooses the century.
  const lenient = spelling(
    phrases.flatMap((p) => parsePrintedDates(withDateDigits(p.text)).filter((d) => d.yearDigits === 4 && p.text.includes(String(d.year)))),
  );
  return lenient.length === 1 ? lenient[0]! : null;
}

/**
 * `text` with a lowercase `i` next to a date's digits or separators read as 1 (`i1.11.1911`): parsePrintedDates reads
 * the other look-alikes (`I l | O o`) as digits itself, but not this one, which words are full of.
 */
function withDateDigits(text: string): string {
  return text.replace(/(?<=[0-9./-])i|i(?=[0-9./-])/g, '1');
}

export type VizFieldsRead = VizReading & {
  readonly surname: ReadName | null;
  readonly givenNames: ReadName | null;
  /** The cut part a reading of this pass carries on past where the part's chosen reading ends (readName's `goesOn`). */
  readonly goesOn: { readonly surname: boolean; readonly givenNames: boolean };
  /** The part this pass's readings spelled otherwise past a cut MRZ, so it left it unread (readName's `disputed`). */
  readonly disputed: { readonly surname: boolean; readonly givenNames: boolean };
};

/**
 * reconcileName kept for one pass's reading as long as that reading lives: each readVizFields call on it (other
 * names refined, the MRZ mended) reconciles mostly the same phrases with the same MRZ names again.
 */
const reconciledMemo = new WeakMap<OcrResult, Map<string, NameReconciliation | null>>();
interface Reconciler {
  readonly whole: typeof reconcileName;
  readonly ifAgrees: typeof reconcileNameIfAgrees;
}
function reconcilerFor(viz: OcrResult): Reconciler {
  const memo = reconciledMemo.get(viz) ?? new Map<string, NameReconciliation | null>();
  reconciledMemo.set(viz, memo);
  const remembered = <R extends NameReconciliation | null>(how: (...args: Parameters<typeof reconcileName>) => R, name: string) =>
    (...args: Parameters<typeof reconcileName>): R => {
      const [ocrText, mrzName, ...flags] = args;
      const key = `${name}\u0000${ocrText}\u0000${mrzName}\u0000${flags.map((f) => (f === true ? 1 : 0)).join('')}`;
      if (memo.has(key)) return memo.get(key) as R;
      const found = how(...args);
      memo.set(key, found);
      return found;
    };
  return { whole: remembered(reconcileName, 'whole'), ifAgrees: remembered(reconcileNameIfAgrees, 'ifAgrees') };
}

/** Readings already made of one OCR result, per MRZ parse and names: several stages ask for the same page's. */
const readingsMemo = new WeakMap<OcrResult, WeakMap<Td3Parse, Map<string, VizFieldsRead>>>();

export function readVizFields(viz: OcrResult, mrz: Td3Parse, refined: RefinedNames = {}, now: Date | null = null): VizFieldsRead {
  const byParse = readingsMemo.get(viz) ?? new WeakMap<Td3Parse, Map<string, VizFieldsRead>>();
  readingsMemo.set(viz, byParse);
  const byArguments = byParse.get(mrz) ?? new Map<string, VizFieldsRead>();
  byParse.set(mrz, byArguments);
  const key = JSON.stringify([refined.surname ?? null, refined.givenNames ?? null, refined.earlier ?? null, refined.atEdge ?? null, now?.getTime() ?? null]);
  const known = byArguments.get(key);
  if (known !== undefined) return known;
  const read = vizFieldsOf(viz, mrz, refined, now);
  byArguments.set(key, read);
  return read;
}

function vizFieldsOf(viz: OcrResult, mrz: Td3Parse, refined: RefinedNames, now: Date | null): VizFieldsRead {
  const phrases = phrasesOf(viz);
  const all = labelledValues(phrases);
  const f = mrz.fields;
  const truncated = nameMayBeTruncated(mrz.lines[0]);
  // A cut name whose last cell is a filler after a letter: its last MRZ word is whole, and what the print has past it
  // is another word (the filler ends the name part reconcileName aligns, and it keeps the word apart).
  const cutAfterWord = truncated && /[A-Z]<$/.test(mrz.lines[0]) ? '<' : '';
  const givenMrz = f.name.givenNames.replace(/ /g, '<') + (f.name.givenNames === '' ? '' : cutAfterWord);
  const surnameMrz = f.name.surname.replace(/ /g, '<') + (f.name.givenNames === '' ? cutAfterWord : '');

  // Labels also carry text beside them inside their own phrase ("Date of issue 12 JAN 2015").
  const labelTails = (field: VizField): { text: string; confidence: number }[] =>
    all.filter((lv) => lv.field === field).map((lv) => ({ text: lv.label.text, confidence: lv.label.confidence }));

  const birth = f.dateOfBirth.value;
  const expiry = f.expiryDate.value;
  const issueLabels = all.filter((lv) => lv.field === 'issue_date');
  const issueLabelled = [...issueLabels.flatMap((lv) => lv.values), ...issueLabels.map((lv) => lv.label)];
  // A month word misread a letter off (`19 NOW NOW 16`), or a year-first date run together (`20190201`), counts for
  // the date of issue only where that gives the 5/10-year rule's date exactly (readIssueDate).
  const alone = datesAt(phrases, true);
  // Dates only a row's phrases read together spell, none of them alone (`01` beside `01 2015`).
  const joined = datesAt(rowRuns(phrases).map(joinedRun), true).filter(({ date }) => !alone.some((a) => a.date.digits === date.digits));
  const candidates: IssueDateCandidate[] = [
    ...datesAt(issueLabelled, true).map((found) => ({ ...found, labelled: true })),
    ...issueLabelled.flatMap((p) => cutYearDates(p.text).map((date) => ({ date, bbox: p.bbox, labelled: true }))),
    ...alone.map((found) => ({ ...found, labelled: false })),
    ...joined.map((found) => ({ ...found, labelled: false, joined: true })),
  ];

  const birthYear = birth ? Number(birth.slice(0, 4)) : 1900;
  const expiryYear = expiry ? Number(expiry.slice(0, 4)) : 2100;
  // Where the MRZ's date is unread (glare washed its cells), its printed copy's two-digit year is placed by the day of
  // reading, not by the MRZ's: a birth in the 120 years before it, an expiry up to 60 years before it or 15 after.
  const thisYear = now === null ? null : now.getUTCFullYear();
  const birthYears: readonly [number, number] =
    birth || thisYear === null ? [birthYear - 100, birthYear + 1] : [thisYear - 120, thisYear];
  const expiryYears: readonly [number, number] =
    expiry || thisYear === null ? [expiryYear - 20, expiryYear + 20] : [thisYear - 60, thisYear + 15];
  const numberText = valuesOf(all, 'passport_number').map((v) => v.text.replace(/[^A-Za-z0-9]/g, '').toUpperCase());
  const mrzNumber = f.documentNumber.value;
  const sexText = valuesOf(all, 'sex')
    .map((v) => v.text.toUpperCase().match(/(?<![A-Z])[MFX](?![A-Z])/)?.[0])
    .find((s) => s !== undefined);
  const issuingState = valuesOf(all, 'issuing_state')
    .map((v) => v.text.toUpperCase().replace(/[^A-Z]/g, ''))
    .find((code) => code.length >= 1 && code.length <= 3 && isKnownCountryField(code));
  const documentType = valuesOf(all, 'document_type')
    .map((v) => v.text.toUpperCase().replace(/[^A-Z]/g, ''))
    .find((type) => /^P[A-Z]?$/.test(type));
  const nationality = valuesOf(all, 'nationality')
    .map((v) => nationalityCode(v.text))
    .find((c) => c !== null);

  // Without a readable label, a printed copy of an MRZ value found anywhere on the page still counts as read.
  const allDates = datesIn(phrases);
  const printedAnywhere = (iso: string | null, fromYear: number, toYear: number): string | null =>
    iso !== null && allDates.some((d) => printedIso([d], fromYear, toYear) === iso) ? iso : null;
  const numberAnywhere = phrases.some((p) => p.text.replace(/[^A-Za-z0-9]/g, '').toUpperCase() === mrzNumber) ? mrzNumber : null;

  const orthography = orthographyOf([mrz.fields.issuingState.value, mrz.fields.nationality.value], mrz.fields.name.raw);
  const reconcile = reconcilerFor(viz);
  const surnameSeen: NameSeen = { goesOn: false };
  const givenSeen: NameSeen = { goesOn: false };
  // A surname the MRZ ends with its separator is whole, though no given name found room after it.
  const surnamePart: NamePart = { mrzName: surnameMrz, truncated: mrzCutPart(mrz.lines[0]) === 'surname', orthography, reconcile };
  const surname = readName(sharper(refined.surname, nameValuesOf(all, 'surname')), phrases, surnamePart, {
    earlier: refined.earlier?.surname ?? null,
    endsAtEdge: refined.atEdge?.surname === true,
    seen: surnameSeen,
  });
  // A surname taken from its sharper re-read has no place on the page: the sparse pass's reading of it gives one.
  const surnamePlace = (): BoundingBox | null =>
    surname?.place ?? (refined.surname ? (readName(nameValuesOf(all, 'surname'), phrases, surnamePart)?.place ?? null) : null);
  const issue = readIssueDate(candidates, birth, expiry, now === null ? null : now.toISOString().slice(0, 10));
  return {
    surname,
    givenNames:
      truncated && givenMrz === ''
        ? givenNamesBeyondMrz(refined.givenNames, [nameValuesOf(all, 'given_names'), phraseBelow(phrases, surnamePlace())], orthography, { read: surname?.value ?? null, mrz: surnameMrz }, givenSeen)
        : readName(sharper(refined.givenNames, nameValuesOf(all, 'given_names')), phrases, { mrzName: givenMrz, truncated, orthography, reconcile }, {
            taken: surnamePlace(),
            earlier: refined.earlier?.givenNames ?? null,
            endsAtEdge: refined.atEdge?.givenNames === true,
            seen: givenSeen,
          }),
    goesOn: { surname: surnameSeen.goesOn, givenNames: givenSeen.goesOn },
    disputed: { surname: surnameSeen.disputed === true, givenNames: givenSeen.disputed === true },
    issueDate: issue.choice,
    issueRuleDates: issue.ruleDates,
    printed: {
      passportNumber: numberText.find((t) => t === mrzNumber) ?? numberAnywhere ?? numberText.find((t) => t.length >= 6) ?? null,
      dateOfBirth:
        printedIso([...labelledDates(all, 'date_of_birth'), ...datesIn(labelTails('date_of_birth'))], ...birthYears) ??
        printedAnywhere(birth, ...birthYears),
      expiryDate:
        printedIso([...labelledDates(all, 'expiry_date'), ...datesIn(labelTails('expiry_date'))], ...expiryYears) ??
        printedAnywhere(expiry, ...expiryYears) ??
        (mrz.checks.expiry_date ? null : expiryByValidityRule(allDates, expiryYears)),
      sex: sexText ?? null,
      nationality: nationality ?? null,
      issuingState: issuingState ?? null,
      documentType: documentType ?? null,
      countryCodes: [
        ...new Set(
          phrases.flatMap((p) => p.words.map((w) => w.text.replace(/[^A-Za-z]/g, ''))).filter((t) => /^[A-Z]{3}$/.test(t) && isKnownCountryField(t)),
        ),
      ],
    },
  };
}
