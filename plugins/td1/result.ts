/**
 * The ID card (TD1) extraction result: every field of the three-line MRZ decoded, with the verdict of each check
 * digit, the repairs made to what was read, and warnings. A reading whose check digits do not all hold is refused,
 * never returned.
 */
import { z } from 'zod';
import { geometrySchema } from '../../core/extraction/geometry.ts';
import { withResultEnvelope } from '../../core/extraction/resultEnvelope.ts';
import { mrzRawDatesSchema } from '../../core/mrz/mrzRawDates.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const unit = z.number().min(0).max(1);
const mrzLine = z.string().regex(/^[A-Z0-9<]{30}$/);

export const td1WarningCodes = ['expired', 'name_truncated', 'name_uncertain', 'name_not_read', 'date_of_birth_unknown'] as const;
export type Td1WarningCode = (typeof td1WarningCodes)[number];

export const td1ConfidenceFields = [
  'document_number',
  'issuing_country',
  'date_of_birth',
  'sex',
  'expiry_date',
  'nationality',
  'surname',
  'given_names',
] as const;
export type Td1ConfidenceField = (typeof td1ConfidenceFields)[number];

const verdict = z.enum(['valid', 'invalid']).describe('Whether this ICAO 9303 check digit matches the field it guards (after any recorded repair)');

export const td1ResultSchema = withResultEnvelope(
  z
    .object({
      document_code: z.string().describe('Document code from MRZ positions 1–2, filler removed: `I`, `ID`, `A`, `AC`, `C` …'),
      issuing_country: z.string().describe('Issuing state, three-letter code (Germany: `D`)'),
      document_number: z.string().describe('Document number, filler removed (a long number continued in the optional data is joined)'),
      optional_data_1: z.string().nullable().describe('Optional data of line 1 (positions 16–30), filler removed; null when empty'),
      date_of_birth: isoDate.nullable().describe('Date of birth YYYY-MM-DD (century: the latest not in the future); null when the MRZ says unknown'),
      sex: z.enum(['M', 'F', 'X']).describe('M, F, or X where the MRZ has `<` (unspecified)'),
      expiry_date: isoDate.describe('Date of expiry YYYY-MM-DD (20YY)'),
      nationality: z.string().describe('Nationality, three-letter code (Germany: `D`)'),
      optional_data_2: z.string().nullable().describe('Optional data of line 2 (positions 19–29), filler removed; null when empty'),
      surname: z
        .string()
        .nullable()
        .describe('Surname from MRZ line 3 (transliterated, upper case, spaces for fillers); null when not read surely (warning `name_not_read`)'),
      given_names: z.string().nullable().describe('Given names from MRZ line 3, empty when the card has none; null as surname'),
      full_name: z.string().nullable().describe('Given names, a space, surname (as transliterated in the MRZ); null as surname'),
      mrz: z
        .object({
          line1: mrzLine.describe('First MRZ line, 30 characters, `<` filler'),
          line2: mrzLine.describe('Second MRZ line, 30 characters'),
          line3: mrzLine.describe('Third MRZ line (the name), 30 characters, as read: no check digit covers it'),
          check_digits_valid: z.boolean().describe('True: the service refuses a reading whose check digits do not all hold'),
        })
        .describe('The machine-readable zone as read (after recorded repairs)'),
      raw_dates: mrzRawDatesSchema,
      confidence: z
        .object(
          Object.fromEntries(td1ConfidenceFields.map((f) => [f, unit.describe(`Confidence in ${f}, 0..1`)])) as {
            [K in Td1ConfidenceField]: typeof unit;
          },
        )
        .describe('Per-field confidence, 0..1: the least sure cell, its doubt divided by ten where a check digit covers it'),
      checks: z
        .object({
          check_digits: z
            .object({ document_number: verdict, date_of_birth: verdict, expiry_date: verdict, composite: verdict })
            .describe('Verdict of each MRZ check digit'),
        })
        .describe('Validation of the reading'),
      repairs: z
        .array(
          z
            .object({
              field: z.string().describe('The field repaired, e.g. `document_number`, `date_of_birth`, `name`'),
              position: z.number().int().nullable().describe('1-based character position within its MRZ line'),
              from: z.string().describe('What was read'),
              to: z.string().describe('What it was repaired to'),
              reason: z.string().describe('Why the repair is justified: `character_class`, `check_digit` or `country_code`'),
            })
            .describe('One character repair applied to what was read'),
        )
        .describe('Every character repair applied to the MRZ'),
      warnings: z
        .array(
          z
            .object({
              code: z.enum(td1WarningCodes).describe('Stable machine code of the warning'),
              message: z.string().describe('What the warning means, in words (never contains personal data)'),
            })
            .describe('Something the client should know about this reading'),
        )
        .describe('Things the client should know (expired, truncated or uncertain name …)'),
      geometry: geometrySchema.optional().describe('Where each MRZ line was read on the uploaded image (`mrz.line1` …)'),
    })
    .describe('ID card (ICAO 9303 TD1) extraction result'),
);

export type Td1Result = z.infer<typeof td1ResultSchema>;
export type Td1Repair = Td1Result['repairs'][number];
export type Td1Warning = Td1Result['warnings'][number];
