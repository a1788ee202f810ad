/**
 * A cheap look at an uploaded PDF's bytes before pdf.js parses anything: how many objects it declares, how far
 * every stream decompresses (inflated with a cap, counted, never kept), and how large its images say they are.
 * pdf.js inflates a stream whole and without limit, so a 4 MB Flate bomb would otherwise cost 4 GiB and minutes.
 *
 * The scan reads the file the way pdf.js's repair mode does (object headers found by their `N G obj` tokens), so
 * a broken cross-reference table hides nothing. Encrypted streams are decrypted first (pdfCrypt.ts) with the
 * password pdf.js will be given; a document no tried password opens is left to pdf.js, which refuses it before
 * reading a single stream.
 */
import { createInflate } from 'node:zlib';
import { ProblemError } from '../errors.ts';
import { streamDecrypter, type StandardEncryption, type StreamDecrypter } from './pdfCrypt.ts';

export interface PdfScanLimits {
  /** Indirect objects, counting those packed in object streams, and the cross-reference /Size. */
  readonly maxObjects: number;
  /** Decompressed bytes of any one stream. */
  readonly maxStreamBytes: number;
  /** Decompressed bytes of all streams together. */
  readonly maxInflatedBytes: number;
  /** Pixels of any one embedded image, as its dictionary or its JPEG / JPEG 2000 header declares them. */
  readonly maxImagePixels: number;
  /**
   * Decompressed bytes of all streams pdf.js tokenises (page contents, forms, patterns, Type 3 glyphs, functions):
   * it reads them at a few MB a second, so far fewer of these are allowed than of image or font data.
   */
  readonly maxContentBytes: number;
}

export interface PdfScanReport {
  readonly objects: number;
  readonly streams: number;
  readonly inflatedBytes: number;
  readonly contentBytes: number;
  readonly encrypted: boolean;
}

/** Streams pdf.js does not tokenise as PDF syntax: images, fonts, ICC profiles, object and xref streams, XMP. */
function isDataStream(dict: Map<string, PdfValue>, type: string | null, subtype: string | null): boolean {
  if (type !== null && ['ObjStm', 'XRef', 'Metadata', 'EmbeddedFile'].includes(type)) return true;
  if (subtype !== null && ['Image', 'Type1C', 'CIDFontType0C', 'OpenType', 'XML'].includes(subtype)) return true;
  if (dict.has('Length1') || dict.has('Length2') || dict.has('Length3')) return true;
  // An ICC profile: /N components and no type.
  return type === null && subtype === null && dict.has('N');
}

// ---------------------------------------------------------------------------------------------------------------
// A small reader for PDF direct objects (ISO 32000 7.3), enough for stream dictionaries and the trailer.

type PdfValue =
  | number
  | boolean
  | null
  | { readonly name: string }
  | { readonly ref: readonly [number, number] }
  | { readonly string: Buffer }
  | PdfValue[]
  | Map<string, PdfValue>;

const MAX_NESTING = 64;
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));

class TooComplex extends Error {}

/** A PDF literal string's one-letter escapes \n \r \t \b \f, by the byte after the backslash. */
const simpleEscapes = new Map<number, number>([[0x6e, 10], [0x72, 13], [0x74, 9], [0x62, 8], [0x66, 12]]);

class Reader {
  pos: number;
  constructor(
    readonly bytes: Buffer,
    start: number,
  ) {
    this.pos = start;
  }

