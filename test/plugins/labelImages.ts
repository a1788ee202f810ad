/** Synthetic label images drawn at test time (DejaVu Sans via librsvg in sharp): no binary fixtures, no real data. */
import sharp from 'sharp';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export async function labelPng(lines: readonly string[], width = 900): Promise<Buffer> {
  const height = 80 + lines.length * 90;
  const text = lines
    .map((line, i) => `<text x="40" y="${100 + i * 90}" font-family="DejaVu Sans" font-size="60" fill="#000">${escape(line)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function blankPng(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).png().toBuffer();
}

/** A PNG of many random-noise pixels: large on disk for its size on screen. */
export async function noisePng(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 1) data[i] = (i * 2654435761) >>> 24;
  return sharp(data, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}
