/**
 * Hostile PDFs, generated: decompression bombs, huge pages, object floods. Cheap to build: a Flate bomb is one
 * compressed block of zeros repeated, so a 4 GiB bomb costs one 16 MiB deflate and a 4 MB concat.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, deflateRawSync } from 'node:zlib';

const BLOCK_BYTES = 16 * 1024 * 1024;
let zeroBlock: Buffer | undefined;

/** A zlib stream that inflates to `bytes` zeros (a multiple of 16 MiB), about 1/1000 of that size. */
export function flateZeros(bytes: number): Buffer {
  if (bytes % BLOCK_BYTES !== 0) throw new Error('flateZeros takes a multiple of 16 MiB');
  // A full flush ends the block byte-aligned with the window reset, so copies can simply be concatenated.
  zeroBlock ??= deflateRawSync(Buffer.alloc(BLOCK_BYTES), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const count = bytes / BLOCK_BYTES;
  // Adler-32 of n zeros: a = 1, b = n mod 65521.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((bytes % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: count }, () => zeroBlock!), Buffer.from([0x03, 0x00]), adler]);
}

export type PdfObject = string | { readonly dict: string; readonly stream: Buffer };

/** A PDF from numbered objects (1-based, object 1 the catalog), with a correct xref table. */
export function buildPdf(objects: readonly PdfObject[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (chunk: Buffer): void => {
    parts.push(chunk);
    length += chunk.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    if (typeof object === 'string') push(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
    else {
      push(Buffer.from(`${index + 1} 0 obj\n<<${object.dict}/Length ${object.stream.length}>>\nstream\n`, 'latin1'));
      push(object.stream);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)];
  push(Buffer.from(`${xref.join('')}trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** Pages of `width` x `height` points, each drawing its content stream (a page's objects start at 3). */
export function pagesPdf(pages: readonly { width: number; height: number; content: PdfObject; resources?: string }[], extra: readonly PdfObject[] = []): Buffer {
  const objects: PdfObject[] = ['<</Type/Catalog/Pages 2 0 R>>', ''];
  const kids: string[] = [];
  for (const page of pages) {
    const pageNumber = objects.length + 1;
    kids.push(`${pageNumber} 0 R`);
    objects.push(
      `<</Type/Page/Parent 2 0 R/MediaBox[0 0 ${page.width} ${page.height}]/Contents ${pageNumber + 1} 0 R/Resources<<${page.resources ?? ''}>>>>`,
      page.content,
    );
  }
  objects[1] = `<</Type/Pages/Kids[${kids.join(' ')}]/Count ${pages.length}>>`;
  return buildPdf([...objects, ...extra]);
}

/** One A4 page whose content stream inflates to `bytes` zeros (zeros are whitespace to a PDF reader). */
export const contentBombPdf = (bytes: number): Buffer =>
  pagesPdf([{ width: 595, height: 842, content: { dict: '/Filter/FlateDecode', stream: flateZeros(bytes) } }]);

/** One A4 page painting an image XObject that declares `side` x `side` RGB pixels over a Flate stream of `bytes` zeros. */
export function imageBombPdf(side: number, bytes: number): Buffer {
  const draw = Buffer.from('q 500 0 0 700 40 70 cm /Im0 Do Q\n', 'latin1');
  // Objects: 1 catalog, 2 pages, 3 page, 4 content, 5 image.
  return pagesPdf([{ width: 595, height: 842, content: { dict: '', stream: draw }, resources: '/XObject<</Im0 5 0 R>>' }], [
    { dict: `/Type/XObject/Subtype/Image/Width ${side}/Height ${side}/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/FlateDecode`, stream: flateZeros(bytes) },
  ]);
}

/** `count` pages of `side` x `side` points, each with a little text. */
export const hugePagesPdf = (side: number, count: number): Buffer =>
  pagesPdf(Array.from({ length: count }, () => ({ width: side, height: side, content: { dict: '', stream: Buffer.from('BT /F1 24 Tf 72 72 Td (x) Tj ET\n', 'latin1') } })));

/** A valid one-page PDF followed by `count` small unused objects. */
export const objectFloodPdf = (count: number): Buffer =>
  pagesPdf([{ width: 595, height: 842, content: { dict: '', stream: Buffer.from('\n') } }], Array.from({ length: count }, (_, i) => `[${i}]`));

/** The PDF encrypted by qpdf (installed by scripts/prepare-test-machine.sh), streams left as they are. */
export function encryptWithQpdf(pdf: Buffer, userPassword: string, bits: 40 | 128 | 256, extra: readonly string[] = []): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'docex-qpdf-'));
  try {
    const input = path.join(dir, 'in.pdf');
    const output = path.join(dir, 'out.pdf');
    writeFileSync(input, pdf);
    const weak = bits === 256 ? [] : ['--allow-weak-crypto'];
    execFileSync('qpdf', [...weak, '--stream-data=preserve', '--encrypt', userPassword, `owner-${userPassword}`, String(bits), ...extra, '--', input, output]);
    return readFileSync(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
