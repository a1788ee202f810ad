import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../core/errors.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import { warmUpPage } from '../../core/ocr/warmUpPage.ts';
import { renderTextLine } from './renderTextLine.ts';

const header = renderTextLine('INCOME TAX DEPARTMENT');

describe('tesseract pool (real OCR, 2 workers)', () => {
  let pool: OcrPool;
  beforeAll(async () => {
    pool = createOcrPool({ workers: 2 });
    await pool.ready();
  });
  afterAll(async () => {
    await pool?.terminate();
  });

  it.each([
    ['raw RGB', header.raw],
    ['encoded PNG', header.png],
  ])('reads a rendered line exactly from %s, with words and boxes', async (_name, image) => {
    const result = await pool.recognize({ image, segmentation: 'single_line' });
    expect(result.text.trim()).toBe('INCOME TAX DEPARTMENT');
    expect(result.lines).toHaveLength(1);
    const [line] = result.lines;
    expect(line?.words.map((word) => word.text)).toEqual(['INCOME', 'TAX', 'DEPARTMENT']);
    expect(line!.confidence).toBeGreaterThan(80);
    // Text is drawn from x = 20 with 48 px glyphs around the middle of a 120 px line.
    expect(line!.bbox.x0).toBeGreaterThanOrEqual(18);
    expect(line!.bbox.x0).toBeLessThan(40);
    expect(line!.bbox.y0).toBeGreaterThan(30);
    expect(line!.bbox.y1).toBeLessThan(100);
  });

  it('finds the warm-up page\'s two rows as text, so that a new worker runs its line recogniser before its first job', async () => {
    const result = await pool.recognize({ image: warmUpPage(), segmentation: 'sparse_text', darkTextOnly: true });
    const rows = new Set(result.lines.map((line) => Math.round(line.bbox.y0 / 50)));
    expect(rows.size).toBe(2);
    expect(result.text.replace(/[^A-Z]/g, '').length).toBeGreaterThan(30);
  });

  it('respects the character whitelist', async () => {
    const digits = renderTextLine('DOB 12/03/1985');
    const open = await pool.recognize({ image: digits.raw, segmentation: 'single_line' });
    expect(open.text).toMatch(/DOB/);
    const restricted = await pool.recognize({ image: digits.raw, segmentation: 'single_line', charWhitelist: '0123456789/' });
    expect(restricted.text.trim()).toMatch(/^[0-9/ ]+$/);
    expect(restricted.text).toContain('12/03/1985');
  });

  it('reads only the rectangle and reports boxes in the whole image', async () => {
    const two = renderTextLine('ALPHA                 OMEGA', { width: 1000 });
    const full = await pool.recognize({ image: two.raw, segmentation: 'single_line' });
    const omega = full.lines.flatMap((line) => line.words).find((word) => word.text === 'OMEGA');
    expect(omega).toBeDefined();
    const rectangle = { left: omega!.bbox.x0 - 15, top: 0, width: omega!.bbox.x1 - omega!.bbox.x0 + 30, height: 120 };
    for (const image of [two.raw, two.png]) {
      const part = await pool.recognize({ image, segmentation: 'single_word', rectangle });
      expect(part.text.trim()).toBe('OMEGA');
      const word = part.lines[0]?.words[0];
      expect(Math.abs(word!.bbox.x0 - omega!.bbox.x0)).toBeLessThanOrEqual(3);
      expect(Math.abs(word!.bbox.y0 - omega!.bbox.y0)).toBeLessThanOrEqual(3);
    }
  });

  it('does not carry one job\'s whitelist into the next', async () => {
    await pool.recognize({ image: header.raw, segmentation: 'single_line', charWhitelist: '0123456789' });
    const after = await Promise.all([pool.recognize({ image: header.raw }), pool.recognize({ image: header.raw })]);
    for (const result of after) expect(result.text.trim()).toBe('INCOME TAX DEPARTMENT');
  });

  it('reads light text on dark unless asked for dark text only, and does not carry that into the next job', async () => {
    const inverted = { ...header.raw, data: Buffer.from(header.raw.data.map((value) => 255 - value)) };
    const darkOnly = () => pool.recognize({ image: inverted, segmentation: 'single_line', darkTextOnly: true });
    // One dark-only job on each of the two workers, then the default (inverted tries) must be back on both.
    for (const result of await Promise.all([darkOnly(), darkOnly()])) expect(result.text.trim()).not.toBe('INCOME TAX DEPARTMENT');
    const after = await Promise.all([pool.recognize({ image: inverted, segmentation: 'single_line' }), pool.recognize({ image: inverted, segmentation: 'single_line' })]);
    for (const result of after) expect(result.text.trim()).toBe('INCOME TAX DEPARTMENT');
  });

  it('runs 4 jobs over 2 workers, each getting its own answer', async () => {
    const texts = ['FIRST LINE 1', 'SECOND LINE 2', 'THIRD LINE 3', 'FOURTH LINE 4'];
    const results = await Promise.all(
      texts.map((text) => pool.recognize({ image: renderTextLine(text).raw, segmentation: 'single_line' })),
    );
    expect(results.map((result) => result.text.trim())).toEqual(texts);
  });

  it('drops a queued job when its signal aborts, and discards a running one', async () => {
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const jobs = controllers.map((controller) => pool.recognize({ image: header.raw, signal: controller.signal }));
    // Two start on the two workers; the third waits in the queue.
    controllers[2]!.abort(new Error('client went away'));
    controllers[0]!.abort(new Error('timed out'));
    await expect(jobs[2]).rejects.toThrow('client went away');
    await expect(jobs[0]).rejects.toThrow('timed out');
    expect((await jobs[1]!).text.trim()).toBe('INCOME TAX DEPARTMENT');
    const aborted = new AbortController();
    aborted.abort(new Error('already gone'));
    await expect(pool.recognize({ image: header.raw, signal: aborted.signal })).rejects.toThrow('already gone');
    // The pool still works afterwards.
    expect((await pool.recognize({ image: header.raw })).text.trim()).toBe('INCOME TAX DEPARTMENT');
  });

  it('drops a withdrawn job that still waits, and answers one that had started', async () => {
    // A job an earlier test discarded may still hold a worker: start from an idle pool.
    while (pool.load().busy > 0 || pool.load().queued > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const withdraws = [new AbortController(), new AbortController(), new AbortController()];
    const jobs = withdraws.map((controller) => pool.recognize({ image: header.raw, withdraw: controller.signal }));
    // Two start on the two workers; the third waits in the queue. Withdrawn, the started ones still answer.
    expect(pool.load()).toEqual({ queued: 1, busy: 2 });
    for (const controller of withdraws) controller.abort(new Error('no longer needed'));
    const [first, second, third] = await Promise.allSettled(jobs);
    expect(third).toMatchObject({ status: 'rejected', reason: { message: 'no longer needed' } });
    for (const started of [first, second]) {
      expect(started?.status).toBe('fulfilled');
      if (started?.status === 'fulfilled') expect(started.value.text.trim()).toBe('INCOME TAX DEPARTMENT');
    }
    const withdrawn = new AbortController();
    withdrawn.abort(new Error('never wanted'));
    await expect(pool.recognize({ image: header.raw, withdraw: withdrawn.signal })).rejects.toThrow('never wanted');
  });

  it('keeps one abort listener on a signal however many of its jobs wait, and drops it once they are answered', async () => {
    // A dozen lines of one page read at once: one listener a job passed Node's limit of ten, which warned of a leak.
    const request = new AbortController();
    const lines = Array.from({ length: 12 }, (_, i) => `LINE ${i + 1}`);
    const jobs = lines.map((text) => pool.recognize({ image: renderTextLine(text).raw, segmentation: 'single_line', signal: request.signal }));
    expect(getEventListeners(request.signal, 'abort')).toHaveLength(1);
    expect((await Promise.all(jobs)).map((result) => result.text.trim())).toEqual(lines);
    expect(getEventListeners(request.signal, 'abort')).toHaveLength(0);
  });

  it('drops every waiting job of a signal when it aborts', async () => {
    while (pool.load().busy > 0 || pool.load().queued > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const request = new AbortController();
    const jobs = Array.from({ length: 6 }, () => pool.recognize({ image: header.raw, signal: request.signal }));
    request.abort(new Error('client went away'));
    const settled = await Promise.allSettled(jobs);
    expect(settled.every((s) => s.status === 'rejected' && (s.reason as Error).message === 'client went away')).toBe(true);
    expect(getEventListeners(request.signal, 'abort')).toHaveLength(0);
    expect((await pool.recognize({ image: header.raw, signal: new AbortController().signal })).text.trim()).toBe('INCOME TAX DEPARTMENT');
  });

  it('rejects an image it cannot decode and keeps working', async () => {
    await expect(pool.recognize({ image: Buffer.from('not an image at all') })).rejects.toThrow(/OCR failed/);
    expect((await pool.recognize({ image: header.png })).text.trim()).toBe('INCOME TAX DEPARTMENT');
  });

  it('returns an empty result for a rectangle outside the image', async () => {
    const result = await pool.recognize({ image: header.raw, rectangle: { left: 2000, top: 0, width: 10, height: 10 } });
    expect(result).toEqual({ text: '', confidence: 0, lines: [] });
  });
});

describe('tesseract pool lifecycle', () => {
  it('finishes queued work on terminate, then refuses new jobs', async () => {
    const pool = createOcrPool({ workers: 1 });
    expect(pool.size).toBe(1);
    // Jobs sent before the workers are ready wait for them.
    const jobs = [pool.recognize({ image: header.raw }), pool.recognize({ image: header.png })];
    await pool.terminate();
    for (const result of await Promise.all(jobs)) expect(result.text.trim()).toBe('INCOME TAX DEPARTMENT');
    const late = pool.recognize({ image: header.raw });
    await expect(late).rejects.toBeInstanceOf(ProblemError);
    await expect(late).rejects.toMatchObject({ code: 'service_unavailable' });
    await pool.terminate();
  });

  it('abandons a job past its time limit and replaces the stuck worker', async () => {
    const pool = createOcrPool({ workers: 1, jobTimeoutMs: 1500 });
    await pool.ready();
    try {
      // A tall page of dense text takes Tesseract several seconds.
      const lines = Array.from({ length: 40 }, (_, i) => renderTextLine(`LINE ${i} OF A VERY LONG PAGE OF SYNTHETIC TEXT ${i * 7}`, { width: 2400, height: 70, size: 40 }).raw);
      const page = { data: Buffer.concat(lines.map((line) => line.data)), width: 2400, height: 70 * lines.length, channels: 3 as const };
      await expect(pool.recognize({ image: page })).rejects.toThrow(/exceeded 1500 ms/);
      const word = renderTextLine('PASSPORT', { width: 320, height: 80, size: 40 });
      expect((await pool.recognize({ image: word.raw, segmentation: 'single_word' })).text.trim()).toBe('PASSPORT');
    } finally {
      await pool.terminate();
    }
  });

  it('replaces a worker whose cancelled job runs past its grace, and keeps working', async () => {
    const warnings: string[] = [];
    const logger = { info() {}, warn: (_fields: unknown, message?: string) => void warnings.push(String(message)) };
    const pool = createOcrPool({ workers: 1, abortGraceMs: 200, logger });
    await pool.ready();
    try {
      const lines = Array.from({ length: 40 }, (_, i) => renderTextLine(`LINE ${i} OF A VERY LONG PAGE OF SYNTHETIC TEXT ${i * 7}`, { width: 2400, height: 70, size: 40 }).raw);
      const page = { data: Buffer.concat(lines.map((line) => line.data)), width: 2400, height: 70 * lines.length, channels: 3 as const };
      const cancel = new AbortController();
      const long = pool.recognize({ image: page, signal: cancel.signal });
      setTimeout(() => cancel.abort(new Error('request timed out')), 100);
      await expect(long).rejects.toThrow('request timed out');
      const word = renderTextLine('PASSPORT', { width: 320, height: 80, size: 40 });
      expect((await pool.recognize({ image: word.raw, segmentation: 'single_word' })).text.trim()).toBe('PASSPORT');
      expect(warnings).toContain('Replacing OCR worker');
    } finally {
      await pool.terminate();
    }
  });

  it('refuses to start without language data rather than fetching it', () => {
    expect(() => createOcrPool({ workers: 1, langPath: '/nonexistent' })).toThrow(/language data not found/);
    expect(() => createOcrPool({ workers: 0 })).toThrow();
  });
});
