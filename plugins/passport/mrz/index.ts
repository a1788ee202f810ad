/** The MRZ reader's public surface, called by the passport plugin. */
export { readMrz } from './readMrz.ts';
export type { MrzReading, MrzFailure, Point, ReadMrzOptions } from './readMrz.ts';
export { mrzGuidesFromOcr } from '../../../core/mrz/ocrGuides.ts';
export { nameMayBeTruncated, nameSeparatedTwice, parseTd3, withBirthBeforeIssue, withPrintedBirthCentury } from './parseTd3.ts';
export type { Td3Parse, MrzDate, ParseTd3Options } from './parseTd3.ts';
export { mrzCheckDigit } from '../../../core/mrz/mrzCheckDigit.ts';
export { detectMrzFormat, otherLayoutProven } from '../../../core/mrz/detectMrzFormat.ts';
export type { MrzFormat } from '../../../core/mrz/detectMrzFormat.ts';
export type { Td3Repair, Td3Alternatives, Td3Confidence } from './repairTd3.ts';
