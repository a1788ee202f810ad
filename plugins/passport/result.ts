/**
 * The passport extraction result: SPEC.md 2.1's fields with their names and types, plus additive members
 * (confidence, checks, repairs, raw dates, warnings, optional data, last page) that no other reader returns.
 *
 * Nullability: `date_of_birth` is null when the MRZ has `<` for unknown parts (or the date is impossible);
 * `expiry_date` is null only when the MRZ date is impossible (check digit invalid); `issue_date` is null when
 * the printed page shows no readable date of issue (warning `issue_date_not_found`). Every other SPEC field is
 * always a string.
 */
import { z } from 'zod';
import { geometrySchema } from '../../core/extraction/geometry.ts';
import { withResultEnvelope } from '../../core/extraction/resultEnvelope.ts';
import { mrzRawDatesSchema } from '../../core/mrz/mrzRawDates.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const unit = z.number().min(0).max(1);

export const checkDigitVerdictSchema = z
  .enum(['valid', 'invalid'])
  .describe('Whether this ICAO 9303 check digit matches the field it guards (after any recorded repair)');

export const agreementSchema = z
  .enum(['match', 'mismatch', 'not_read'])
  .describe(
    'Printed page vs MRZ, compared after ICAO transliteration: `not_read` when the printed value could not be read',
  );

export const warningCodes = [
  'expired',
  'name_truncated',
  'printed_mrz_mismatch',
  'issue_date_not_found',
  'issue_date_repaired',
  'issue_date_unusual',
  'printed_names_not_read',
  'check_digits_invalid',
  'date_of_birth_unknown',
  'last_page_unreadable',
  'mrz_washed_out',
  'mrz_name_uncertain',
  'name_withheld',
  'mrz_print_conflict',
  'mrz_number_uncertain',
  'mrz_optional_data_uncertain',
  'mrz_repair_uncertain',
  'mrz_code_uncertain',
  'printed_page_too_small',
] as const;
export type WarningCode = (typeof warningCodes)[number];

export const warningSchema = z
  .object({
    code: z.enum(warningCodes).describe('Stable machine code of the warning'),
    message: z.string().describe('What the warning means, in words (never contains personal data)'),
  })
  .describe('Something the client should know about this reading');

export const repairSchema = z
  .object({
    field: z.string().describe('The field repaired, e.g. `date_of_birth`, `line2`, `issue_date`'),
    position: z.number().int().nullable().describe('1-based character position within the MRZ line, when it applies'),
    from: z.string().describe('What was read'),
    to: z.string().describe('What it was repaired to'),
    reason: z.string().describe('Why the repair is justified (field type or check digit)'),
  })
  .describe('One character repair applied to what was read');

export const lastPageSchema = z
  .object({
    father_name: z.string().nullable().describe('Name of father / legal guardian, as printed; null when absent'),
    mother_name: z.string().nullable().describe('Name of mother, as printed; null when absent'),
    spouse_name: z.string().nullable().describe('Name of spouse, as printed; null when absent'),
    address: z.string().nullable().describe('Address, lines joined with ", "; null when absent'),
    file_number: z.string().nullable().describe('Passport file number; null when absent'),
    old_passport_number: z
      .string()
      .nullable()
      .describe('Old passport number with date and place of issue as printed; null when blank'),
  })
  .describe('Fields of the last page (Indian passports); null when no last page was sent');

const confidenceFields = [
  'full_name',
  'given_name',
  'surname',
  'date_of_birth',
  'nationality',
  'passport_number',
  'issue_date',
  'expiry_date',
  'issuing_country',
  'sex',
  'mrz',
] as const;