  skipSpace(): void {
    const { bytes } = this;
    while (this.pos < bytes.length) {
      const c = bytes[this.pos]!;
      if (WHITESPACE.has(c)) this.pos += 1;
      else if (c === 0x25 /* % */) {
        while (this.pos < bytes.length && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos += 1;
      } else break;
    }
  }

  private token(): string {
    const start = this.pos;
    while (this.pos < this.bytes.length) {
      const c = this.bytes[this.pos]!;
      if (WHITESPACE.has(c) || DELIMITERS.has(c)) break;
      this.pos += 1;
    }
    return this.bytes.toString('latin1', start, this.pos);
  }

  private literalString(): Buffer {
    const out: number[] = [];
    let depth = 1;
    this.pos += 1;
    while (this.pos < this.bytes.length) {
      const c = this.bytes[this.pos++]!;
      if (c === 0x5c /* \ */) {
        const e = this.bytes[this.pos++];
        if (e === undefined) break;
        const escaped = simpleEscapes.get(e);
        if (escaped !== undefined) out.push(escaped);
        else if (e >= 0x30 && e <= 0x37) {
          let value = e - 0x30;
          for (let k = 0; k < 2; k += 1) {
            const d = this.bytes[this.pos];
            if (d === undefined || d < 0x30 || d > 0x37) break;
            value = value * 8 + (d - 0x30);
            this.pos += 1;
          }
          out.push(value & 0xff);
        } else if (e === 0x0d) {
          if (this.bytes[this.pos] === 0x0a) this.pos += 1;
        } else if (e !== 0x0a) out.push(e);
        continue;
      }
      if (c === 0x28) depth += 1;
      if (c === 0x29 && --depth === 0) break;
      out.push(c);
    }
    return Buffer.from(out);
  }

  private hexString(): Buffer {
    const end = this.bytes.indexOf(0x3e, this.pos);
    const stop = end < 0 ? this.bytes.length : end;
    const hex = this.bytes.toString('latin1', this.pos + 1, stop).replace(/[^0-9a-fA-F]/g, '');
    this.pos = stop + 1;
    return Buffer.from(hex.length % 2 === 1 ? `${hex}0` : hex, 'hex');
  }

  /** One direct object; `undefined` at a keyword this reader does not know (e.g. `stream`, `endobj`). */
  value(depth = 0): PdfValue | undefined {
    if (depth > MAX_NESTING) throw new TooComplex('nesting');
    this.skipSpace();
    const c = this.bytes[this.pos];
    if (c === undefined) return undefined;
    if (c === 0x3c /* < */ && this.bytes[this.pos + 1] === 0x3c) {
      this.pos += 2;
      const dict = new Map<string, PdfValue>();
      for (;;) {
        this.skipSpace();
        if (this.pos >= this.bytes.length) return dict;
        if (this.bytes[this.pos] === 0x3e && this.bytes[this.pos + 1] === 0x3e) {
          this.pos += 2;
          return dict;
        }
        const key = this.value(depth + 1);
        if (key === undefined) return dict;
        if (typeof key !== 'object' || key === null || !('name' in key)) continue;
        const entry = this.value(depth + 1);
        if (entry === undefined) return dict;
        dict.set(key.name, entry);
      }
    }
    if (c === 0x3c) return { string: this.hexString() };
    if (c === 0x28) return { string: this.literalString() };
    if (c === 0x5b /* [ */) {
      this.pos += 1;
      const array: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (this.pos >= this.bytes.length) return array;
        if (this.bytes[this.pos] === 0x5d) {
          this.pos += 1;
          return array;
        }
        const item = this.value(depth + 1);
        if (item === undefined) return array;
        array.push(item);
      }
    }
    if (c === 0x2f /* / */) {
      this.pos += 1;
      return { name: this.token().replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) };
    }
    if (c === 0x5d || c === 0x3e || c === 0x29 || c === 0x7b || c === 0x7d) {
      this.pos += 1;
      return null;
    }
    const start = this.pos;
    const word = this.token();
    if (word === '') {
      this.pos += 1;
      return null;
    }
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      // `N G R` is a reference: look ahead without consuming when it is not.
      if (/^\d+$/.test(word)) {
        const after = this.pos;
        this.skipSpace();
        const generation = this.token();
        this.skipSpace();
        if (/^\d+$/.test(generation) && this.bytes[this.pos] === 0x52 /* R */) {
          const next = this.bytes[this.pos + 1];
          if (next === undefined || WHITESPACE.has(next) || DELIMITERS.has(next)) {
            this.pos += 1;
            return { ref: [Number(word), Number(generation)] };
          }
        }
        this.pos = after;
      }
      return Number(word);
    }
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    this.pos = start;
    return undefined;
  }
}

const isDict = (value: PdfValue | undefined): value is Map<string, PdfValue> => value instanceof Map;
const nameOf = (value: PdfValue | undefined): string | null =>
  typeof value === 'object' && value !== null && 'name' in value ? value.name : null;
const refOf = (value: PdfValue | undefined): readonly [number, number] | null =>
  typeof value === 'object' && value !== null && 'ref' in value ? value.ref : null;
const stringOf = (value: PdfValue | undefined): Buffer | null =>
  typeof value === 'object' && value !== null && 'string' in value ? value.string : null;

// ---------------------------------------------------------------------------------------------------------------
// Bounded decoders. Each stops at its end-of-data marker or at `cap` output bytes (then throws OverCap).

