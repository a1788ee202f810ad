/** Decides what an upload is from its leading bytes alone; names and Content-Type headers are client claims. */
import type { DetectedMediaType } from './types.ts';

const PDF_SCAN_BYTES = 1024;
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/** Magic-byte signatures, checked in order. */
const signatures: ReadonlyArray<{ type: DetectedMediaType; matches: (bytes: Uint8Array) => boolean }> = [
  { type: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  // RIFF....WEBP
  { type: 'image/webp', matches: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8) },
  // II*\0 (little-endian) or MM\0* (big-endian)
  { type: 'image/tiff', matches: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]) },
  // PDF readers accept the header anywhere in the first 1024 bytes (junk before it is common).
  { type: 'application/pdf', matches: (b) => Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, PDF_SCAN_BYTES)).includes(PDF_MAGIC) },
];

export function detectMediaType(bytes: Uint8Array): DetectedMediaType | null {
  return signatures.find((signature) => signature.matches(bytes))?.type ?? null;
}