export const passportResultSchema = withResultEnvelope(
  z
    .object({
      full_name: z
        .string()
        .nullable()
        .describe('Holder\'s full name as printed, upper case: given names, a space, surname; null when a part is withheld (`name_withheld`)'),
      given_name: z
        .string()
        .nullable()
        .describe('Given name(s) as printed (upper case); from the MRZ when the print is unreadable; null when withheld (`name_withheld`)'),
      surname: z
        .string()
        .nullable()
        .describe('Surname as printed (upper case); from the MRZ when the print is unreadable; null when withheld (`name_withheld`)'),
      date_of_birth: isoDate
        .nullable()
        .describe('Date of birth YYYY-MM-DD (century: the latest not in the future); null when the MRZ says unknown'),
      nationality: z.string().describe('Nationality, three-letter code from the MRZ (Germany: `D`)'),
      passport_number: z.string().describe('Document number from the MRZ, filler removed'),
      issue_date: isoDate.nullable().describe('Date of issue YYYY-MM-DD from the printed page; null when not readable'),
      expiry_date: isoDate.nullable().describe('Date of expiry YYYY-MM-DD (20YY); null only when the MRZ date is impossible'),
      issuing_country: z.string().describe('Issuing state, three-letter code from the MRZ (Germany: `D`)'),
      sex: z.enum(['M', 'F', 'X']).describe('M, F, or X where the MRZ has `<` (unspecified)'),
      mrz: z
        .object({
          line1: z.string().length(44).nullable().describe('First MRZ line, 44 characters, `<` filler; null when a name part is withheld (`name_withheld`)'),
          line2: z.string().length(44).describe('Second MRZ line, 44 characters, `<` filler'),
          check_digits_valid: z.boolean().describe('True only when all five check digits validate on these exact lines'),
        })
        .describe('The machine-readable zone as read (after recorded repairs)'),
      document_code: z.string().describe('Document code from MRZ positions 1–2, filler removed, e.g. `P` or `PO`'),
      optional_data: z
        .string()
        .nullable()
        .describe('Personal number / optional data (MRZ line 2 positions 29–42), filler removed; null when empty, or when glare washed it and nothing proves it (warning mrz_washed_out)'),
      raw_dates: mrzRawDatesSchema,
      confidence: z
        .object(
          Object.fromEntries(confidenceFields.map((f) => [f, unit.describe(`Confidence in ${f}, 0..1`)])) as {
            [K in (typeof confidenceFields)[number]]: typeof unit;
          },
        )
        .describe('Per-field confidence, 0..1'),
      checks: z
        .object({
          check_digits: z
            .object({
              document_number: checkDigitVerdictSchema,
              date_of_birth: checkDigitVerdictSchema,
              expiry_date: checkDigitVerdictSchema,
              optional_data: checkDigitVerdictSchema,
              composite: checkDigitVerdictSchema,
            })
            .describe('Verdict of each MRZ check digit'),
          printed_vs_mrz: z
            .object({
              surname: agreementSchema,
              given_names: agreementSchema,
              passport_number: agreementSchema,
              date_of_birth: agreementSchema,
              expiry_date: agreementSchema,
              sex: agreementSchema,
              nationality: agreementSchema,
            })
            .describe('Agreement of the printed page with the MRZ, field by field'),
        })
        .describe('Validation of the reading'),
      repairs: z.array(repairSchema).describe('Every character repair applied, MRZ and printed page'),
      warnings: z.array(warningSchema).describe('Things the client should know (expired, truncated name, mismatches ...)'),
      last_page: lastPageSchema.nullable().describe('Fields of the last page (Indian passports); null when no last page was sent'),
      geometry: geometrySchema.optional().describe('Where each field was read on the uploaded pages (additive)'),
    })
    .describe('Passport extraction result'),
);

export type PassportResult = z.infer<typeof passportResultSchema>;
export type LastPageFields = z.infer<typeof lastPageSchema>;
export type PassportWarning = z.infer<typeof warningSchema>;
export type Repair = z.infer<typeof repairSchema>;
export type CheckDigitVerdict = z.infer<typeof checkDigitVerdictSchema>;
export type Agreement = z.infer<typeof agreementSchema>;
export type ConfidenceField = (typeof confidenceFields)[number];