class OverCap extends Error {}

/** Inflates off the event loop (zlib runs in the libuv pool); keeps the output only when `keep`. */
function inflateBounded(input: Buffer, cap: number, keep: boolean): Promise<{ size: number; data: Buffer | null }> {
  return new Promise((resolve, reject) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (outcome: () => void): void => {
      if (done) return;
      done = true;
      outcome();
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        inflate.destroy();
        finish(() => reject(new OverCap()));
        return;
      }
      if (keep) chunks.push(chunk);
    });
    // A damaged stream yields what came before the damage, as in pdf.js.
    inflate.on('error', () => finish(() => resolve({ size, data: keep ? Buffer.concat(chunks) : null })));
    inflate.on('end', () => finish(() => resolve({ size, data: keep ? Buffer.concat(chunks) : null })));
    inflate.end(input);
  });
}

/** LZW as in PDF (ISO 32000 7.4.4), `earlyChange` 1 by default. */
function lzwBounded(input: Buffer, cap: number, earlyChange: number): Buffer {
  const out = Buffer.allocUnsafe(Math.min(cap, Math.max(1024, input.length * 4)));
  let outBuffer = out;
  let length = 0;
  const push = (bytes: Uint8Array): void => {
    if (length + bytes.length > cap) throw new OverCap();
    if (length + bytes.length > outBuffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(cap, Math.max(outBuffer.length * 2, length + bytes.length)));
      outBuffer.copy(grown, 0, 0, length);
      outBuffer = grown;
    }
    outBuffer.set(bytes, length);
    length += bytes.length;
  };
  let table: Uint8Array[] = [];
  const reset = (): void => {
    table = Array.from({ length: 258 }, (_, i) => Uint8Array.of(i));
  };
  reset();
  let codeLength = 9;
  let previous: Uint8Array | null = null;
  let bitBuffer = 0;
  let bits = 0;
  for (let i = 0; i < input.length; ) {
    while (bits < codeLength && i < input.length) {
      bitBuffer = ((bitBuffer << 8) | input[i++]!) >>> 0;
      bits += 8;
    }
    if (bits < codeLength) break;
    const code = (bitBuffer >>> (bits - codeLength)) & ((1 << codeLength) - 1);
    bits -= codeLength;
    bitBuffer &= (1 << bits) - 1;
    if (code === 256) {
      reset();
      codeLength = 9;
      previous = null;
      continue;
    }
    if (code === 257) break;
    let entry: Uint8Array;
    if (code < table.length) entry = table[code]!;
    else if (previous !== null && code === table.length) {
      entry = new Uint8Array(previous.length + 1);
      entry.set(previous);
      entry[previous.length] = previous[0]!;
    } else break;
    push(entry);
    if (previous !== null && table.length < 4096) {
      const added = new Uint8Array(previous.length + 1);
      added.set(previous);
      added[previous.length] = entry[0]!;
      table.push(added);
    }
    previous = entry;
    const next = table.length + earlyChange;
    codeLength = next >= 2048 ? 12 : next >= 1024 ? 11 : next >= 512 ? 10 : 9;
  }
  return outBuffer.subarray(0, length);
}

function runLengthBounded(input: Buffer, cap: number): Buffer {
  const parts: Buffer[] = [];
  let size = 0;
  for (let i = 0; i < input.length; ) {
    const n = input[i++]!;
    if (n === 128) break;
    const part = n < 128 ? input.subarray(i, i + n + 1) : Buffer.alloc(257 - n, input[i] ?? 0);
    i += n < 128 ? n + 1 : 1;
    size += part.length;
    if (size > cap) throw new OverCap();
    parts.push(part);
  }
  return Buffer.concat(parts);
}

function asciiHex(input: Buffer): Buffer {
  const end = input.indexOf(0x3e);
  const hex = input.toString('latin1', 0, end < 0 ? input.length : end).replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(hex.length % 2 === 1 ? `${hex}0` : hex, 'hex');
}

function ascii85(input: Buffer): Buffer {
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number): void => {
    let value = 0;
    for (let k = 0; k < 5; k += 1) value = value * 85 + (group[k] ?? 84);
    for (let k = 0; k < count - 1; k += 1) out.push((value >>> (24 - 8 * k)) & 0xff);
    group = [];
  };
  for (let i = 0; i < input.length; i += 1) {
    const c = input[i]!;
    if (c === 0x7e /* ~ */) break;
    if (c === 0x7a /* z */ && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group.push(c - 0x21);
    if (group.length === 5) flush(5);
  }
  if (group.length > 1) flush(group.length);
  return Buffer.from(out);
}

