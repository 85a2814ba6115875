// Tiny files that really are what their names say, for tests of uploads: the server reads the stored bytes'
// signature and refuses a file whose content is not of the type its extension claims. Each one was checked to
// decode in Chromium (the image loads, the audio decodes, the video's metadata loads).

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A 2×2 baseline JPEG, as Chromium's canvas encodes it (its colour profile left out). */
export const JPEG = Buffer.from(
  [
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxl',
    'Z2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEB',
    'AxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgX/xAAUEQEAAAAAAAAAAAAA',
    'AAAAAAAA/9oADAMBAAIRAxEAPwCgCiv/2Q==',
  ].join(''),
  'base64',
);

/** An ID3v2.4 tag: its 10-byte header, one title frame, then `padding` zero bytes (as taggers leave room). */
export function id3Tag(padding = 0): Buffer {
  const title = Buffer.from('\0Silence', 'latin1');
  const frame = Buffer.concat([Buffer.from('TIT2', 'latin1'), Buffer.from([0, 0, 0, title.length, 0, 0]), title]);
  const body = Buffer.concat([frame, Buffer.alloc(padding)]);
  const syncsafe = [21, 14, 7, 0].map((shift) => (body.length >> shift) & 0x7f);
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0, ...syncsafe]), body]);
}

/** MPEG-1 Layer III frames of silence: 128 kbit/s, 44.1 kHz, joint stereo, 417 bytes each. */
export function mp3Frames(count = 3): Buffer {
  return Buffer.concat(
    Array.from({ length: count }, () => {
      const frame = Buffer.alloc(417);
      frame.set([0xff, 0xfb, 0x90, 0x64]);
      return frame;
    }),
  );
}

/** An MP3 as encoders write it: an ID3 tag with the title, then the audio frames. */
export const MP3 = Buffer.concat([id3Tag(), mp3Frames()]);

/** A 16×16 VP9 video of a few frames in an MP4 (isom) container, as Chromium's MediaRecorder writes it. */
export const MP4 = Buffer.from(
  [
    'AAAAJGZ0eXBpc29tAAACAGlzb21pc282aXNvMnZwMDltcDQxAAACt21vb3YAAAB4bXZoZAEAAAAAAAAA5ynjpwAAAADnKeOnAAAD6AAAAAAAAADp',
    'AAEAAAEAAAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIAAAIP',
    'dHJhawAAAGh0a2hkAQAAAwAAAADnKeOnAAAAAOcp46cAAAABAAAAAAAAAAAAAADpAAAAAAAAAAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAAAAAAQAA',
    'AAAAAAAAAAAAAAAAQAAAAAAQAAAAEAAAAAABn21kaWEAAAAsbWRoZAEAAAAAAAAA5ynjpwAAAADnKeOnAAB1MAAAAAAAAADpVcQAAAAAAC1oZGxy',
    'AAAAAAAAAAB2aWRlAAAAAAAAAAAAAAAAVmlkZW9IYW5kbGVyAAAAAT5taW5mAAAAFHZtaGQAAAABAAAAAAAAAAAAAAAlZGluZgAAAB1kcmVmAAAA',
    'AAAAAAEAAAANdXJsIAAAAAEAAAAA/XN0YmwAAAAQc3RzYwAAAAAAAAAAAAAAEHN0dHMAAAAAAAAAAAAAABRzdHN6AAAAAAAAAAAAAAAAAAAAEHN0',
    'Y28AAAAAAAAAAAAAALFzdHNkAAAAAAAAAAEAAAChdnAwOQAAAAAAAAABAAAAAQAAAAAAAAAAAAAAAAAQABAASAAAAEgAAAAAAAAAAQpWUEMgQ29k',
    'aW5nAAAAAAAAAAAAAAAAAAAAAAAAAAAAABj//wAAABBwYXNwAAAAAQAAAAEAAAAUYnRydAAAAAAAAAAAAAAAAAAAABR2cGNDAQAAAAAAgQENAQAA',
    'AAAAE2NvbHJuY2x4AAEADQABgAAAAChtdmV4AAAAIHRyZXgAAAAAAAAAAQAAAAEAAAAAAAAAAAAAAAAAAABwbW9vZgAAABBtZmhkAAAAAAAAAAEA',
    'AABYdHJhZgAAABR0ZmhkAAIAIAAAAAEBAQAAAAAAFHRmZHQBAAAAAAAAAAAAAAAAAAAodHJ1bgEAAwUAAAACAAAAeAIAAAAAABeBAAAAOQAAA+cA',
    'AAAyAAAAc21kYXSCSYNCUADwAPYGOCQcGDoAACBAACd3/tgdutZatbCQL++f7hTLEpLp0Uvr0QH///ubv////8TpAACGAECS8KEggAAMcAAAAl2f',
    '92Lt1rLVrYSBf3z/cKZYlJdOil9eiA////0RP////7gYAAAAAExtZnJhAAAANHRmcmEBAAAAAAAAAQAAAD8AAAABAAAAAAAAAAAAAAAAAAAC2wAA',
    'AAEAAAABAAAAAQAAABBtZnJvAAAAAAAAAEw=',
  ].join(''),
    'base64',
);

/** Plain text, whatever name it is given. */
export const TEXT = Buffer.from('Participant notes\nThis is a text file, not a picture.\n', 'utf8');

/** A sample of the given type followed by filler bytes, `size` bytes in all (for size limits and quotas). */
export function padded(sample: Buffer, size: number): Buffer {
  return Buffer.concat([sample, Buffer.alloc(Math.max(0, size - sample.length))]);
}
