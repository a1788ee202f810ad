/**
 * The labels of a passport's printed page (VIZ), in the languages passports pair with English, and how to
 * recognise them in OCR text that is a little wrong. Order matters: "Place of birth" and "Place of issue" must
 * be claimed before "birth" and "issue" are.
 */
import { stripAccents } from './printedDate.ts';

export type VizField =
  | 'surname'
  | 'given_names'
  | 'nationality'
  | 'date_of_birth'
  | 'sex'
  | 'issue_date'
  | 'expiry_date'
  | 'passport_number'
  | 'issuing_state'
  | 'document_type'
  | 'other';

/** Normalised label text (lower case, no accents, letters and spaces) -> stems that identify each label. */
const labelStems: readonly { readonly field: VizField; readonly stems: readonly RegExp[] }[] = [
  // The issuing state's code and the document type, read only to stand in for MRZ cells glare washed out.
  // Small print: "Code of fésting State / Cadigo del pals efor" is how OCR reads "Code of issuing State / Código del país emisor".
  // Glare: "Code of sing Sate" (dev glare 1069); no other label of a passport's data page begins "Code of".
  // A label that is a code and nothing else (`Code`, `Kod/Code`, `Código/Code/Code`) is the issuing state's too: the
  // one code ICAO 9303 prints on a data page (a personal code's label names the person: `Personal code`).
  {
    field: 'issuing_state',
    stems: [
      /code of issuing|issuing state|code of [a-z]{4,9} state|\bcode of [a-z]{3,9} s[a-z]{1,3}te\b|code du pays|pays emetteur|ausstellenden staat|pais emisor|c[a-z]digo del pa[a-z]s|code van het land/,
      /^(?:(?:country )?(?:code|c[a-z]digo|kod|kode|codice)(?: ?\/ ?|$))+$/,
    ],
  },
  { field: 'document_type', stems: [/(^|\/ ?)(type|typ|tipo|soort)\b/] },
  {
    field: 'other',
    stems: [
      /place of|pace of|lace of|issuing|\bstate\b|lieu de|\bort\b|geburtsort|lugar de|plaats|authority|autorite|behorde|autoridad|autoriteit|height|taille|grosse|\btype\b|\bcode\b|signature|holder|titulaire|inhaber|titular|houder|observations?|remarks?|residence|domicile|wohnort|domicilio|\bfile\b|\bcountry\b|\bpays\b|instantie|\btyp\b|soort|\btipo\b|\bkode\b|codigo|van het land|emetteur|ausstellenden|emisor/,
    ],
  },
  // OCR of small label print drops letters ("Date of ssue", "Sumame"): stems include the usual misreadings.
  { field: 'issue_date', stems: [/of i?ssu|of ss\b|\bof sue\b|\bot sue\b|xpedi|\bissued?\b|delivr|livran|ausstell|stellungs|expedic|xpedici|afgifte|emission/] },
  { field: 'expiry_date', stems: [/expir|xpiry|expry|of xpi|gultig|gueltig|caducid|cadu|vencim|geldig|validit|valable/] },
  // `Date de naiss.`: naissance as French print abbreviates it, and as OCR cuts it short in small print.
  { field: 'date_of_birth', stems: [/birth|of bi?th|of b[a-z]?h\b|\bnaiss|geburt|nacimiento|geboorte|\bnee?\b/] },
  // `Nome`: Italian's and Portuguese's given names (`Cognome` is the Italian surname, no word boundary inside it).
  { field: 'given_names', stems: [/given|giver|\bnames\b|prenom|renoms|vorname|nombres?\b|\bnomes?\b|voorname|forename|first name/] },
  { field: 'surname', stems: [/surname|sumame|sumane|surame|\bnom\b|familienname|apellido|apelido|achternaam|\bnaam\b|\bname\b|last name/] },
  // A word's end alone (`Vornamen` bent to `Vomamen`) says less than a whole key word: `NAME/SURNAME/NOM` with its
  // slashes lost ends in `SURNAMEN` too, so it is tried after the surname's.
  { field: 'given_names', stems: [/amen\b/] },
  { field: 'nationality', stems: [/national|natona|nalit|staatsang|angehor|angenor|nacionalid/] },
  { field: 'sex', stems: [/\bsex|geschlecht|\bsexo\b|geslacht/] },
  { field: 'passport_number', stems: [/passport ?n|passeport|pass ?nr|pasaporte|paspoort|document ?n|no du|\bpass\b/] },
];

