// What stored bytes really are, read from their signature rather than from what the uploader said. The one
// check photo answers use; the media files' upload flow can point at the same function.
export type ImageContentType = 'image/jpeg' | 'image/png';

/** How many leading bytes the check needs. */
export const SIGNATURE_BYTES = 16;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

/** The image type of the bytes' signature (JPEG or PNG), or null for anything else. */
export function imageTypeOfBytes(bytes: Uint8Array): ImageContentType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  return null;
}
