/**
 * A test-only plugin that holds its thread: preprocess spins the CPU without yielding (`spin` field: `forever`
 * or milliseconds), or ends its thread (`exit`). Only terminating a worker thread stops it; pool tests use it.
 */
import { z } from 'zod';
import { defineDocumentPlugin, PLUGIN_API_VERSION } from '../../core/plugins/types.ts';

export const spinPlugin = defineDocumentPlugin<number, number, number, { spun: number }>({
  meta: { name: 'spin', version: '0.1.0', apiVersion: PLUGIN_API_VERSION, documentType: 'spin', summary: 'Spins (test-only).' },
  parts: [{ name: 'file', required: true, description: 'Any image', pdfPages: 'first' }],
  resultSchema: z.object({ spun: z.number() }),
  creditsFor: () => 1,
  async preprocess(_upload, ctx) {
    if (ctx.fields['exit'] !== undefined) process.exit(3);
    const spin = ctx.fields['spin'] ?? '0';
    const until = spin === 'forever' ? Number.POSITIVE_INFINITY : Date.now() + Number(spin);
    let turns = 0;
    while (Date.now() < until) turns += 1;
    return turns;
  },
  async locate(turns) {
    return turns;
  },
  async read(turns) {
    return turns;
  },
  decode(turns) {
    return { spun: turns >= 0 ? 1 : 0 };
  },
});
