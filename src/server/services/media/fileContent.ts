// Whether a stored file is what its name says: the signature of its first bytes, read by the `file-type` package,
// against the types its extension allows (SIGNATURE_TYPES). A text file renamed .png would otherwise be kept as
// an image and shown to participants as a broken picture. Media files call this before their record is made;
// the participants' photo answers use the same check.
import { fileTypeFromBuffer } from 'file-type';
import { SIGNATURE_TYPES, type MediaExtension } from '../../../shared/media';
import type { ObjectStorage } from '../../storage/objectStorage';

/** Enough bytes for every signature file-type knows (its own "reasonable detection size"). */
const SAMPLE_BYTES = 4100;
const ID3_HEADER_BYTES = 10;
/** A file may carry a few tags in a row; more than this is not an MP3 an encoder wrote. */
const MAX_ID3_TAGS = 3;

type Id3 = { kind: 'none' } | { kind: 'tag'; bytes: number } | { kind: 'malformed' };

/** An ID3v2 tag at the start of the sample, and its whole length (header, frames, padding and footer). */
function id3TagAt(sample: Buffer): Id3 {
  if (sample.length < 3 || sample.toString('latin1', 0, 3) !== 'ID3') return { kind: 'none' };
  if (sample.length < ID3_HEADER_BYTES) return { kind: 'malformed' };
  const sizeBytes = [...sample.subarray(6, 10)];
  // The size is "syncsafe": seven bits per byte, the top bit always clear.
  if (sizeBytes.some((b) => b > 0x7f)) return { kind: 'malformed' };
  const size = sizeBytes.reduce((total, b) => total * 128 + b, 0);
  const footer = (sample[5] & 0x10) !== 0 ? ID3_HEADER_BYTES : 0;
  return { kind: 'tag', bytes: ID3_HEADER_BYTES + size + footer };
}

/** A stored object, by its key and its size (from the store's stat). */
export interface StoredFile {
  key: string;
  size: number;
}

/** The sample at `start`: never a read past the end (some stores answer that with an error, s3rver not at all). */
function sampleAt(storage: ObjectStorage, file: StoredFile, start: number): Promise<Buffer> {
  const length = Math.min(SAMPLE_BYTES, file.size - start);
  return length > 0 ? storage.readBytes(file.key, start, length) : Promise.resolve(Buffer.alloc(0));
}

/**
 * The MIME type the stored bytes really have, or null when their signature is unknown. An MP3's ID3 tag (its
 * title, cover art) can be longer than the sample; file-type would then guess "mp3" from the tag alone, so the
 * tags are skipped here with ranged reads and the audio after them decides.
 */
export async function storedContentType(storage: ObjectStorage, file: StoredFile): Promise<string | null> {
  let start = 0;
  let sample = await sampleAt(storage, file, start);
  for (let tags = 0; ; tags += 1) {
    const tag = id3TagAt(sample);
    if (tag.kind === 'none') break;
    if (tag.kind === 'malformed' || tags === MAX_ID3_TAGS) return null;
    start += tag.bytes;
    sample = await sampleAt(storage, file, start);
  }
  return (await fileTypeFromBuffer(sample))?.mime ?? null;
}

/** True when the stored object's content is of a type its extension allows. */
export async function contentMatchesExtension(storage: ObjectStorage, file: StoredFile, ext: MediaExtension): Promise<boolean> {
  const type = await storedContentType(storage, file);
  return type !== null && SIGNATURE_TYPES[ext].includes(type);
}
