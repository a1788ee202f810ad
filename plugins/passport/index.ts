/**
 * The passport document plugin: the MRZ reader finds and reads the TD3 zone and rectifies the data page; the
 * printed page (VIZ) gives the names as printed and the date of issue; an optional last page gives the Indian
 * passport's family and address fields. One credit per page image sent.
 */
import { defineDocumentPlugin, PLUGIN_API_VERSION } from '../../core/plugins/types.ts';
import { passportVerdict } from './detect.ts';
import { locatePassport } from './mrz/locate.ts';
import { decodeReadings } from './reconcile/decodeReadings.ts';
import { passportResultSchema, type PassportResult } from './result.ts';
import type { Located, Prepared, Readings } from './stages.ts';
import { readPrintedPage } from './viz/readPrintedPage.ts';

export type { Located, Prepared, Readings } from './stages.ts';

export const passportPlugin = defineDocumentPlugin<Prepared, Located, Readings, PassportResult>({
  meta: {
    name: 'passport',
    version: '1.0.0',
    apiVersion: PLUGIN_API_VERSION,
    documentType: 'passport',
    summary: 'Passport data page (ICAO 9303 TD3 MRZ) to typed JSON, with check-digit verdicts and printed-page checks',
  },
  parts: [
    { name: 'first_page', required: true, pdfPages: 'first', description: 'The passport data page (photo and MRZ), image or one-page PDF' },
    { name: 'last_page', required: false, pdfPages: 'first', description: 'The last page (Indian passports: family names, address, file number)' },
  ],
  resultSchema: passportResultSchema,
  creditsFor: (upload) => ['first_page', 'last_page'].filter((name) => upload.parts[name] !== undefined).length,

  async preprocess(upload, ctx) {
    const firstPage = upload.parts.first_page?.pages[0];
    if (firstPage === undefined) return ctx.reject('unreadable_document', 'The first_page part holds no page.');
    const lastPage = upload.parts.last_page?.pages[0];
    return { first: await firstPage.image(), last: lastPage ? await lastPage.image() : null };
  },

  locate: locatePassport,
  read: readPrintedPage,
  decode: decodeReadings,
  detect: async (_upload, ctx) => passportVerdict(await ctx.pageWords()),
});

export default passportPlugin;
