/**
 * What a state's orthography settles in a printed name that neither the pixels nor the MRZ can: the MRZ writes Ø and
 * Ö alike as OE, Ð as D, Ș and Ş as S. The issuing state and the nationality are the document's own witnesses.
 */
import { spanishWritingStates } from '../../../core/mrz/countryCodes.ts';

export interface NameOrthography {
  /** Danish and Norwegian write Ø and Æ where others write Ö and Ä. */
  readonly strokedOe: boolean;
  /** Ð is Icelandic (and Faroese, on Danish documents); elsewhere a D with texture through its stem. */
  readonly eth: boolean;
  /**
   * Þ is Icelandic alone: the MRZ writes it TH, and OCR reads it as P. An Icelandic name is spelled so on any
   * state's page: one whose MRZ holds a -DOTTIR patronymic may write Þ too.
   */
  readonly thorn: boolean;
  /** Romanian and Moldovan write Ș and Ț with a comma below, Turkish Ş with a cedilla; null where neither is the case. */
  readonly commaBelow: boolean | null;
  /**
   * The capitals with a dot above this orthography writes (İ Turkish and Azeri, Ż Polish and Maltese, Ċ Ġ Maltese,
   * Ė Lithuanian). Elsewhere a dot seen over a letter is a small acute or caron read round (JIŘÍ as JIRİ), or a speck.
   */
  readonly dotAbove: string;
  /** Portuguese writes Ã and Õ, and no macron: a bar or wave over its A or O is a tilde. */
  readonly vowelTilde: boolean;
  /**
   * Spanish (and Filipino) writes Ñ: over N a small tilde that prints or blurs into a flat bar is its tilde. Elsewhere
   * a flat bar over N is glare's edge or texture (`GUDMUÑDSSON`); a wave is a tilde anywhere.
   */
  readonly nTilde: boolean;
  /**
   * Polish writes Ń. A small mark over N is Ñ where the orthography writes Ñ and not Ń, and Ń where it writes Ń and
   * not Ñ: its shape read (a wave, a leaning stroke) is a few pixels' under noise or dim light (`IŃIGO` on a
   * Spanish page). Where it writes neither, an acute over N is read as the plain N, unless the name itself is spelled
   * Polish (inOrthography).
   */
  readonly nAcute: boolean;
  /**
   * The Czech, Slovak, South Slavic and Baltic orthographies write Č, Š and Ž: there a small caron blurred into a
   * flat bar over C, S or Z is that caron, as no name writes C̄, S̄ or Z̄. Elsewhere such a bar is texture.
   */
  readonly caronCsz: boolean;
}

/**
 * What spells a name Polish beside the letters in question: letters only Polish (or Lithuanian, Maltese) writes, the
 * SZCZ and RZ that other orthographies spell otherwise, and the -SKI, -CKI, -DZKI family endings.
 */
const polishSpelling = /[ŁĄĘŻ]|SZCZ|RZ|(?:SK|CK|DZK)[AI](?!\p{L})/u;

const dotted: Readonly<Record<string, string>> = { İ: 'I', Ż: 'Z', Ċ: 'C', Ġ: 'G', Ė: 'E' };
const dotWriters: Readonly<Record<string, readonly string[]>> = { İ: ['TUR', 'AZE'], Ż: ['POL', 'MLT'], Ċ: ['MLT'], Ġ: ['MLT'], Ė: ['LTU'] };

/**
 * The orthography of a document issued or held by the states `codes`; `mrzName`, the MRZ's name field, where the name
 * itself says it is Polish (its plain letters still spell SZCZ, RZ or a -SKI ending: WIŚNIEWSKI is WISNIEWSKI there)
 * or Icelandic (a -DOTTIR patronymic).
 */
export function orthographyOf(codes: readonly (string | null | undefined)[], mrzName?: string): NameOrthography {
  const has = (...states: string[]): boolean => codes.some((c) => c != null && states.includes(c));
  return {
    strokedOe: has('NOR', 'DNK'),
    eth: has('ISL', 'DNK'),
    thorn: has('ISL') || (mrzName !== undefined && mrzName.split(/<+/).some((word) => word.endsWith('DOTTIR'))),
    commaBelow: has('ROU', 'MDA') ? true : has('TUR') ? false : null,
    dotAbove: Object.keys(dotted).filter((letter) => has(...dotWriters[letter]!)).join(''),
    vowelTilde: has('PRT', 'BRA', 'AGO', 'MOZ', 'CPV', 'GNB', 'STP', 'TLS'),
    nTilde: has(...spanishWritingStates),
    nAcute: has('POL') || (mrzName !== undefined && mrzName.split(/<+/).some((word) => polishSpelling.test(word))),
    caronCsz: has('CZE', 'SVK', 'SVN', 'HRV', 'BIH', 'SRB', 'MNE', 'LTU', 'LVA', 'EST'),
  };
}

/** `name` with the letters its orthography does not write replaced by the ones it does (or the plain letter). */
export function inOrthography(name: string, o: NameOrthography): string {
  let out = o.eth ? name : name.replace(/Ð/g, 'D');
  if (o.commaBelow === true) out = out.replace(/Ş/g, 'Ș').replace(/Ţ/g, 'Ț');
  if (o.commaBelow === false) out = out.replace(/Ș/g, 'Ş').replace(/Ț/g, 'Ţ');
  if (o.vowelTilde) out = out.replace(/Ā/g, 'Ã').replace(/Ō/g, 'Õ');
  // A Polish name is printed with its Ń, Ś, Ź and Ł by any state; other names carry none of them. An Ł read is no
  // witness for itself: a stroke through an L is as often texture or a glare's edge (AL-RASHID read `AŁ-RASHID`).
  const nAcute = o.nAcute || polishSpelling.test(out.replace(/Ł/g, 'L'));
  if (!nAcute) out = out.replace(/Ł/g, 'L');
  if (o.nTilde && !nAcute) out = out.replace(/Ń/g, 'Ñ');
  // Writing neither, an acute read over N is a neighbour's mark placed a letter late (BÉNARD read `BEŃARD`) as often
  // as a tilde read steep: which mark, if any, is not known, and the plain N is the one answer not invented.
  if (!o.nTilde && !nAcute) out = out.replace(/Ń/g, 'N');
  if (nAcute && !o.nTilde) out = out.replace(/Ñ/g, 'Ń');
  // Likewise over S and Z (ANDRÉS read `ANDREŚ`): Ś and Ź are Polish alone.
  if (!nAcute) out = out.replace(/Ś/g, 'S').replace(/Ź/g, 'Z');
  return [...out].map((c) => (dotted[c] !== undefined && !o.dotAbove.includes(c) ? dotted[c] : c)).join('');
}

/**
 * The marked capitals of the Latin orthographies names are printed in on passports (Western, Nordic, Central and
 * Eastern European, Baltic, Turkish, Romanian): what a seen mark may compose to.
 */
export const nameLetters: ReadonlySet<string> = new Set([...'ÁÀÂÄÃÅĄĂĀÉÈÊËĚĘĖĒÍÌÎÏĮĪİÓÒÔÖÕŐŌÚÙÛÜŮŰŲŪÝŸÑŃŇÇČĆĊŠŚŞȘŽŹŻŘŔĞĠĎŤȚŢĽĹ']);
