/**
 * The decode stage, pure: the MRZ reading reconciled with the printed page (names mended from print, fields the
 * print proves, cells glare washed out filled where the print spells them), gated by td3HoldsTogether, and
 * assembled into the answer with each field's geometry.
 */
import type { BoundingBox } from '../../../core/ocr/types.ts';
import type { PluginContext } from '../../../core/plugins/types.ts';
import { sureCell } from '../../../core/mrz/readCellGrid.ts';
import { passportGeometry, type PrintedBox } from '../fieldGeometry.ts';
import { readLastPageFields } from '../lastPage/lastPageFields.ts';
import { lastPageGeometry } from '../lastPage/lastPageFrame.ts';
import { withBirthBeforeIssue, withPrintedBirthCentury } from '../mrz/index.ts';
import { lineTwoCellSure, lineTwoProvenAsRead, td3HoldsTogether } from '../mrz/mrzPlausibility.ts';
import { verdictForDoubt } from '../refusal.ts';
import type { PassportResult } from '../result.ts';
import type { Readings } from '../stages.ts';
import { orthographyOf } from '../viz/nameOrthography.ts';
import { hyphensSeen, nameCharacters, printedMrzName, quoteForApostrophe, thornInDoubtPastCut } from '../viz/printedName.ts';
import { letterWitnessPxPerMm, vizAgainPxPerMm, vizPxPerMm } from '../viz/readPrintedPage.ts';
import { alikeAsFarAsBoth, apostropheAgainstSeparator, givenNamesPastMrz, labelledNameTexts, ligatureReadings, mrzCutPart, plainLetters, printedBirthInFull, readVizFields, type VizFieldsRead } from '../viz/vizFields.ts';
import { phrasesOf, rowsUnder, stackedValues } from '../viz/vizLayout.ts';
import { inkDateTaken, rivalRuleDates, settleAtypical, weakIssueDate } from '../viz/issueDateChoice.ts';
import { decodePassport, surnameCellTest } from './decodePassport.ts';
import { codeCellsInDoubt } from './codeDoubts.ts';
import { checkedCopiesOf, countriesFromPrint, mendFieldsFromPrint, numberCellsInDoubt, optionalDataCellsInDoubt, printConflicts, rivalRepairCells, sexFromPrint } from './printedFieldMend.ts';
import { brokenNameCells, doubtedNameCells, mendNameFromPrint, printMayOverrule } from './printedNameMend.ts';
import { agreeingNameCopy, fillWashedFromPrint, issuingStateBesideNationality, optionalDataWithheldCells, unconfirmedWashedCells, washedCellsInDoubt, washedInGivenNames, type PrintedUncheckedFields } from './washedCells.ts';

/**
 * The printed fields no check digit covers, as either pass read them (the first pass first): the sharper pass, made
 * when the first missed something, may be the one that read the state's code under its small label.
 */
export function uncheckedOf(first: Pick<VizFieldsRead, 'printed'>, second: Pick<VizFieldsRead, 'printed'> | null): Omit<PrintedUncheckedFields, 'mrzName'> {
  const a = first.printed;
  const b = second?.printed;
  return {
    issuingState: a.issuingState ?? b?.issuingState ?? null,
    documentType: printedType(a.documentType, b?.documentType ?? null),
    nationality: a.nationality ?? b?.nationality ?? null,
    sex: a.sex ?? b?.sex ?? null,
  };
}

/**
 * The printed type as two passes read it. Its second letter fills a washed cell no check digit covers: passes that
 * read it apart (`Pp` for P beside `p`) leave it unread, and one pass alone gives only a lone P: a second letter one
 * pass read is no more than OCR doubling the P (`PP` beside a type label).
 */
function printedType(a: string | null, b: string | null): string | null {
  if (a !== null && b !== null) return a === b ? a : null;
  const one = a ?? b;
  return one === 'P' ? one : null;
}

/**
 * A reading of a name up to the first mark no name holds: texture OCR read beside a name comes with such marks
 * (`FATMA" TU`), and what follows one is not the name's. A double quote read for an apostrophe (`0"BRIEN`) stays.
 */
