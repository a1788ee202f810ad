/**
 * The ID card plugin (ICAO 9303 TD1: three MRZ lines of 30): the zone found and read with core's MRZ pieces
 * (readTd1Zone.ts), then decoded and validated (decodeTd1.ts) by its own field table (td1Fields.ts). One credit per
 * image sent.
 */
import type { GreyImage } from '../../core/imaging/greyImage.ts';
import { defineDocumentPlugin, PLUGIN_API_VERSION } from '../../core/plugins/types.ts';
import { decodeTd1, type Td1Readings } from './decodeTd1.ts';
import { idCardVerdict } from './detect.ts';
import { readTd1Zone } from './readTd1Zone.ts';
import { td1ResultSchema, type Td1Result } from './result.ts';

export type { Td1Readings } from './decodeTd1.ts';

export const td1Plugin = defineDocumentPlugin<GreyImage, GreyImage, Td1Readings, Td1Result>({
  meta: {
    name: 'td1',
    version: '1.0.0',
    apiVersion: PLUGIN_API_VERSION,
    documentType: 'id-card',
    summary: 'ID card MRZ (ICAO 9303 TD1, three lines of 30) to typed JSON, with check-digit verdicts and recorded repairs',
  },
  parts: [{ name: 'file', required: true, pdfPages: 'first', description: 'The side of the ID card with the three-line MRZ, image or one-page PDF' }],
  resultSchema: td1ResultSchema,
  creditsFor: () => 1,

  async preprocess(upload, ctx) {
    const page = upload.parts.file?.pages[0];
    if (page === undefined) return ctx.reject('unreadable_document', 'The file part holds no page.');
    return ctx.imaging.toGrey(await page.image());
  },

  // No locate: the zone is found and read in one pass over the cells (core/mrz), so the host's default hands the
  // grey image on to read.

  async read(image, ctx) {
    const readings = readTd1Zone(image, ctx);
    if (readings === null) {
      return ctx.reject('unreadable_document', 'No ID card machine-readable zone was found.', 'Send the side of the ID card with the three MRZ lines, whole and in focus.');
    }
    ctx.logger.debug({ rotation: readings.rotation }, 'td1 zone read');
    return readings;
  },

  decode(readings, ctx) {
    const outcome = decodeTd1(readings, ctx.now);
    if (!outcome.ok) return ctx.reject(outcome.code, outcome.detail, outcome.hint);
    return outcome.result;
  },

  detect: async (_upload, ctx) => idCardVerdict(await ctx.pageWords()),
});

export default td1Plugin;
