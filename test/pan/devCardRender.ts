/**
 * A small PAN card renderer for developing the image path before the shared fixture set has PAN cards: invented
 * names, both layouts, bilingual labels, guilloche and a portrait box, then a photo-like placement on a background.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { drawGuilloche, drawPortrait, drawSignature } from '../../fixtures/documentArt.ts';
import { font, registerFixtureFonts } from '../../fixtures/fonts.ts';
import { createRandom } from '../../fixtures/random.ts';

export interface DevCard {
  readonly layout: 'old' | 'new';
  readonly pan: string;
  readonly name: string;
  readonly father: string | null;
  readonly date: string; // as printed
}

const W = 1012;
const H = 638;

export function renderDevCard(card: DevCard, seed: number): Buffer {
  registerFixtureFonts();
  const random = createRandom(seed);
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#e9eef0';
  ctx.fillRect(0, 0, W, H);
  drawGuilloche(ctx, { x: 0, y: 0, w: W, h: H }, random, '#7aa0b8', 0.25);
  ctx.fillStyle = '#111';
  ctx.textBaseline = 'top';
  const individual = card.father !== null;
  if (card.layout === 'new') {
    ctx.font = font(26, 'sansBold', 'bold');
    ctx.fillText('आयकर विभाग  INCOME TAX DEPARTMENT', 180, 24);
    ctx.fillText('भारत सरकार  GOVT. OF INDIA', 620, 60);
    ctx.font = font(24, 'sans');
    ctx.fillText('स्थायी लेखा संख्या कार्ड', 330, 110);
    ctx.fillText('Permanent Account Number Card', 330, 142);
    ctx.font = font(36, 'sansBold', 'bold');
    ctx.fillText(card.pan, 360, 180);
    drawPortrait(ctx, { x: 40, y: 120, w: 200, h: 240 }, random);
    let y = 250;
    const field = (label: string, value: string): void => {
      ctx.font = font(20, 'sans');
      ctx.fillText(label, 270, y);
      ctx.font = font(28, 'sansBold', 'bold');
      ctx.fillText(value, 270, y + 30);
      y += 92;
    };
    field('नाम / Name', card.name);
    if (individual) field("पिता का नाम / Father's Name", card.father ?? '');
    field(individual ? 'जन्म की तारीख / Date of Birth' : 'निगमन/गठन की तारीख / Date of Incorporation/Formation', card.date);
    ctx.fillStyle = '#222';
    for (let i = 0; i < 14; i++) for (let j = 0; j < 14; j++) if (random.next() > 0.5) ctx.fillRect(800 + i * 12, 260 + j * 12, 12, 12);
    drawSignature(ctx, { x: 40, y: 520, w: 220, h: 70 }, random);
  } else {
    ctx.font = font(28, 'sansBold', 'bold');
    ctx.fillText('आयकर विभाग', 60, 20);
    ctx.fillText('भारत सरकार', 700, 20);
    ctx.fillText('INCOME TAX DEPARTMENT', 40, 62);
    ctx.fillText('GOVT. OF INDIA', 700, 62);
    ctx.font = font(28, 'sansBold', 'bold');
    let y = 140;
    for (const line of [card.name, ...(individual ? [card.father ?? ''] : []), card.date]) {
      ctx.fillText(line, 40, y);
      y += 52;
    }
    ctx.font = font(22, 'sans');
    ctx.fillText('Permanent Account Number', 40, y + 10);
    ctx.font = font(32, 'sansBold', 'bold');
    ctx.fillText(card.pan, 40, y + 44);
    drawPortrait(ctx, { x: 760, y: 200, w: 200, h: 240 }, random);
    drawSignature(ctx, { x: 40, y: 540, w: 220, h: 60 }, random);
  }
  return canvas.toBuffer('image/png');
}

/** The card as a phone photo: scaled, rotated, on a textured background, optionally blurred or darkened. */
export async function photographDevCard(
  png: Buffer,
  options: { width: number; rotate?: number; blur?: number; brightness?: number; background?: boolean },
): Promise<Buffer> {
  let img = sharp(png).resize({ width: Math.round(options.width * 0.7) });
  if (options.background !== false) {
    const inner = await img.png().toBuffer();
    const meta = await sharp(inner).metadata();
    const pad = Math.round(options.width * 0.15);
    img = sharp(inner).extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 120, g: 96, b: 70 } });
    void meta;
  }
  if (options.rotate) img = sharp(await img.png().toBuffer()).rotate(options.rotate, { background: { r: 120, g: 96, b: 70 } });
  if (options.blur) img = sharp(await img.png().toBuffer()).blur(options.blur);
  if (options.brightness) img = sharp(await img.png().toBuffer()).modulate({ brightness: options.brightness });
  return img.jpeg({ quality: 88 }).toBuffer();
}
