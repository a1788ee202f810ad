/**
 * Just enough of the PDF Standard security handler (ISO 32000-2 7.6.4, revisions 2 to 6) to decrypt a stream
 * before pdf.js does: the pre-scan must inflate an encrypted stream to bound it, and that needs its key.
 * Only key derivation and stream decryption; strings, public-key handlers and permissions are not needed here.
 */
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';

const PASSWORD_PADDING = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
);

export interface StandardEncryption {
  readonly v: number;
  readonly r: number;
  /** Key length in bytes (V 1: 5). */
  readonly lengthBytes: number;
  readonly o: Buffer;
  readonly u: Buffer;
  readonly oe: Buffer | null;
  readonly ue: Buffer | null;
  readonly p: number;
  readonly encryptMetadata: boolean;
  /** How streams are encrypted: by the crypt filter named in /StmF (V 4, 5), else RC4. */
  readonly streamMethod: 'rc4' | 'aesv2' | 'aesv3' | 'identity';
  readonly id0: Buffer;
}

/** A decrypter for one document, or null when no tried password opens it. */
export type StreamDecrypter = (data: Buffer, objectNumber: number, generation: number) => Buffer;

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i += 1) s[i] = i;
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.allocUnsafe(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k += 1) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const md5 = (...parts: Buffer[]): Buffer => createHash('md5').update(Buffer.concat(parts)).digest();

const padPassword = (password: Buffer): Buffer =>
  Buffer.concat([password.subarray(0, 32), PASSWORD_PADDING]).subarray(0, 32);

/** Algorithm 2: the file key from a user password (revisions 2 to 4). */
function legacyFileKey(enc: StandardEncryption, password: Buffer): Buffer {
  const p = Buffer.alloc(4);
  p.writeInt32LE(enc.p);
  let key = md5(
    padPassword(password),
    enc.o.subarray(0, 32),
    p,
    enc.id0,
    enc.r >= 4 && !enc.encryptMetadata ? Buffer.from([0xff, 0xff, 0xff, 0xff]) : Buffer.alloc(0),
  );
  const n = enc.r === 2 ? 5 : enc.lengthBytes;
  if (enc.r >= 3) for (let i = 0; i < 50; i += 1) key = md5(key.subarray(0, n));
  return key.subarray(0, n);
}

/** Algorithms 4 and 5: does this key reproduce /U? */
function legacyUserKeyMatches(enc: StandardEncryption, key: Buffer): boolean {
  if (enc.r === 2) return rc4(key, PASSWORD_PADDING).equals(enc.u.subarray(0, 32));
  let x = rc4(key, md5(PASSWORD_PADDING, enc.id0));
  for (let i = 1; i <= 19; i += 1) x = rc4(Buffer.from(key.map((byte) => byte ^ i)), x);
  return x.subarray(0, 16).equals(enc.u.subarray(0, 16));
}

/** Algorithm 7: an owner password recovers the user password from /O. */
function legacyUserPasswordFromOwner(enc: StandardEncryption, owner: Buffer): Buffer {
  let key = md5(padPassword(owner));
  const n = enc.r === 2 ? 5 : enc.lengthBytes;
  if (enc.r >= 3) for (let i = 0; i < 50; i += 1) key = md5(key.subarray(0, n));
  key = key.subarray(0, n);
  if (enc.r === 2) return rc4(key, enc.o.subarray(0, 32));
  let x: Buffer = Buffer.from(enc.o.subarray(0, 32));
  for (let i = 19; i >= 0; i -= 1) x = rc4(Buffer.from(key.map((byte) => byte ^ i)), x);
  return x;
}

/** Algorithm 2.B (revision 6) or plain SHA-256 (revision 5). */
function hash2B(enc: StandardEncryption, password: Buffer, salt: Buffer, userData: Buffer): Buffer {
  let k = createHash('sha256').update(Buffer.concat([password, salt, userData])).digest();
  if (enc.r === 5) return k;
  for (let round = 0; ; round += 1) {
    const k1 = Buffer.concat([password, k, userData]);
    const block = Buffer.concat(Array.from({ length: 64 }, () => k1));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    cipher.setAutoPadding(false);
    const e = Buffer.concat([cipher.update(block), cipher.final()]);
    let sum = 0;
    for (let i = 0; i < 16; i += 1) sum += e[i]!;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3]!).update(e).digest();
    if (round >= 63 && e[e.length - 1]! <= round - 31) break;
  }
  return k.subarray(0, 32);
}