/** Width x height from a JPEG's first SOF marker, or null. */
function jpegSize(data: Buffer): { width: number; height: number } | null {
  for (let i = data.indexOf(0xff); i >= 0 && i + 9 < data.length; i = data.indexOf(0xff, i + 1)) {
    const marker = data[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) };
    }
  }
  return null;
}

/** Width x height from a JPEG 2000 codestream's SIZ marker, or null. */
function jpxSize(data: Buffer): { width: number; height: number } | null {
  const at = data.indexOf(Buffer.from([0xff, 0x51]));
  if (at < 0 || at + 22 > data.length) return null;
  const x = data.readUInt32BE(at + 6) - data.readUInt32BE(at + 14);
  const y = data.readUInt32BE(at + 10) - data.readUInt32BE(at + 18);
  return { width: Math.max(0, x), height: Math.max(0, y) };
}

// ---------------------------------------------------------------------------------------------------------------

const FILTER_ALIASES: Record<string, string> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  DCT: 'DCTDecode',
  CCF: 'CCITTFaxDecode',
};

interface ObjectHeader {
  readonly number: number;
  readonly generation: number;
  /** Offset just after `obj`. */
  readonly body: number;
}

/** Every `N G obj` header in the file, in order. */
function objectHeaders(text: string): ObjectHeader[] {
  const headers: ObjectHeader[] = [];
  const pattern = /(?<![0-9])(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj(?![A-Za-z])/g;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    headers.push({ number: Number(match[1]), generation: Number(match[2]), body: match.index + match[0].length });
  }
  return headers;
}

