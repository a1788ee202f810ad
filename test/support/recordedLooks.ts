/**
 * What the detect hooks' look (core/ocr/pageWords.ts: the first page grey at 1200 px, sparse-text OCR) read on
 * synthetic pages, recorded so that the shipped plugins' verdicts are tested without OCR. The holders are fictitious:
 * the ICAO specimen, and pages the fixture generator drew (fixtures/samples, the negatives set). Lines are as OCR
 * gave them, fillers read as K and L included; noise lines are trimmed.
 */
import type { OcrResult } from '../../core/ocr/types.ts';

export const looked = (...lines: string[]): OcrResult => ({ text: lines.join('\n'), confidence: 80, lines: [] });

/** fixtures/samples/passport/uto-specimen.first_page.jpg */
export const specimenPassportLines = [
  'UTOPIA',
  'PASSPORT / PASSEPORT',
  '®',
  'Type',
  'Code of issuing State /.Code du pays émetteur',
  'Passport No. / N° du passeport',
  'P',
  'uTo',
  'L898902C3',
  'Surname / Nom',
  'ERIKSSON',
  'Given names / Prénoms',
  'ANNA MARIA',
  'Nationality / Nationalité',
  'UTOPIAN',
  'Dateof birth / Date de naissance,',
  'Date of éxpiry / Date’ Gg 0',
  '15 APR 2012',
  'SET Va ~ &',
  'P<KUTOERIKSSON<K<KANNA<KMARIA<KLLLLLLLLLLLLLLKLLKLKL',
  'L898902C36UT07408122F1204159ZE184226B<<<<<10',
];

/** A generated Dutch ID card (TD1), from the negatives set. */
export const idCardLines = [
  'KONINKRIJK DER NEDERLANDEN',
  "IDENTITY CARD / CARTE D'IDENTITE",
  'Surname / Nom',
  'DE JONG',
  'Document No.',
  'PTZ5HTTZ1',
  'Valid until',
  '12.09.2030',
  'ARNLDPTZ5HTTZ11503405130<<<<<<',
  '0208105M3009129NLD<<<K<LLKL<LL<LL3',
  'DEKJONG<LK<KJOOSTLKKLKLKLKLLKLLLLL<LKKLK',
];

/** A generated Dutch visa (MRV-A), from the negatives set. */
export const visaLines = [
  'KONINKRIJK DER NEDERLANDEN',
  'VISA',
  'Sumame / Nom',
  'VAN DER BERG',
  'Valid until',
  '15.01.2032',
  'VCNLDVAN<DER<KBERG<<KSANNE<<KKCLKLLLLLLLLLLKLKLKL',
  'BF22BELR81NLD8907013F3201152<<<<<<<<K<K<KLLLLKLK',
];

/** A generated old-layout PAN card photo, from the negatives set. */
export const panCardLines = ['/', 'INCOME TAX DEPARTMENT', '®', 'GOVT. OF INDIA', 'AARAV VERMA HUF', '03-11-1952', '4', 'Permanent Account Number', 'GHWHA7493X', 'NN', '/ i'];

/** fixtures/samples/pan/pan-new-photo.jpg: the PAN itself misread (a digit first). */
export const newPanCardLines = [
  'HRA EIFR',
  'INCOME TAX DEPARTMENT',
  'GOVT. OF INDIA',
  'Permanent Account Number Card',
  '1YIPV0110S',
  '4H / Name',
  'SHREYA VERMA',
  "fiver a1 1 / Father's Name",
  'w= dit ard / Date of Birth',
  '13/12/1941',
];

/** A generated photo of a desk with no document on it. */
export const deskLines = ['oe', 'pe', 'is', '-~', '<a', '—', 'Tere', '=e', 'Sok', 'PT', '23'];