function aes256Key(enc: StandardEncryption, password: Buffer): Buffer | null {
  const pw = password.subarray(0, 127);
  const u48 = enc.u.subarray(0, 48);
  const unwrap = (intermediate: Buffer, wrapped: Buffer | null): Buffer | null => {
    if (wrapped === null || wrapped.length < 32) return null;
    const decipher = createDecipheriv('aes-256-cbc', intermediate, Buffer.alloc(16));
    decipher.setAutoPadding(false);
    return Buffer.concat([decipher.update(wrapped.subarray(0, 32)), decipher.final()]);
  };
  if (hash2B(enc, pw, enc.o.subarray(32, 40), u48).equals(enc.o.subarray(0, 32))) {
    return unwrap(hash2B(enc, pw, enc.o.subarray(40, 48), u48), enc.oe);
  }
  if (hash2B(enc, pw, enc.u.subarray(32, 40), Buffer.alloc(0)).equals(enc.u.subarray(0, 32))) {
    return unwrap(hash2B(enc, pw, enc.u.subarray(40, 48), Buffer.alloc(0)), enc.ue);
  }
  return null;
}

function fileKey(enc: StandardEncryption, password: Buffer): Buffer | null {
  if (enc.r >= 5) return aes256Key(enc, password);
  const asUser = legacyFileKey(enc, password);
  if (legacyUserKeyMatches(enc, asUser)) return asUser;
  const asOwner = legacyFileKey(enc, legacyUserPasswordFromOwner(enc, password));
  return legacyUserKeyMatches(enc, asOwner) ? asOwner : null;
}

function aesDecrypt(algorithm: 'aes-128-cbc' | 'aes-256-cbc', key: Buffer, data: Buffer): Buffer {
  // The first block is the IV; a damaged tail decrypts to what it can, as pdf.js does.
  if (data.length < 32) return Buffer.alloc(0);
  const usable = data.subarray(16, 16 + Math.floor((data.length - 16) / 16) * 16);
  const decipher = createDecipheriv(algorithm, key, data.subarray(0, 16));
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(usable), decipher.final()]);
  // PKCS#7 padding, dropped when it is well formed (as pdf.js does).
  const pad = plain[plain.length - 1] ?? 0;
  const padded = pad >= 1 && pad <= 16 && plain.subarray(plain.length - pad).every((byte) => byte === pad);
  return padded ? plain.subarray(0, plain.length - pad) : plain;
}

/**
 * The stream decrypter for the first password that opens the document: the one sent, then the empty one (which
 * pdf.js also tries). Null when none does: then pdf.js refuses the document before reading any stream.
 */
export function streamDecrypter(enc: StandardEncryption, passwords: readonly string[]): StreamDecrypter | null {
  if (enc.streamMethod === 'identity') return (data) => data;
  for (const password of passwords) {
    const key = fileKey(enc, Buffer.from(password, enc.r >= 5 ? 'utf8' : 'latin1'));
    if (key === null) continue;
    if (enc.streamMethod === 'aesv3') return (data) => aesDecrypt('aes-256-cbc', key, data);
    return (data, objectNumber, generation) => {
      const salt = Buffer.from([
        objectNumber & 0xff,
        (objectNumber >> 8) & 0xff,
        (objectNumber >> 16) & 0xff,
        generation & 0xff,
        (generation >> 8) & 0xff,
      ]);
      const aes = enc.streamMethod === 'aesv2';
      const objectKey = md5(key, salt, aes ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0)).subarray(
        0,
        Math.min(key.length + 5, 16),
      );
      return aes ? aesDecrypt('aes-128-cbc', objectKey, data) : rc4(objectKey, data);
    };
  }
  return null;
}
