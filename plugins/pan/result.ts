/** The PAN endpoint's response body: SPEC.md 2.2's fields exactly, plus additive members that say how sure we are. */
import { z } from 'zod';
import { withResultEnvelope } from '../../core/extraction/resultEnvelope.ts';
import { HOLDER_TYPE_CODES, HOLDER_TYPES } from './holderTypes.ts';

const holderTypeCode = z.string().regex(/^[A-Z]$/);
const holderType = z.enum(Object.values(HOLDER_TYPES) as [string, ...string[]]).nullable();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const panStructureSchema = z
  .object({
    series: z.string().regex(/^[A-Z]{3}$/).describe('First 3 characters of the PAN.'),
    holder_type_code: holderTypeCode.describe('4th character of the PAN (same value as the top-level field).'),
    holder_type: holderType.describe('Decoded label (same value as the top-level field); null for a letter in no holder-type table.'),
    name_initial: z.string().regex(/^[A-Z]$/).describe('5th character of the PAN: initial of the surname (individuals) or of the name.'),
    sequence: z.string().regex(/^[0-9]{4}$/).describe('4-digit sequence (characters 6 to 9).'),
    check_digit: z.string().regex(/^[A-Z]$/).describe('Last (10th) character of the PAN, as printed; never recomputed.'),
  })
  .describe('Decomposition of the PAN.');

const confidence = z.number().min(0).max(1);

const fieldRegion = z
  .object({
    page: z.number().int().min(0).describe('0-based page index, as in source.page.'),
    polygon: z
      .array(z.tuple([z.number(), z.number()]))
      .min(3)
      .describe('Corners [x, y] in pixels of the page as uploaded (after EXIF rotation; a PDF page as rendered), clockwise from the top-left corner of the text as it reads.'),
  })
  .nullable();

export const panResultSchema = withResultEnvelope(
  z
    .object({
      pan_number: z
        .string()
        .regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/)
        .describe('PAN, 10 characters: 3-letter series, holder-type letter, name-initial letter, 4-digit sequence, check letter.'),
      full_name: z.string().nullable().describe("Holder's name as printed (upper case); null only when it could not be read (see warnings)."),
      father_name: z
        .string()
        .nullable()
        .describe("Father's name as printed; always null for non-individual holders (their cards carry none) and when unreadable."),
      date_of_birth: isoDate
        .nullable()
        .describe('Date printed on the card, YYYY-MM-DD: the date of birth, or for non-individuals the date of incorporation/formation (see date_kind); null when unreadable.'),
      holder_type_code: holderTypeCode.describe(`Holder-type code: the 4th character of the PAN, one of ${HOLDER_TYPE_CODES.join(', ')} on a valid PAN; another letter only where the card prints one (checks.holder_type_known false).`),
      holder_type: holderType.describe('Text label decoded from holder_type_code; null when the code is in no holder-type table (checks.holder_type_known false, with a warning).'),
      pan_structure: panStructureSchema,
      date_kind: z.enum(['birth', 'incorporation']).describe('What date_of_birth holds: a birth date (individuals) or an incorporation/formation date.'),
      card_layout: z
        .enum(['old', 'new', 'e-pan'])
        .describe('Card design: old (unlabelled lines, before 2017), new (bilingual labels, from 2017) or e-pan (PDF issued electronically).'),
      confidence: z
        .object({
          pan_number: confidence.describe('0..1 confidence in pan_number.'),
          full_name: confidence.describe('0..1 confidence in full_name.'),
          father_name: confidence.describe('0..1 confidence in father_name (1 when null because the holder is not an individual).'),
          date_of_birth: confidence.describe('0..1 confidence in date_of_birth.'),
        })
        .describe('Per-field confidence, 0..1: 1 for a PDF text layer, else from OCR and the checks below.'),
      checks: z
        .object({
          format_valid: z.boolean().describe('The PAN matches the 10-character format (after the repairs listed).'),
          holder_type_known: z.boolean().describe("The PAN's 4th character is a known holder-type code."),
          name_initial_matches: z
            .boolean()
            .nullable()
            .describe("The PAN's 5th character is the initial of the surname (individuals: last word of the name) or of the entity name; null when the name is unknown."),
          date_plausible: z.boolean().nullable().describe('The date is a real calendar date, not in the future; null when no date was read.'),
        })
        .describe('Verdicts of the checks that can be made without the issuer (the check letter is not verifiable).'),
      repairs: z
        .array(
          z
            .object({
              field: z.enum(['pan_number', 'date_of_birth', 'full_name', 'father_name']).describe('The field that was repaired.'),
              position: z.number().int().min(1).nullable().describe('1-based character position, when the repair is one character.'),
              from: z.string().describe('What was read.'),
              to: z.string().describe('What it was repaired to.'),
              reason: z.string().describe('Why: e.g. letter_expected, digit_expected.'),
            })
            .describe('One repair of an OCR reading.'),
        )
        .describe('Every repair made to what was read, by field class and position; empty when nothing was repaired.'),
      warnings: z.array(z.string().describe('One warning, in words; never contains personal data.')).describe('Things the caller should know, e.g. a failed check.'),
      geometry: z
        .object({
          pan_number: fieldRegion.describe('Where the PAN was read.'),
          full_name: fieldRegion.describe('Where the name was read.'),
          father_name: fieldRegion.describe("Where the father's name was read."),
          date_of_birth: fieldRegion.describe('Where the date was read.'),
        })
        .describe('Where each field was read on the page; null for a field not read or not located.'),
      source: z
        .object({
          page: z.number().int().min(0).describe('0-based index of the page (of a PDF) that holds the card; 0 for an image.'),
          text_layer: z.boolean().describe("True when the fields were read from the PDF's text layer."),
          ocr: z.boolean().describe('True when OCR was used.'),
        })
        .describe('Where the fields came from.'),
    })
    .describe('PAN card extraction result.'),
);

export type PanResult = z.infer<typeof panResultSchema>;
export type PanRepairRecord = PanResult['repairs'][number];
