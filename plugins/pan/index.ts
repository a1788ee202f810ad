/**
 * The PAN card plugin: a PDF page with a text layer is read from its text (no OCR); anything else is levelled,
 * turned upright and read with a few OCR calls. Fields come from labels (new cards) or line order (old cards).
 */
import { defineDocumentPlugin, PLUGIN_API_VERSION } from '../../core/plugins/types.ts';
import type { Page } from '../../core/imaging/types.ts';
import { panCardVerdict } from './detect.ts';
import { parseCardLines, type CardReading } from './cardLayout.ts';
import { linesFromTextLayer } from './cardLines.ts';
import { analysisGrey } from './cardImage.ts';
import { readCardImage, readingScore, type Crops } from './cardOcr.ts';
import { decodePanReadings, type PanReadings } from './panDecode.ts';
import { panResultSchema, type PanResult } from './result.ts';
import { estimateTextAngle, textBox } from './textAngle.ts';

interface Prepared {
  /** The first PDF page whose text layer holds a PAN card, read from its text. */
  readonly textPage: { readonly index: number; readonly card: CardReading } | null;
  /** Pages to read by OCR, in order, when no text layer holds the card. */
  readonly imagePages: readonly Page[];
}

type Located =
  | { readonly kind: 'text'; readonly index: number; readonly card: CardReading }
  | { readonly kind: 'image'; readonly pages: readonly LocatedPage[] };

interface LocatedPage {
  readonly page: Page;
  readonly degrees: number;
  /** Where the text sits once levelled, and once turned a further quarter (the direction may be misjudged). */
  readonly crops: Crops;
}

/** Grey levels between the 1st and 99th percentile under which a page is blank (a card photographed dim spans 40+). */
const BLANK_GREY_SPREAD = 16;

/** A text layer reading that found a PAN or the card's labels: good enough to skip OCR on that page. */
function textLayerHoldsCard(card: CardReading): boolean {
  return card.pan !== null && card.pan.candidate.outcome.ok;
}

export const panPlugin = defineDocumentPlugin<Prepared, Located, PanReadings, PanResult>({
  meta: {
    name: 'pan',
    version: '1.0.0',
    apiVersion: PLUGIN_API_VERSION,
    documentType: 'pan',
    summary: 'Indian PAN card (old, new and e-PAN layouts; individuals and other holders) from a photo, scan or PDF.',
  },
  parts: [{ name: 'file', required: true, description: 'The PAN card: a photo or scan (JPEG, PNG, WebP, TIFF) or a PDF (e-PAN or scan).', pdfPages: 'all' }],
  resultSchema: panResultSchema,

  creditsFor(upload) {
    // One credit per PDF page (every page is charged, whichever holds the card) or per image.
    return Math.max(1, upload.parts['file']?.pages.length ?? 1);
  },

  async preprocess(upload, ctx) {
    const part = upload.parts['file'];
    if (!part || part.pages.length === 0) return ctx.reject('unreadable_document', 'The upload holds no page.', 'Send one image or PDF in the `file` part.');
    for (const page of part.pages) {
      if (page.textLayer === null || page.textLayer.length === 0) continue;
      const card = parseCardLines(linesFromTextLayer(page.textLayer));
      if (textLayerHoldsCard(card)) return { textPage: { index: page.index, card }, imagePages: [] };
    }
    return { textPage: null, imagePages: part.pages };
  },

  async locate(prepared, ctx) {
    if (prepared.textPage) return { kind: 'text', ...prepared.textPage };
    const pages: LocatedPage[] = [];
    for (const page of prepared.imagePages) {
      if (ctx.signal.aborted) break;
      const grey = await analysisGrey(await page.image(), ctx.imaging);
      // Blank paper (a faint print pattern at most): stretching it would make OCR read its texture as text.
      if (grey.greySpread < BLANK_GREY_SPREAD) continue;
      const angle = estimateTextAngle(grey, ctx.imaging);
      // A page with hardly any ink is blank: nothing to read on it.
      if (angle !== null) {
        pages.push({ page, degrees: angle.degrees, crops: { level: textBox(grey, -angle.degrees, ctx.imaging), quarter: textBox(grey, -angle.degrees + 90, ctx.imaging) } });
      }
    }
    if (pages.length === 0) {
      ctx.reject('unreadable_document', 'No card or text was found in the document.', 'Send a photo or scan showing the whole PAN card, in focus and well lit.');
    }
    return { kind: 'image', pages };
  },

  async read(located, ctx) {
    if (located.kind === 'text') {
      // The text layer is in the rendered page's pixels already.
      return { card: located.card, panReread: null, dateReread: null, panGlyphs: null, isEpan: true, source: { page: located.index, text_layer: true, ocr: false }, toPage: (x, y) => [x, y] };
    }
    let best: PanReadings | null = null;
    let bestScore = -1;
    for (const { page, degrees, crops } of located.pages) {
      const reading = await readCardImage(await page.image(), degrees, crops, ctx);
      const readings: PanReadings = {
        card: reading.card,
        panReread: reading.panReread,
        dateReread: reading.dateReread,
        panGlyphs: reading.panGlyphs,
        isEpan: false,
        source: { page: page.source === 'pdf' ? page.index : 0, text_layer: false, ocr: true },
        toPage: reading.toPage,
      };
      ctx.logger.debug({ page: page.index, ocrCalls: reading.ocrCalls, layout: reading.card.layout }, 'pan page read');
      const score = readingScore(reading.card);
      if (score > bestScore) {
        best = readings;
        bestScore = score;
      }
      if (reading.card.pan?.candidate.outcome.ok) break; // the page with the card: later pages are not read
    }
    if (best === null) return ctx.reject('unreadable_document', 'No page could be read.', 'Send a sharper photo or scan of the card.');
    return best;
  },

  decode(readings, ctx) {
    const outcome = decodePanReadings(readings, ctx.now);
    if (!outcome.ok) return ctx.reject(outcome.code, outcome.detail, outcome.hint);
    return outcome.result;
  },

  detect: async (_upload, ctx) => panCardVerdict(await ctx.pageWords()),
});
