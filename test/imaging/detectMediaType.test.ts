import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { detectMediaType } from '../../core/imaging/detectMediaType.ts';

const base = () => sharp({ create: { width: 8, height: 6, channels: 3, background: '#808080' } });

describe('detectMediaType', () => {
  const cases: Array<[string, () => Promise<Uint8Array>, string | null]> = [
    ['jpeg', () => base().jpeg().toBuffer(), 'image/jpeg'],
    ['png', () => base().png().toBuffer(), 'image/png'],
    ['webp', () => base().webp().toBuffer(), 'image/webp'],
    ['tiff little-endian', () => base().tiff().toBuffer().then((b) => (b[0] === 0x49 ? b : Promise.reject(new Error('sharp wrote MM')))), 'image/tiff'],
    ['tiff big-endian header', async () => Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]), 'image/tiff'],
    ['pdf', async () => PDFDocument.create().then((d) => (d.addPage(), d.save())), 'application/pdf'],
    ['pdf after junk', async () => Buffer.concat([Buffer.alloc(500, 0x20), Buffer.from('%PDF-1.7\n')]), 'application/pdf'],
    ['pdf header too late', async () => Buffer.concat([Buffer.alloc(1100, 0x20), Buffer.from('%PDF-1.7\n')]), null],
    ['gif', async () => Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), null],
    ['riff but not webp', async () => Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'), null],
    ['text named .png', async () => Buffer.from('hello, I am a png'), null],
    ['empty', async () => Buffer.alloc(0), null],
    ['truncated jpeg magic', async () => Buffer.from([0xff, 0xd8]), null],
  ];
  it.each(cases)('%s', async (_name, make, expected) => {
    expect(detectMediaType(await make())).toBe(expected);
  });
});