export async function prescanPdf(
  bytes: Buffer,
  limits: PdfScanLimits,
  options: { readonly partName: string; readonly password?: string | undefined },
): Promise<PdfScanReport> {
  const where = `The PDF in part "${options.partName}"`;
  const tooComplex = (detail: string, extensions: Record<string, unknown>): ProblemError =>
    new ProblemError('pdf_too_complex', `${where} ${detail}`, { extensions });
  // latin1 maps each byte to one UTF-16 unit: offsets in the text are offsets in the bytes.
  const text = bytes.toString('latin1');
  const headers = objectHeaders(text);
  if (headers.length > limits.maxObjects) {
    throw tooComplex(`has more than ${limits.maxObjects} objects.`, { limit: limits.maxObjects, objects: headers.length });
  }
  const latest = new Map<number, ObjectHeader>();
  for (const header of headers) latest.set(header.number, header);
  const readAt = (offset: number): PdfValue | undefined => new Reader(bytes, offset).value();
  const resolve = (value: PdfValue | undefined, hops = 0): PdfValue | undefined => {
    const ref = refOf(value);
    if (ref === null || hops > 8) return value;
    const target = latest.get(ref[0]);
    return target === undefined ? null : resolve(readAt(target.body), hops + 1);
  };

  try {
    // The trailers (classic, and the dictionaries of cross-reference streams) say how large the xref is and
    // whether the document is encrypted.
    const trailers: Map<string, PdfValue>[] = [];
    for (let at = text.indexOf('trailer'); at >= 0; at = text.indexOf('trailer', at + 7)) {
      const dict = readAt(at + 7);
      if (isDict(dict)) trailers.push(dict);
    }
    const dictionaries = new Map<ObjectHeader, Map<string, PdfValue>>();
    for (const header of headers) {
      const dict = readAt(header.body);
      if (!isDict(dict)) continue;
      dictionaries.set(header, dict);
      if (nameOf(dict.get('Type')) === 'XRef') trailers.push(dict);
    }
    for (const trailer of trailers) {
      const size = resolve(trailer.get('Size'));
      if (typeof size === 'number' && size > limits.maxObjects + 1) {
        throw tooComplex(`declares ${size} objects; the limit is ${limits.maxObjects}.`, { limit: limits.maxObjects, objects: size });
      }
    }

    let decrypt: StreamDecrypter | null = null;
    let encrypted = false;
    let encryptsMetadata = true;
    const encryptRef = [...trailers].reverse().map((t) => t.get('Encrypt')).find((value) => value !== undefined);
    if (encryptRef !== undefined) {
      encrypted = true;
      const dict = resolve(encryptRef);
      const id0 = [...trailers].reverse().map((t) => resolve(t.get('ID'))).find(Array.isArray)?.[0];
      const enc = isDict(dict) ? standardEncryption(dict, stringOf(resolve(id0)) ?? Buffer.alloc(0), resolve) : null;
      // A document no tried password opens: pdf.js refuses it before any stream is read, so nothing to bound.
      if (enc === null) return { objects: headers.length, streams: 0, inflatedBytes: 0, contentBytes: 0, encrypted };
      encryptsMetadata = enc.encryptMetadata;
      decrypt = streamDecrypter(enc, options.password === undefined ? [''] : [options.password, '']);
      if (decrypt === null) return { objects: headers.length, streams: 0, inflatedBytes: 0, contentBytes: 0, encrypted };
    }
    const encryptTarget = refOf(encryptRef);

    let objects = headers.length;
    let streams = 0;
    let inflatedBytes = 0;
    let contentBytes = 0;
    for (const [header, dict] of dictionaries) {
      const reader = new Reader(bytes, header.body);
      reader.value();
      reader.skipSpace();
      if (text.startsWith('stream', reader.pos) === false) continue;
      let start = reader.pos + 6;
      if (bytes[start] === 0x0d) start += 1;
      if (bytes[start] === 0x0a) start += 1;
      const end = streamEnd(text, start, resolve(dict.get('Length')));
      streams += 1;

      const type = nameOf(resolve(dict.get('Type')));
      if (type === 'ObjStm') {
        const packed = resolve(dict.get('N'));
        if (typeof packed === 'number') objects += Math.max(0, packed);
        if (objects > limits.maxObjects) {
          throw tooComplex(`has more than ${limits.maxObjects} objects.`, { limit: limits.maxObjects, objects });
        }
      }
      const subtype = nameOf(resolve(dict.get('Subtype')));
      const isImage = subtype === 'Image';
      const tokenised = !isDataStream(dict, type, subtype);
      if (isImage) {
        const width = resolve(dict.get('Width') ?? dict.get('W'));
        const height = resolve(dict.get('Height') ?? dict.get('H'));
        if (typeof width === 'number' && typeof height === 'number') checkPixels(width, height);
      }

      let data: Buffer = bytes.subarray(start, end);
      // Cross-reference streams are never encrypted, nor the encryption dictionary's own object.
      const plain =
        type === 'XRef' ||
        (encryptTarget !== null && encryptTarget[0] === header.number) ||
        (type === 'Metadata' && !encryptsMetadata);
      if (decrypt !== null && !plain) data = decrypt(data, header.number, header.generation);

      const filterValue = resolve(dict.get('Filter') ?? dict.get('F'));
      const filters = (Array.isArray(filterValue) ? filterValue.map((f) => nameOf(resolve(f))) : [nameOf(filterValue)])
        .filter((name): name is string => name !== null)
        .map((name) => FILTER_ALIASES[name] ?? name);
      const parmsValue = resolve(dict.get('DecodeParms') ?? dict.get('DP'));
      const parms = (index: number): Map<string, PdfValue> | null => {
        const entry = Array.isArray(parmsValue) ? resolve(parmsValue[index]) : index === 0 ? parmsValue : undefined;
        return isDict(entry) ? entry : null;
      };

      const budget = Math.min(
        limits.maxStreamBytes,
        limits.maxInflatedBytes - inflatedBytes,
        tokenised ? limits.maxContentBytes - contentBytes : Number.POSITIVE_INFINITY,
      );
      let size = data.length;
      try {
        for (let index = 0; index < filters.length; index += 1) {
          const filter = filters[index]!;
          const last = index === filters.length - 1;
          if (filter === 'FlateDecode') {
            const inflated = await inflateBounded(data, budget, !last);
            size = inflated.size;
            if (inflated.data !== null) data = inflated.data;
          } else if (filter === 'LZWDecode') {
            const early = resolve(parms(index)?.get('EarlyChange'));
            data = lzwBounded(data, budget, typeof early === 'number' ? early : 1);
            size = data.length;
          } else if (filter === 'RunLengthDecode') {
            data = runLengthBounded(data, budget);
            size = data.length;
          } else if (filter === 'ASCIIHexDecode') {
            data = asciiHex(data);
            size = data.length;
          } else if (filter === 'ASCII85Decode') {
            data = ascii85(data);
            size = data.length;
          } else {
            // Image codecs end the chain: what they make is bounded by the image's pixel count, checked here.
            const declared = filter === 'DCTDecode' ? jpegSize(data) : filter === 'JPXDecode' ? jpxSize(data) : null;
            if (declared !== null) checkPixels(declared.width, declared.height);
            break;
          }
        }
      } catch (error) {
        if (!(error instanceof OverCap)) throw error;
        if (tokenised && budget === limits.maxContentBytes - contentBytes) throw contentOver();
        throw budget < limits.maxStreamBytes
          ? tooComplex(`decompresses to more than ${limits.maxInflatedBytes} bytes.`, { limit: limits.maxInflatedBytes })
          : tooComplex(`has a stream that decompresses to more than ${limits.maxStreamBytes} bytes.`, {
              limit: limits.maxStreamBytes,
            });
      }
      inflatedBytes += size;
      if (tokenised) contentBytes += size;
      if (contentBytes > limits.maxContentBytes) throw contentOver();
      if (inflatedBytes > limits.maxInflatedBytes) {
        throw tooComplex(`decompresses to more than ${limits.maxInflatedBytes} bytes.`, { limit: limits.maxInflatedBytes });
      }
    }
    return { objects, streams, inflatedBytes, contentBytes, encrypted };
  } catch (error) {
    if (error instanceof TooComplex) throw tooComplex('nests its objects too deeply.', { limit: MAX_NESTING });
    throw error;
  }

  function contentOver(): ProblemError {
    return tooComplex(`has page content that decompresses to more than ${limits.maxContentBytes} bytes.`, {
      limit: limits.maxContentBytes,
    });
  }

  function checkPixels(width: number, height: number): void {
    if (width * height > limits.maxImagePixels) {
      throw new ProblemError(
        'image_too_large',
        `${where} holds an image of ${width}x${height} pixels; the limit is ${limits.maxImagePixels} pixels.`,
        { extensions: { limit: limits.maxImagePixels } },
      );
    }
  }
}