export function normaliseLabelText(text: string): string {
  // Ø and Æ have no base letter to strip to (Danish and Norwegian `Kjønn`, `Fødselsdato`).
  return stripAccents(text.replace(/[Øø]/g, 'o').replace(/[Ææ]/g, 'ae'))
    .toLowerCase()
    .replace(/[^a-z/ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The labels' key words in English and the languages passports pair with it (national labels included: Polish,
 * Czech, Turkish, Malay, Finnish and the Nordic languages …), matched word by word with one OCR slip allowed:
 * `fssue`, `Isswe`, `Expry`.
 */
const labelWords: readonly { readonly field: VizField; readonly words: readonly string[] }[] = [
  { field: 'issue_date', words: ['issue', 'issued', 'delivrance', 'ausstellung', 'ausstellungsdatum', 'expedicion', 'emissao', 'afgifte', 'rilascio', 'wydania', 'vydani', 'verilis', 'dikeluarkan', 'myonnetty', 'utfardandedatum', 'udstedelsesdato', 'utstedelsesdato'] },
  { field: 'expiry_date', words: ['expiry', 'expiration', 'expiracion', 'caducidad', 'validade', 'gultig', 'geldig', 'scadenza', 'waznosci', 'platnosti', 'tamat', 'gecerlilik', 'voimassa', 'giltighetsdag', 'udlobsdato', 'utlopsdato'] },
  { field: 'date_of_birth', words: ['birth', 'naissance', 'geburtsdatum', 'nacimiento', 'geboortedatum', 'nascita', 'urodzenia', 'narozeni', 'dogum', 'syntymaaika', 'fodelsedatum', 'fodselsdato'] },
  { field: 'surname', words: ['surname', 'apellidos', 'familienname', 'nazwisko', 'cognome', 'prijmeni', 'soyadi', 'achternaam', 'sukunimi', 'efternamn', 'efternavn', 'etternavn'] },
  { field: 'given_names', words: ['given', 'forenames', 'prenoms', 'vornamen', 'nombres', 'voornamen', 'imiona', 'jmena', 'adlari', 'etunimet', 'fornamn', 'fornavn', 'fornavne'] },
  { field: 'nationality', words: ['nationality', 'nationalite', 'nacionalidad', 'nationaliteit', 'staatsangehorigkeit', 'nazionalita', 'obywatelstwo', 'obcanstvi', 'warganegara', 'uyrugu', 'kansalaisuus', 'statsborgerskap'] },
  { field: 'sex', words: ['sexe', 'geschlecht', 'sexo', 'geslacht', 'plec', 'pohlavi', 'jantina', 'cinsiyet', 'sukupuoli', 'kjonn'] },
];

/** Levenshtein distance between `a` and `b`, counted up to `cap` (anything further is `cap`). */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    previous = row;
  }
  return Math.min(cap, previous[b.length]!);
}

/** The English labels' `Date of …` phrase: the word after `of` names the date, however OCR bent it. */
const dateOfWords: readonly { readonly field: VizField; readonly word: string }[] = [
  { field: 'issue_date', word: 'issue' },
  { field: 'expiry_date', word: 'expiry' },
  { field: 'date_of_birth', word: 'birth' },
];

/** The date a `Date of X` label names: X within two edits of one of issue, expiry, birth, and nearer it than the others. */
function dateOfLabel(tokens: readonly string[]): VizField | null {
  for (let i = 1; i + 1 < tokens.length; i++) {
    if (tokens[i] !== 'of' || editDistance(tokens[i - 1]!, 'date') > 1) continue;
    const word = tokens[i + 1]!;
    const ranked = dateOfWords.map((d) => ({ field: d.field, distance: editDistance(word, d.word) })).sort((a, b) => a.distance - b.distance);
    if (ranked[0]!.distance <= 2 && ranked[0]!.distance < ranked[1]!.distance) return ranked[0]!.field;
  }
  return null;
}

/**
 * Which label `text` is (the first matching stem wins, then a `Date of …` phrase, then a key word read with one
 * slip), or null when it reads as no label.
 */
export function classifyLabel(text: string): VizField | null {
  return labelOf(text, true);
}

/** classifyLabel, the slash-as-letter split tried only where `splitSlash` (its parts are classified without it). */
function labelOf(text: string, splitSlash: boolean): VizField | null {
  const norm = normaliseLabelText(text);
  if (norm.length < 3) return null;
  for (const { field, stems } of labelStems) if (stems.some((s) => s.test(norm))) return field;
  const all = norm.split(/[ /]+/).filter((t) => t !== '');
  const dated = dateOfLabel(all);
  if (dated !== null) return dated;
  // One slip only in words of four letters or more (five for a lone key word): shorter ones are too near other words.
  const tokens = all.filter((t) => t.length >= 4);
  const near = (word: string): boolean => tokens.some((t) => editDistance(t, word, 2) <= 1);
  // `Code of issuing State` as small print comes out bent every way (`Cade o sing Sate`): its two key words tell it.
  if (near('code') && near('state')) return 'issuing_state';
  for (const { field, words } of labelWords) {
    if (tokens.some((t) => words.some((w) => t === w || (t.length >= 5 && w.length >= 5 && editDistance(t, w, 2) <= 1)))) return field;
  }
  return splitSlash ? slashReadAsLetter(tokens) : null;
}

/**
 * A bilingual label's slash read as an I or an l, gluing its two languages' words into one (`NAMESIPRENOUS` for
 * NAMES/PRÉNOMS): the label of the word's first part where both parts around that letter read as labels. One split
 * a word: its parts split again would cost exponentially on a run of I's or l's that OCR made of texture.
 */
function slashReadAsLetter(tokens: readonly string[]): VizField | null {
  for (const token of tokens) {
    for (let i = 3; i <= token.length - 4; i++) {
      if (token[i] !== 'i' && token[i] !== 'l') continue;
      const before = labelOf(token.slice(0, i), false);
      if (before !== null && labelOf(token.slice(i + 1), false) !== null) return before;
    }
  }
  return null;
}
