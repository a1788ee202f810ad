/** The MRZ's dates as read, before century resolution: the same member in every MRZ document's result. */
import { z } from 'zod';

export const mrzRawDatesSchema = z
  .object({
    date_of_birth: z.string().length(6).describe('Date of birth as in the MRZ, YYMMDD (may contain `<`)'),
    expiry_date: z.string().length(6).describe('Date of expiry as in the MRZ, YYMMDD'),
  })
  .describe('The MRZ dates before century resolution');