/** Where a stream's data ends, decided as pdf.js decides it: /Length when `endstream` follows it, else a search. */
function streamEnd(text: string, start: number, length: PdfValue | undefined): number {
  if (typeof length === 'number' && Number.isInteger(length) && length >= 0 && start + length <= text.length) {
    const after = text.slice(start + length, start + length + 64).replace(/^[\0\t\n\f\r ]+/, '');
    if (after.startsWith('endstream')) return start + length;
  }
  const found = text.indexOf('endstream', start);
  return found < 0 ? text.length : found;
}

function standardEncryption(
  dict: Map<string, PdfValue>,
  id0: Buffer,
  resolve: (value: PdfValue | undefined) => PdfValue | undefined,
): StandardEncryption | null {
  if (nameOf(resolve(dict.get('Filter'))) !== 'Standard') return null;
  const num = (key: string, fallback: number): number => {
    const value = resolve(dict.get(key));
    return typeof value === 'number' ? value : fallback;
  };
  const str = (key: string): Buffer | null => stringOf(resolve(dict.get(key)));
  const v = num('V', 0);
  const r = num('R', 2);
  const o = str('O');
  const u = str('U');
  if (o === null || u === null) return null;
  let streamMethod: StandardEncryption['streamMethod'] = 'rc4';
  let lengthBytes = Math.round(num('Length', 40) / 8);
  if (v >= 4) {
    const stmF = nameOf(resolve(dict.get('StmF'))) ?? 'Identity';
    const filters = resolve(dict.get('CF'));
    const filter = stmF === 'Identity' || !isDict(filters) ? null : resolve(filters.get(stmF));
    const method = isDict(filter) ? nameOf(resolve(filter.get('CFM'))) : null;
    streamMethod = method === 'AESV2' ? 'aesv2' : method === 'AESV3' ? 'aesv3' : method === 'V2' ? 'rc4' : 'identity';
    if (isDict(filter)) {
      const length = resolve(filter.get('Length'));
      // /Length of a crypt filter is in bytes by the spec, in bits in some writers.
      if (typeof length === 'number') lengthBytes = length > 32 ? Math.round(length / 8) : length;
    }
    if (streamMethod === 'aesv2') lengthBytes = 16;
  }
  const encryptMetadata = resolve(dict.get('EncryptMetadata')) !== false;
  return { v, r, lengthBytes: v === 1 ? 5 : lengthBytes, o, u, oe: str('OE'), ue: str('UE'), p: num('P', 0), encryptMetadata, streamMethod, id0 };
}
