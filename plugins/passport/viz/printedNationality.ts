/**
 * Nationality as printed on the data page ("BRITISH CITIZEN", "DEUTSCH", "FRANÇAISE", or the code itself) to
 * the MRZ's three-letter code, so the two can be compared. Unknown wording compares as `not_read`, never as a
 * mismatch.
 */
import { countryWordings } from '../../../core/mrz/countryWordings.ts';
import { stripAccents } from './printedDate.ts';

const demonyms: readonly (readonly [string, readonly string[]])[] = [
  ['UTO', ['UTOPIAN', 'UTOPIENNE', 'UTOPIEN']],
  ['D', ['DEUTSCH', 'GERMAN', 'ALLEMANDE', 'ALEMANA']],
  ['IND', ['INDIAN', 'BHARATIYA', 'INDIENNE']],
  ['GBR', ['BRITISH CITIZEN', 'BRITISH']],
  ['GBD', ['BRITISH OVERSEAS TERRITORIES CITIZEN', 'BRITISH DEPENDENT TERRITORIES CITIZEN']],
  ['GBN', ['BRITISH NATIONAL (OVERSEAS)', 'BRITISH NATIONAL OVERSEAS']],
  ['GBO', ['BRITISH OVERSEAS CITIZEN']],
  ['GBS', ['BRITISH SUBJECT']],
  ['GBP', ['BRITISH PROTECTED PERSON']],
  ['FRA', ['FRANCAISE', 'FRANCAIS', 'FRENCH']],
  ['USA', ['UNITED STATES OF AMERICA', 'AMERICAN', 'USA']],
  ['NLD', ['NEDERLANDSE', 'NEDERLANDER', 'DUTCH']],
  ['ESP', ['ESPANOLA', 'ESPANOL', 'SPANISH']],
  ['ITA', ['ITALIANA', 'ITALIANO', 'ITALIAN']],
  ['PRT', ['PORTUGUESA', 'PORTUGUESE']],
  ['BEL', ['BELGE', 'BELGISCHE', 'BELGIAN']],
  ['AUT', ['OESTERREICH', 'OSTERREICH', 'AUSTRIAN']],
  ['CHE', ['SCHWEIZ', 'SUISSE', 'SVIZZERA', 'SWISS']],
  ['SWE', ['SVENSK', 'SWEDISH']],
  ['NOR', ['NORSK', 'NORWEGIAN']],
  ['DNK', ['DANSK', 'DANISH']],
  ['FIN', ['SUOMI', 'FINNISH']],
  ['IRL', ['EIREANNACH', 'IRISH']],
  ['POL', ['POLSKIE', 'POLISH']],
  ['CAN', ['CANADIAN', 'CANADIENNE']],
  ['AUS', ['AUSTRALIAN']],
  ['NZL', ['NEW ZEALAND', 'NEW ZEALANDER']],
  ['MEX', ['MEXICANA', 'MEXICANO', 'MEXICAN']],
  ['BRA', ['BRASILEIRA', 'BRASILEIRO', 'BRAZILIAN']],
  ['JPN', ['JAPAN', 'JAPANESE']],
  ['CHN', ['CHINESE']],
  ['XXA', ['STATELESS', 'APATRIDE', 'STATELESS / APATRIDE', 'STATENLOS']],
  ['XXB', ['REFUGEE', 'REFUGIE']],
  ['XXC', ['REFUGEE (OTHER)']],
  ['XXX', ['UNSPECIFIED']],
];

const byName = new Map<string, string>();
for (const [code, names] of demonyms) for (const n of names) byName.set(n.replace(/[^A-Z]/g, ''), code);

/**
 * The MRZ code (without filler) the printed nationality names, or null when the wording is not known: a demonym, the
 * state's name in English or its own language (`ČESKÁ REPUBLIKA`), or the code itself.
 */
export function nationalityCode(printed: string): string | null {
  const letters = lettersOf(printed);
  return wordingIn(letters, byName) ?? wordingIn(letters, countryWordings) ?? (/^[A-Z]{3}$/.test(letters) ? letters : null);
}

/**
 * The MRZ code a text names by one of the demonyms (`UNITED STATES OF AMERICA`), not by a bare code nor a state's
 * name, which a person's name may be too (JORDAN, GEORGIA): what tells a nationality's row from a name's.
 */
export function nationalityByWording(printed: string): string | null {
  return wordingIn(lettersOf(printed), byName);
}

/** A printed wording as the tables key it: capitals without their marks, nothing else. */
const lettersOf = (printed: string): string => stripAccents(printed).toUpperCase().replace(/[^A-Z]/g, '');

/** The code `letters` spell whole, else the longest wording inside them (bilingual prints, `STATELESS / APATRIDE`). */
function wordingIn(letters: string, table: ReadonlyMap<string, string>): string | null {
  if (letters.length === 0) return null;
  const exact = table.get(letters);
  if (exact !== undefined) return exact;
  let best: { code: string; length: number } | null = null;
  for (const [name, code] of table) {
    if (name.length >= 5 && letters.includes(name) && (best === null || name.length > best.length)) best = { code, length: name.length };
  }
  return best?.code ?? null;
}
