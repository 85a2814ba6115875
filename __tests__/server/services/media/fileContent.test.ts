// The signature check on real bytes in the local store: each real sample is what its extension says, and a file
// whose content is something else is not, whatever it is called.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { contentMatchesExtension, storedContentType, type StoredFile } from '../../../../src/server/services/media/fileContent';
import { LocalStorage } from '../../../../src/server/storage/localStorage';
import { ALLOWED_EXTENSIONS, type MediaExtension } from '../../../../src/shared/media';
import { JPEG, MP3, MP4, PNG, TEXT, id3Tag, mp3Frames } from '../../../support/mediaSamples';

const SECRET = 'a-secret-of-the-test-that-is-long-enough';

let root: string;
let storage: LocalStorage;
let n = 0;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-file-content-'));
  storage = new LocalStorage(path.join(root, 'files'), SECRET);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function stored(bytes: Buffer, ext: string): Promise<StoredFile> {
  n += 1;
  const key = `lab/files/${n}.${ext}`;
  const size = await storage.write(key, Readable.from([bytes]), bytes.length + 1);
  return { key, size };
}

/** The extensions whose check the bytes pass. */
async function acceptedAs(bytes: Buffer): Promise<MediaExtension[]> {
  const accepted: MediaExtension[] = [];
  for (const ext of ALLOWED_EXTENSIONS) {
    if (await contentMatchesExtension(storage, await stored(bytes, ext), ext)) accepted.push(ext);
  }
  return accepted;
}

describe('storedContentType', () => {
  it.each([
    ['PNG', 'image/png', PNG],
    ['JPEG', 'image/jpeg', JPEG],
    ['MP3', 'audio/mpeg', MP3],
    ['MP4', 'video/mp4', MP4],
  ])('reads a real %s as %s', async (_what, type, bytes) => {
    expect(await storedContentType(storage, await stored(bytes, 'bin'))).toBe(type);
  });

  it('knows no type for text or for an empty file', async () => {
    expect(await storedContentType(storage, await stored(TEXT, 'png'))).toBeNull();
    expect(await storedContentType(storage, await stored(Buffer.alloc(0), 'png'))).toBeNull();
  });
});

describe('contentMatchesExtension', () => {
  it.each([
    ['a PNG', ['png'], PNG],
    ['a JPEG', ['jpg', 'jpeg'], JPEG],
    ['an MP3', ['mp3'], MP3],
    ['an MP3 without a tag', ['mp3'], mp3Frames()],
    ['an MP4', ['mp4'], MP4],
    ['a text file', [], TEXT],
  ])('accepts %s under exactly the extensions %j', async (_what, extensions, bytes) => {
    expect(await acceptedAs(bytes)).toEqual(extensions);
  });

  it('judges an MP3 by the audio after a tag longer than the first bytes read', async () => {
    // 20 kB of tag (cover art, say): the first read sees only the tag, as file-type would, and must not guess.
    const bigTag = id3Tag(20_000);
    expect(await contentMatchesExtension(storage, await stored(Buffer.concat([bigTag, mp3Frames()]), 'mp3'), 'mp3')).toBe(true);
    expect(await contentMatchesExtension(storage, await stored(Buffer.concat([bigTag, TEXT]), 'mp3'), 'mp3')).toBe(false);
    expect(await contentMatchesExtension(storage, await stored(bigTag, 'mp3'), 'mp3')).toBe(false);
    // A small tag followed by text is not an MP3 either.
    expect(await contentMatchesExtension(storage, await stored(Buffer.concat([id3Tag(), TEXT]), 'mp3'), 'mp3')).toBe(false);
    // Tags in a row are skipped one after the other.
    expect(await contentMatchesExtension(storage, await stored(Buffer.concat([id3Tag(), id3Tag(5000), mp3Frames()]), 'mp3'), 'mp3')).toBe(true);
  });

  it('refuses a tag whose size is not syncsafe, and a file of nothing but tags', async () => {
    const broken = Buffer.concat([id3Tag(), mp3Frames()]);
    broken[7] = 0x80;
    expect(await contentMatchesExtension(storage, await stored(broken, 'mp3'), 'mp3')).toBe(false);
    const manyTags = Buffer.concat([id3Tag(), id3Tag(), id3Tag(), id3Tag(), mp3Frames()]);
    expect(await contentMatchesExtension(storage, await stored(manyTags, 'mp3'), 'mp3')).toBe(false);
  });

  it('refuses an image under the other image extension', async () => {
    expect(await contentMatchesExtension(storage, await stored(JPEG, 'png'), 'png')).toBe(false);
    expect(await contentMatchesExtension(storage, await stored(PNG, 'jpg'), 'jpg')).toBe(false);
  });
});
