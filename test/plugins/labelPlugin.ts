/**
 * A test-only document plugin: reads the printed words of a plain label through the real OCR port. It exercises
 * every hook, the context and rejections without depending on the shipped plugins' accuracy. It leaves out `locate`:
 * the host's default hands the pages to `read` as they are.
 */
import { z } from 'zod';
import type { RawImage } from '../../core/imaging/types.ts';
import { defineDocumentPlugin, PLUGIN_API_VERSION } from '../../core/plugins/types.ts';

export const labelResultSchema = z.object({
  text: z.string().min(1),
  words: z.number().int().min(1),
  pages: z.number().int().min(1),
  /** With the field `ahead`: what became of a read asked ahead of need and withdrawn at once (OcrRequest.withdraw). */
  ahead: z.enum(['answered', 'withdrawn']).optional(),
});

type LabelReading = { readonly texts: string[]; readonly ahead?: 'answered' | 'withdrawn' };

export const labelPlugin = defineDocumentPlugin<RawImage[], RawImage[], LabelReading, z.infer<typeof labelResultSchema>>({
  meta: {
    name: 'label',
    version: '0.1.0',
    apiVersion: PLUGIN_API_VERSION,
    documentType: 'label',
    summary: 'A printed label (test-only).',
  },
  parts: [
    { name: 'file', required: true, description: 'The label', pdfPages: 'all' },
    { name: 'back', required: false, description: 'Its back side', pdfPages: 'first' },
  ],
  resultSchema: labelResultSchema,
  creditsFor(upload) {
    return Object.values(upload.parts).reduce((sum, part) => sum + part.pages.length, 0);
  },
  async preprocess(upload) {
    const pages = Object.values(upload.parts).flatMap((part) => part.pages);
    return Promise.all(pages.map((page) => page.image()));
  },
  async read(images, ctx) {
    const texts: string[] = [];
    let ahead: Promise<'answered' | 'withdrawn'> | undefined;
    for (const image of images) {
      const reading = ctx.ocr.recognize({ image, segmentation: 'single_block' });
      if (ctx.fields['ahead'] !== undefined && ahead === undefined) {
        // Asked right behind the page's own read, so it waits for the worker that read holds; withdrawn at once.
        const withdraw = new AbortController();
        ahead = ctx.ocr.recognize({ image, segmentation: 'single_block', withdraw: withdraw.signal }).then(
          () => 'answered' as const,
          () => 'withdrawn' as const,
        );
        withdraw.abort();
      }
      texts.push((await reading).text);
    }
    ctx.logger.info({ pages: texts.length }, 'label read');
    return ahead === undefined ? { texts } : { texts, ahead: await ahead };
  },
  decode({ texts, ahead }, ctx) {
    const words = texts.join(' ').split(/\s+/).filter((word) => /^[A-Z0-9]{2,}$/.test(word));
    if (words.length === 0) ctx.reject('unreadable_document', 'No printed words were found.', 'The label looks blank.');
    return { text: words.join(' '), words: words.length, pages: texts.length, ...(ahead === undefined ? {} : { ahead }) };
  },
});