export function untilTexture(read: string): string {
  const text = read.replace(quoteForApostrophe, "'");
  const start = text.search(/\p{L}/u);
  if (start < 0) return text;
  // What nameCharacters reads as a letter or a separator (a zero as O, `=` as a hyphen) is no such mark.
  const cut = text.slice(start).search(/[^\p{L}\s'’\-‐‑‒–—―0@=~]/u);
  return cut < 0 ? text : text.slice(0, start + cut);
}

/** One reading of a printed name part as printed (letters, spaces, hyphens, apostrophes), or null when it is not one. */
function asPrintedName(read: string): string | null {
  const text = nameCharacters(untilTexture(read));
  return /^\p{Lu}[\p{Lu}'’\- ]*\p{Lu}$/u.test(text) ? text : null;
}

/**
 * Whether a reading stops at a stroke glued to its last letter (`BRZECZYSZCZYKIE!`, glare over WICZ): what OCR made
 * of letters it could not read, so the word may go on there. A quote or a dot sits off a letter's body: texture.
 */
export function endsAtStroke(read: string): boolean {
  const kept = untilTexture(read);
  return kept.length < read.length && /\p{L}$/u.test(kept) && /^[!|\\/\[\](){}1-9]/u.test(read.slice(kept.length));
}

/**
 * The 5/10-year rule's dates the ink page read where it was read for a name only: the issue date is not taken from
 * it, but a rule date it read is as much a reading of the print as another pass's (`16 MAR 26` there, where two
 * passes read `15 MAR 26`, a day's 6 misread as 5).
 */
function inkForNamesRuleDates(readings: Readings, parse: Readings['located']['parse'], refined: Readings['refined'], now: Date | null): readonly string[] {
  const ink = readings.vizInkForNames;
  return ink == null ? [] : (readVizFields(ink, parse, refined, now).issueRuleDates ?? []);
}

/**
 * The hyphens every reading of the print shows between the MRZ name parts' words (hyphensSeen): each pass's phrases,
 * the name lines' re-reads, and the earlier pass's. For a part not read whole, answered with the MRZ's letters.
 */
function hyphensRead(readings: Readings, parse: Readings['located']['parse']): { surname: number[]; givenNames: number[] } {
  const { viz, vizSharper, refined } = readings;
  const texts = [
    ...[viz, vizSharper, readings.vizInk ?? null].flatMap((ocr) => (ocr === null ? [] : phrasesOf(ocr).map((p) => p.text))),
    ...[refined.surname, refined.givenNames, refined.earlier?.surname, refined.earlier?.givenNames].filter((t): t is string => t != null),
  ];
  return { surname: hyphensSeen(parse.fields.name.surname, texts), givenNames: hyphensSeen(parse.fields.name.givenNames, texts) };
}

export function decodeReadings(readings: Readings, ctx: PluginContext): PassportResult {
  const { reading } = readings.located;
  const { viz, vizSharper, refined } = readings;
  const firstTexts = labelledNameTexts(viz);
  const sharperTexts = vizSharper === null ? { surname: [], givenNames: [] } : labelledNameTexts(vizSharper);
  // The sharper re-read of a name line comes first; where there is none, the sparse passes' reading under its label
  // (the others corroborate it). Every reading of the print is Tesseract's, independent of the MRZ's recogniser.
  const firstOf = (sharp: string | null | undefined, labelled: readonly string[]): { text: string | null; others: string[] } =>
    sharp != null ? { text: sharp, others: [...labelled] } : { text: labelled[0] ?? null, others: labelled.slice(1) };
  const surnameRead = firstOf(refined.surname, [...firstTexts.surname, ...sharperTexts.surname]);
  const givenRead = firstOf(refined.givenNames, [...firstTexts.givenNames, ...sharperTexts.givenNames]);
  // Name letters the MRZ's three classifiers read alike, the CNN surely: the print neither overrules nor doubts them.
  // Letters only: a filler the print shows is a letter (a K read `<`) moves where a name part ends, which no cell
  // count above measured.
  const lineOneUnanimous = reading.unanimous?.[0]?.map((p, i) => p !== null && p >= sureCell && /^[A-Z]$/.test(reading.lines[0]?.[i] ?? ''));
  const lettersLegible = (reading.page?.sourcePxPerMm ?? Number.POSITIVE_INFINITY) >= letterWitnessPxPerMm;
  const named = !lettersLegible ? readings.located.parse : mendNameFromPrint(
    readings.located.parse,
    reading.charConfidence[0] ?? [],
    { surname: surnameRead.text, givenNames: givenRead.text },
    {
      now: ctx.now,
      otherReadings: { surname: surnameRead.others, givenNames: givenRead.others },
      ...(reading.second?.[0] === undefined ? {} : { line1Second: reading.second[0] }),
      ...(reading.washed[0] === undefined ? {} : { line1Washed: reading.washed[0] }),
      ...(lineOneUnanimous === undefined ? {} : { line1Unanimous: lineOneUnanimous }),
      // Every pass's, the ink pass's too: it reads personalised ink alone, so names without the texture behind them.
      stacked: [viz, vizSharper, readings.vizInk ?? null].flatMap((ocr) =>
        ocr === null ? [] : stackedValues(phrasesOf(ocr)).map((s) => ({ first: s.first.text, joined: s.joined.text })),
      ),
      rowPairs: [viz, vizSharper, readings.vizInk ?? null].flatMap((ocr) =>
        ocr === null ? [] : rowsUnder(phrasesOf(ocr)).map((r) => ({ upper: r.upper.text, lower: r.lower.text })),
      ),
    },
  );
  const printedFirst = readVizFields(viz, named, refined, ctx.now);
  const sharperFirst = vizSharper === null ? null : readVizFields(vizSharper, named, refined, ctx.now);
  const fieldsMended = mendFieldsFromPrint(named, printedFirst.printed, {
    now: ctx.now,
    washed: reading.washed[1],
    corroborating: sharperFirst?.printed ?? null,
    confidence: reading.charConfidence[1] ?? [],
    ...(reading.second?.[1] === undefined ? {} : { second: reading.second[1] }),
  });
  // Country codes the MRZ read as no country's, from the codes the page prints (either pass).
  const printedCodes = {
    ...uncheckedOf(printedFirst, sharperFirst),
    countryCodes: [...new Set([...printedFirst.printed.countryCodes, ...(sharperFirst?.printed.countryCodes ?? [])])],
  };
  const mended = sexFromPrint(countriesFromPrint(fieldsMended, printedCodes, ctx.now), [printedFirst.printed.sex, sharperFirst?.printed.sex], ctx.now);
  // Names as printed, for MRZ name cells glare washed out. The names as reconciled with the MRZ take the MRZ's
  // letter wherever the print differs, the classifier's guesses in washed cells too, which would then confirm
  // themselves (BRG for a washed BRAM): where glare washed name cells, the print as read comes first, each reading
  // of it in turn (the re-read line, then the sparse passes: one lost the space in DE JONG). A reading fills washed
  // cells only if it spells every readable cell of the name (fillWashedFromPrint); a name part the MRZ lost to glare
  // has no MRZ text to be reconciled with, so it is taken as read under its label.
  // A washed issuing state no label's copy fills: the nationality's code the page prints, one reading in doubt.
  const besideNationality = issuingStateBesideNationality(mended, reading.washed, printedCodes);
  const lineOneWashed = reading.washed[0]?.some(Boolean) === true;
  const nameCellsWashed = reading.washed[0]?.slice(5).some(Boolean) === true;
  // Readings that stop at a stroke glued to a letter (endsAtStroke): the part may go on past what they spell.
  const open = { surname: new Set<string>(), givenNames: new Set<string>() };
  const readingsOf = (part: 'surname' | 'givenNames', sharp: string | null | undefined, labelled: readonly string[]): string[] => {
    const all = [sharp, ...labelled].flatMap((t) => {
      const text = t == null ? null : asPrintedName(t);
      if (text !== null && endsAtStroke(t!)) open[part].add(text);
      return text === null ? [] : [text];
    });
    return [...new Set(all)];
  };
  const asRead = {
    surname: lineOneWashed ? readingsOf('surname', refined.surname, [...firstTexts.surname, ...sharperTexts.surname]) : [],
    givenNames: lineOneWashed ? readingsOf('givenNames', refined.givenNames, [...firstTexts.givenNames, ...sharperTexts.givenNames]) : [],
  };
  const reconciled = { surname: printedFirst.surname?.value ?? null, givenNames: printedFirst.givenNames?.value ?? null };
  const choices = (part: 'surname' | 'givenNames'): (string | null)[] => {
    const list = nameCellsWashed ? [...asRead[part], reconciled[part]] : [reconciled[part] ?? asRead[part][0] ?? null];
    const present = list.filter((t) => t !== null);
    return present.length === 0 ? [null] : [...new Set(present)];
  };
  // A name letter whose one dissent was outvoted (readCellGrid's outvotedDissent) is as sure as its reader says.
  const nameConfidence = (reading.charConfidence[0] ?? []).map((c, i) => reading.outvoted?.[0]?.[i] ?? c);
  const nameCellDoubted = (cell: number, letter: string): boolean => printMayOverrule(cell, letter, nameConfidence, reading.second?.[0]);
  const filled = choices('surname').flatMap((surname) =>
    choices('givenNames').map((given) => {
      // Print under letterWitnessPxPerMm changes no MRZ letter: it fills no washed name cell either (HANNAN for HANNAH).
      // A surname that may go on places no given names after it.
      const surnameOpen = surname !== null && open.surname.has(surname);
      const mrzName = lettersLegible ? printedMrzName(surname, surnameOpen ? null : given) : null;
      const copyOpen = surnameOpen || (given !== null && open.givenNames.has(given));
      // A part copied from the line's sharper re-read, whose marks were looked at: its plain letters are plain.
      const fromReread = (text: string | null, reread: string | null | undefined): boolean => text !== null && reread != null && asPrintedName(reread) === text;
      const marksSeen = { surname: fromReread(surname, refined.surname), givenNames: fromReread(given, refined.givenNames) };
      // A part only as reconciled carries the classifier's guesses for washed cells: no reading of the print spells it.
      const reconciledOnly = (part: 'surname' | 'givenNames', text: string | null): boolean => text !== null && !asRead[part].includes(text);
      return {
        mrzName,
        open: copyOpen,
        marksSeen,
        reconciledOnly: reconciledOnly('surname', surname) || reconciledOnly('givenNames', given),
        parse: fillWashedFromPrint(
          mended,
          reading.washed,
          { ...printedCodes, issuingState: printedCodes.issuingState ?? besideNationality?.code ?? null, mrzName, mrzNameOpen: copyOpen, mrzNameMarksSeen: marksSeen },
          ctx.now,
          nameCellDoubted,
        ),
      };
    }),
  );
  const nameFills = (p: typeof mended): number => p.repairs.filter((r) => r.field === 'name' && r.reason === 'washed_out').length;
  // Each copy's name cells, where it spells every readable one (agreeingNameCopy), worked out once.
  const copies = new Map(filled.map((f) => [f, f.mrzName === null ? null : agreeingNameCopy(f.mrzName, f.parse.lines[0], reading.washed[0], f.open, f.marksSeen)]));
  // The washed name cells a copy that filled any spells, those it changed and those whose letter the classifier already
  // read as it does: one filling a cell more by changing a washed cell's right guess (`MWANGT`, the I read) is no
  // fuller a copy. A filler guessed there is what glare leaves any blank cell, and confirms nothing (`BJORN<` for BJÖRN).
  // The washed name cells, fillers aside, that `copy` spells as `line` holds them (and as `asRead` does, where given).
  const washedSpelled = (copy: string, line: string, asRead?: string): number =>
    [...copy].filter((c, k) => reading.washed[0]?.[5 + k] === true && c !== '<' && line[5 + k] === c && (asRead === undefined || asRead[5 + k] === c)).length;
  const spelledWashed = (f: (typeof filled)[number]): number => {
    const fills = nameFills(f.parse);
    const copy = fills === 0 ? null : (copies.get(f) ?? null);
    return copy === null ? fills : fills + washedSpelled(copy, f.parse.lines[0], mended.lines[0]);
  };
  // The reading that fills the most washed name cells, the earliest of equals: a copy of the surname alone (the
  // fallback of a given names' copy that disagrees) gives way to a whole name that spells every readable cell.
  // Of equals, a copy that spells every readable name cell comes first: another (`SEE`, a label's word) confirms nothing.
  const agrees = (f: (typeof filled)[number]): boolean => (copies.get(f) ?? null) !== null;
  const rank = (f: (typeof filled)[number]): number => spelledWashed(f) * 2 + (agrees(f) ? 1 : 0);
  const chosen = filled.reduce((best, f) => (rank(f) > rank(best) ? f : best), filled[0]!);
  // Two readings of the print that fill as many washed name cells with other letters (`JLWOO` and `JI<WOO`): the print
  // does not settle those cells, and the first of the two is no better than the other. They stay unconfirmed. Only the
  // washed cells count: a letter at the glare's edge one reading mends and another leaves is the doubted-name rule's.
  const washedLetters = (p: typeof mended): string => [...p.lines[0]].filter((_, i) => reading.washed[0]?.[i] === true).join('');
  // A copy only as reconciled is no rival to one a reading spells: its washed letters may be the classifier's own.
  // Nor is a fill settled that changes washed letters another reading spells as the classifier read them, as many of
  // them (`ACHERE` filling ACHEBE's washed B with R, the re-read and the sharper pass reading ACHEBE): that reading
  // fills nothing, yet it is as full a copy.
  const spelledAsRead = (f: (typeof filled)[number]): number => {
    const copy = copies.get(f) ?? null;
    return copy === null ? 0 : washedSpelled(copy, f.parse.lines[0]);
  };
  const rivalFill = filled.some(
    (f) =>
      (chosen.reconciledOnly || !f.reconciledOnly) &&
      washedLetters(f.parse) !== washedLetters(chosen.parse) &&
      (nameFills(f.parse) > 0
        ? spelledWashed(f) === spelledWashed(chosen)
        : nameFills(chosen.parse) > 0 && spelledAsRead(f) >= spelledWashed(chosen)),
  );
  const washedName = rivalFill ? null : chosen.mrzName;
  // A birth date the MRZ's two year digits leave in two centuries takes the one the page prints in full.
  const inFull = printedBirthInFull(viz, chosen.parse) ?? (vizSharper === null ? null : printedBirthInFull(vizSharper, chosen.parse));
  // A birth read this century that a date of issue the 5/10-year rule places comes before is a century earlier.
  const issuedBefore = printedFirst.issueDate?.iso ?? sharperFirst?.issueDate?.iso ?? null;
  const parse = withBirthBeforeIssue(withPrintedBirthCentury(chosen.parse, inFull, ctx.now), issuedBefore, ctx.now);
  const printed = parse === named ? printedFirst : readVizFields(viz, parse, refined, ctx.now);
  // The sharper pass, made when the first missed the date of issue or a name, fills what the first left empty.
  const again = vizSharper === null ? null : parse === named ? sharperFirst : readVizFields(vizSharper, parse, refined, ctx.now);
  // A look-alike swap no check digit sees, unless a reading of the print spells the number as the MRZ has it.
  const numberInDoubt = numberCellsInDoubt(parse, [printed.printed.passportNumber, again?.printed.passportNumber ?? null], reading.charConfidence[1], reading.second?.[1], ctx.now);
  const optionalInDoubt = optionalDataCellsInDoubt(parse, reading.charConfidence[1], reading.second?.[1], ctx.now);
  // A check-digit repair whose rival, another doubted cell's runner-up, holds every check as well.
  const rivalCells = rivalRepairCells(parse, [printed.printed, again?.printed], reading.charConfidence[1], reading.second?.[1], ctx.now).filter(
    (cell) => !numberInDoubt.includes(cell) && !optionalInDoubt.includes(cell),
  );
  // Past a cut MRZ nothing checks the print: where both passes read the part it cut, they must spell it alike as far
  // as both go (one may stop short), or the part is not read. Neither reading is likelier than the other
  // (`RIKKATUULA` and `RIIKKATUULA` for RIIKKA TUULA). Nor is it read from capitals under a dozen pixels, where
  // Tesseract reads texture as letters (`ACNE SIX` for AGNIESZKA, `RI` for RIIKKA TUULA).
  const cutPart = mrzCutPart(parse.lines[0]);
  const thorn = orthographyOf([parse.fields.issuingState.value, parse.fields.nationality.value], parse.fields.name.raw).thorn;
  const pastCutAgreed = <T extends { readonly value: string }>(cut: boolean, first: T | null, second: T | null | undefined, goesOn = false, disputed = false): T | null => {
    const chosen = first ?? second ?? null;
    if (!cut || chosen === null) return chosen;
    // A pass that read the part going on past where its reading ends: a pass reading less does not end it there.
    if (goesOn || disputed) return null;
    const disagree = first !== null && second != null && !alikeAsFarAsBoth(plainLetters(first.value), plainLetters(second.value));
    // Nor where it joins two words by an apostrophe that the other pass, or a phrase of either pass's page, reads as
    // a space or hyphen (`JESÚS'ANDRÉS`, a speck in the space, beside `SEBASTIAN JESUS ANDRES`): a name's apostrophe may
    // stand so (DELL'ACQUA), and past the cut nothing tells which was printed.
    const otherReadings = [
      ...(first !== null && second != null ? [first.value, second.value] : []),
      ...[viz, vizSharper].flatMap((ocr) => (ocr === null ? [] : phrasesOf(ocr).map((p) => nameCharacters(p.text)))),
    ];
    if (otherReadings.some((other) => apostropheAgainstSeparator(chosen.value, other))) return null;
    // Past the cut an Icelandic name's P or B may be a Þ: the part is not read (PÓRUNN for ÞÓRUNN).
    const thornUnsettled = thorn && thornInDoubtPastCut(chosen.value, cutPart === 'surname' ? parse.fields.name.surname : parse.fields.name.givenNames);
    return lettersLegible && !disagree && !thornUnsettled ? chosen : null;
  };
  // Where the first pass's readings of the cut part spelled it otherwise, the sharper pass settles it with a reading
  // of its own: not with the very re-read disputed (no line found to read again), its phrases spelling nothing of
  // it past the cut (`CONCEIÇÃD` re-read against the sparse `CONCEIGAO S`, the sharper pass reading no given names).
  // A fresh re-read of the line that spells it letter for letter as the disputed one did is that reading again: the
  // same crop read the same way, no referee's own.
  const stillDisputed = (part: 'surname' | 'givenNames'): boolean => {
    const taken = again?.[part];
    const earlier = refined.earlier?.[part] ?? null;
    const freshReread = earlier !== null && taken != null && plainLetters(nameCharacters(earlier)) !== plainLetters(taken.value);
    if (!printed.disputed[part] || taken == null || freshReread) return false;
    const mrzLetters = plainLetters(parse.fields.name[part]).length;
    // Spelled as OCR's `eng` model also reads a ligature it has no class for (KJÆRSTIN read `KJARSTIN`).
    const own = ligatureReadings(taken.value);
    // A phrase that ends in the very letters past the cut reads them too, whatever it made of the MRZ's part before
    // them (`M DEL CARMEN SOFIA` for MARÍA DEL CARMEN SOFÍA, cut at MARIA<DEL<CA).
    return !sharperTexts[part].some((t) => {
      const letters = plainLetters(nameCharacters(t));
      const spells = (form: string): boolean => alikeAsFarAsBoth(letters, form) || (form.length - mrzLetters >= 3 && letters.endsWith(form.slice(mrzLetters)));
      return letters.length > mrzLetters && own.some(spells);
    });
  };
  // A sharper pass whose own readings of the cut part disagreed answers none of it, yet its phrase is a reading of the
  // print: where it spells the part otherwise than the first pass's choice, as far as both go past the MRZ's letters
  // (`HAR!` against the re-read `HAI`, glare over HARUTO), the first pass's choice is as disputed. On a line run to the
  // page's edge the phrase's last glyph may be the edge's clipping (DVOŘÁK's O read `C`): it disputes nothing.
  const sharperDisputes = (part: 'surname' | 'givenNames'): boolean => {
    const chosen = printed[part];
    if (again?.disputed[part] !== true || again[part] != null || chosen == null) return false;
    const mrzLetters = plainLetters(parse.fields.name[part]).length;
    const own = plainLetters(chosen.value);
    const clipped = refined.atEdge?.[part] === true;
    return sharperTexts[part].some((t) => {
      const read = plainLetters(nameCharacters(t));
      const letters = clipped ? read.slice(0, -1) : read;
      return letters.length > mrzLetters && own.length > mrzLetters && !alikeAsFarAsBoth(letters, own);
    });
  };
  const goesOn = (part: 'surname' | 'givenNames'): boolean => printed.goesOn[part] || again?.goesOn[part] === true || refined.inGlare?.[part] === true;
  const surname = pastCutAgreed(cutPart === 'surname', printed.surname, again?.surname, goesOn('surname'), stillDisputed('surname') || sharperDisputes('surname'));
  // Given names the MRZ had no room for are as unchecked: a pass whose readings spelled them otherwise leaves them to a
  // reading of the sharper pass's own, not to that very re-read alone (`YR` for NOUR YASMIN HUDA, no phrase under it).
  const givenPastMrz = givenNamesPastMrz(parse);
  const givenDisputed = stillDisputed('givenNames');
  const givenNames =
    givenPastMrz && givenDisputed
      ? null
      : pastCutAgreed(cutPart === 'given_names' || givenPastMrz, printed.givenNames, again?.givenNames, goesOn('givenNames'), givenDisputed || sharperDisputes('givenNames'));
  const printedName = nameCellsWashed
    ? washedName
    : givenNames === null && parse.fields.name.givenNames !== ''
      ? null
      : printedMrzName(surname?.value ?? null, givenNames?.value ?? null);
  const washedUnconfirmed = unconfirmedWashedCells(parse, reading.washed, {
    ...printed.printed,
    ...checkedCopiesOf(parse, printed.printed, again?.printed),
    ...uncheckedOf(printed, again),
    mrzName: printedName,
    mrzNameOpen: nameCellsWashed && chosen.open,
    mrzNameMarksSeen: chosen.marksSeen,
  });
  const together = td3HoldsTogether(
    parse,
    washedUnconfirmed,
    (i) => lineTwoCellSure(reading, i),
    [...(numberInDoubt.length > 0 ? (['document_number'] as const) : []), ...(optionalInDoubt.length > 0 ? (['optional_data'] as const) : [])],
    (i) => reading.second?.[1]?.[i],
  );
  if (!together.plausible) {
    ctx.logger.info({ reasons: together.reasons }, 'the MRZ reading does not hold together');
    return ctx.reject(
      'unreadable_document',
      'The passport machine-readable zone was found but could not be read reliably: its check digits or country codes do not hold together.',
      'Send a sharper, evenly lit image of the whole data page, flat, with both MRZ lines in focus.',
    );
  }
  // Witnesses of the MRZ's name letters: every reading of the print as read, the one a name was taken from among them
  // (an unlabelled phrase at times), never a value reconciled with the MRZ.
  // One entry a reading: the phrase a name was taken from is not counted again beside its pass's reading of the
  // same characters (`LINDQVIS|` and the phrase's `LINDQVISI`).
  const allReadings = (sharp: string | null | undefined, labelled: readonly string[], chosen: string | undefined): string[] => {
    const passes = [...(sharp == null ? [] : [sharp]), ...labelled];
    const again = chosen !== undefined && passes.some((p) => nameCharacters(p) === nameCharacters(chosen));
    return [...passes, ...(chosen === undefined || again ? [] : [chosen])];
  };
  const doubtedNames = [...new Set([...doubtedNameCells(parse, nameConfidence, {
    surname: allReadings(refined.surname, [...firstTexts.surname, ...sharperTexts.surname], surname?.read),
    givenNames: allReadings(refined.givenNames, [...firstTexts.givenNames, ...sharperTexts.givenNames], givenNames?.read),
  }, reading.second?.[0] ?? [], reading.washed[0] ?? [], thorn, lineOneUnanimous), ...brokenNameCells(parse.lines[0])])].sort((a, b) => a - b);
  // Name letters on line 1, the number's and rival repairs' cells on line 2, and cells glare washed out that nothing
  // confirmed nor a holding check vouches for (a guess under glare): a cell or two may be answered in doubt.
  const washedInDoubt = washedCellsInDoubt(parse, washedUnconfirmed, besideNationality?.cells ?? []);
  // A country code repaired from a guess nothing witnesses is as much in doubt, answered or not (codeDoubts.ts).
  const codeDoubted = codeCellsInDoubt(parse, printed.printed.nationality);
  const stateCells = codeDoubted.issuing_state?.length ?? 0;
  // Glare over the optional data alone withholds that field (optionalDataWithheldCells): its cells are no answer's.
  const optionalWithheld = optionalDataWithheldCells(parse, washedUnconfirmed[1], washedInDoubt.line2);
  const washedAnswered = washedInDoubt.line2.filter((i) => !optionalWithheld.includes(i));
  const line2Doubted = [...numberInDoubt, ...optionalInDoubt, ...rivalCells, ...washedAnswered, ...(codeDoubted.nationality ?? [])];
  const otherCells = washedInDoubt.line1 + stateCells + new Set(line2Doubted).size;
  const conflicts = printConflicts(parse, printed.printed, again?.printed ?? null, ctx.now, reading.charConfidence[1]);
  const inSurname = surnameCellTest(parse.lines[0]);
  // Washed cells nothing confirmed, all past a surname and separator read or confirmed whole, are the given names'.
  const givenWashed = washedInGivenNames(parse.lines[0], washedUnconfirmed[0]);
  const verdict = verdictForDoubt({
    surnameCells: doubtedNames.filter(inSurname).length,
    givenNameCells: doubtedNames.filter((cell) => !inSurname(cell)).length + givenWashed,
    otherCells: otherCells - givenWashed,
    otherOnLineOne: washedInDoubt.line1 - givenWashed,
    lineTwoProven: lineTwoProvenAsRead(parse, washedUnconfirmed[1].length, conflicts.length),
  });
  if ('refusal' in verdict) {
    ctx.logger.info({ cellsInDoubt: doubtedNames.length + otherCells }, 'the MRZ reading has too many cells in doubt');
    return ctx.reject(verdict.refusal.code, verdict.refusal.detail, verdict.refusal.hint);
  }
  const { withheld } = verdict;
  if (withheld.surname || withheld.givenNames) ctx.logger.info({ nameCellsInDoubt: doubtedNames.length, withheld }, 'name parts withheld: letters in doubt');
  // A pass that read the date by its label or the 5/10-year rule outranks one that only found the page's other date.
  // The personalised ink's dates come last: with the labels gone, only the MRZ's dates place them.
  const inkRead = readings.vizInk == null ? null : readVizFields(readings.vizInk, parse, refined, ctx.now);
  // Read only after every other pass failed, and placed by the MRZ's dates alone, the ink's date is not taken mended
  // towards a whole number of years off the 5/10-year rule (inkDateTaken).
  const inkChoice = inkRead?.issueDate;
  const inkIssue = inkDateTaken(inkChoice) ? inkChoice : null;
  const inkRuleDates = inkRead?.issueRuleDates ?? [];
  // A labelled date off the 5/10-year rule gives way to another pass's reading of the rule's date (settleAtypical).
  const [printedIssue, againIssue] = settleAtypical([printed.issueDate, again?.issueDate, inkIssue]);
  const issueChosen =
    [printedIssue, againIssue, inkIssue].find((c) => c != null && !weakIssueDate(c)) ??
    printed.issueDate ??
    again?.issueDate ??
    inkIssue ??
    null;
  // Two of the rule's dates read, in one pass or two: only a date read under its label is taken, by whichever pass
  // read it (the first pass's rule date can be the expiry's copy misread, `27 MAY 20 2025`); two passes' labelled
  // dates that differ settle nothing.
  const rivals = rivalRuleDates([
    { choice: printedIssue ?? null, ruleDates: printed.issueRuleDates ?? [] },
    { choice: againIssue ?? null, ruleDates: again?.issueRuleDates ?? [] },
    { choice: inkIssue, ruleDates: inkRuleDates },
    { choice: null, ruleDates: inkForNamesRuleDates(readings, parse, refined, ctx.now) },
  ]);
  const labelledIssues = [printedIssue, againIssue, inkIssue].filter((c) => c?.basis === 'label');
  const onlyLabelled = new Set(labelledIssues.map((c) => c?.iso)).size === 1 ? (labelledIssues[0] ?? null) : null;
  const issueDate = !rivals || issueChosen?.basis === 'label' ? issueChosen : onlyLabelled;
  const result = decodePassport({
    parse,
    // Letters of a withheld part are no letters answered in doubt.
    doubtedNameCells: doubtedNames.filter((cell) => !(inSurname(cell) ? withheld.surname : withheld.givenNames)),
    withheldNames: withheld,
    printConflicts: conflicts,
    charConfidence: reading.charConfidence,
    viz: { ...printed, surname, givenNames, issueDate },
    lastPage: readings.lastPage === undefined ? undefined : readings.lastPage === null ? null : readLastPageFields(readings.lastPage.ocr, readings.lastPage.rereads),
    now: ctx.now,
    washedUnconfirmed,
    numberCellsInDoubt: numberInDoubt,
    optionalDataCellsInDoubt: optionalInDoubt,
    ...(optionalWithheld.length > 0 ? { optionalDataWithheld: true } : {}),
    rivalRepairCells: rivalCells,
    hyphensSeen: hyphensRead(readings, parse),
    ...(readings.printTooSmall === true ? { printTooSmall: true } : {}),
  });
  // A printed field's box is in the pixels of the pass it was read in: the first at vizPxPerMm, the sharper one at
  // vizAgainPxPerMm. A name taken as re-read from its line (no box of its own) lies where that line was found.
  type Boxed = { readonly bbox?: BoundingBox | null | undefined; readonly place?: BoundingBox | null } | null | undefined;
  const boxOf = (first: Boxed, second: Boxed, line: PrintedBox | null = null): PrintedBox | null => {
    const read = first ?? second;
    if (read == null) return null;
    const box = read.place ?? read.bbox;
    return box ? { bbox: box, pxPerMm: first != null ? vizPxPerMm : vizAgainPxPerMm } : line;
  };
  const rectified = readings.located.page.pxPerMm !== null;
  const geometry = passportGeometry({
    frame: reading.frame,
    surname: rectified ? boxOf(printed.surname, again?.surname, readings.nameLines.surname) : null,
    givenNames: rectified ? boxOf(printed.givenNames, again?.givenNames, readings.nameLines.givenNames) : null,
    // The ink pass is read at the first pass's scale.
    issueDate: rectified ? (issueDate === printed.issueDate || issueDate === inkIssue ? boxOf(issueDate, null) : boxOf(null, issueDate)) : null,
  }, ctx.imaging);
  // The last page's fields where they were read on it (page 1).
  const lastRead = readings.lastPage;
  const lastGeometry = lastRead != null && result.last_page !== null ? lastPageGeometry(lastRead, result.last_page) : {};
  // A withheld part was not read from the page: it maps to null, as the full name (and the MRZ line) holding it do.
  const withheldGeometry = {
    ...(result.surname === null ? { surname: null } : {}),
    ...(result.given_name === null ? { given_name: null } : {}),
    ...(result.full_name === null ? { full_name: null } : {}),
    ...(result.mrz.line1 === null ? { 'mrz.line1': null } : {}),
  };
  return { ...result, geometry: { ...geometry, ...withheldGeometry, ...lastGeometry } };
}
