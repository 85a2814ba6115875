import {
  ACCEPT_ATTRIBUTE,
  ALLOWED_EXTENSIONS,
  CONTENT_TYPES,
  MEDIA_LIMITS,
  SIGNATURE_TYPES,
  checkMediaFile,
  extensionOf,
  fileNameProblem,
  isAllowedExtension,
  mediaTypeOf,
  mediaTypeOfContentType,
} from '../../src/shared/media';
import { mediaMessages } from '../../src/shared/messages';

const MB = 1024 * 1024;

describe('extensionOf', () => {
  it.each([
    ['photo.JPG', 'jpg'],
    ['my.holiday.Jpeg', 'jpeg'],
    ['clip.mp4', 'mp4'],
    ['song.MP3', 'mp3'],
    ['archive.tar.gz', 'gz'],
    ['no-extension', ''],
    ['trailing.', ''],
    ['.png', 'png'],
  ])('%s gives "%s"', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});

describe('isAllowedExtension', () => {
  it('allows exactly jpg, jpeg, png, mp3 and mp4', () => {
    expect([...ALLOWED_EXTENSIONS].sort()).toEqual(['jpeg', 'jpg', 'mp3', 'mp4', 'png']);
    for (const ext of ALLOWED_EXTENSIONS) expect(isAllowedExtension(ext)).toBe(true);
    for (const ext of ['gif', 'JPG', 'webm', 'wav', 'svg', '', 'mp']) expect(isAllowedExtension(ext)).toBe(false);
  });

  it('is what the file pickers accept', () => {
    expect(ACCEPT_ATTRIBUTE).toBe('.jpg,.jpeg,.png,.mp3,.mp4');
  });
});

describe('mediaTypeOf', () => {
  it('gives image for jpg, jpeg and png, audio for mp3 and video for mp4', () => {
    expect(mediaTypeOf('jpg')).toBe('image');
    expect(mediaTypeOf('jpeg')).toBe('image');
    expect(mediaTypeOf('png')).toBe('image');
    expect(mediaTypeOf('mp3')).toBe('audio');
    expect(mediaTypeOf('mp4')).toBe('video');
  });
});

describe('mediaTypeOfContentType', () => {
  it('maps the content types the uploads are granted to their type', () => {
    expect(mediaTypeOfContentType('image/jpeg')).toBe('image');
    expect(mediaTypeOfContentType('image/png')).toBe('image');
    expect(mediaTypeOfContentType('audio/mpeg')).toBe('audio');
    expect(mediaTypeOfContentType('video/mp4')).toBe('video');
  });

  it('knows no other content type', () => {
    for (const type of ['image/gif', 'text/html', 'application/octet-stream', '', 'IMAGE/PNG', 'video/webm']) {
      expect(mediaTypeOfContentType(type)).toBeNull();
    }
  });

  it('agrees with the content type of every extension', () => {
    for (const ext of ALLOWED_EXTENSIONS) expect(mediaTypeOfContentType(CONTENT_TYPES[ext])).toBe(mediaTypeOf(ext));
  });
});

describe('checkMediaFile', () => {
  it('refuses any other extension with the specification message, whatever the size', () => {
    for (const name of ['anim.gif', 'movie.mov', 'noext', 'sound.wav', 'page.html', 'image.png.exe']) {
      expect(checkMediaFile(name, 10)).toEqual({ ok: false, message: 'files must be in .JPG .JPEG .PNG .MP3 or .MP4 format' });
    }
  });

  it('accepts an allowed file in any letter case and answers its type and content type', () => {
    expect(checkMediaFile('Photo.JPG', 100)).toEqual({ ok: true, ext: 'jpg', type: 'image', contentType: 'image/jpeg' });
    expect(checkMediaFile('scan.jpeg', 100)).toEqual({ ok: true, ext: 'jpeg', type: 'image', contentType: 'image/jpeg' });
    expect(checkMediaFile('logo.png', 100)).toEqual({ ok: true, ext: 'png', type: 'image', contentType: 'image/png' });
    expect(checkMediaFile('song.Mp3', 100)).toEqual({ ok: true, ext: 'mp3', type: 'audio', contentType: 'audio/mpeg' });
    expect(checkMediaFile('clip.mp4', 100)).toEqual({ ok: true, ext: 'mp4', type: 'video', contentType: 'video/mp4' });
  });

  it.each([
    ['image', 'a.png', 2 * MB, 'Image should be no more than 2MB in size'],
    ['image', 'a.jpg', 2 * MB, 'Image should be no more than 2MB in size'],
    ['audio', 'a.mp3', 20 * MB, 'Audio should be no more than 20MB in size'],
    ['video', 'a.mp4', 30 * MB, 'Video should be no more than 30MB in size'],
  ])('allows an %s of exactly its limit and refuses one byte more (%s)', (_type, name, limit, message) => {
    expect(checkMediaFile(name, limit).ok).toBe(true);
    expect(checkMediaFile(name, limit + 1)).toEqual({ ok: false, message });
  });

  it('keeps the limits of the specification', () => {
    expect(MEDIA_LIMITS.image.bytes).toBe(2 * MB);
    expect(MEDIA_LIMITS.audio.bytes).toBe(20 * MB);
    expect(MEDIA_LIMITS.video.bytes).toBe(30 * MB);
    expect(MEDIA_LIMITS.image.message).toBe(mediaMessages.imageTooLarge);
    expect(MEDIA_LIMITS.audio.message).toBe(mediaMessages.audioTooLarge);
    expect(MEDIA_LIMITS.video.message).toBe(mediaMessages.videoTooLarge);
  });

  it('checks the extension before the size', () => {
    expect(checkMediaFile('huge.gif', 100 * MB)).toEqual({ ok: false, message: mediaMessages.wrongExtension });
  });

  it('allows an empty file', () => {
    expect(checkMediaFile('empty.png', 0).ok).toBe(true);
  });
});

describe('fileNameProblem', () => {
  it('requires a name that is not only spaces', () => {
    expect(fileNameProblem('')).toBe('File name is required');
    expect(fileNameProblem('   ')).toBe('File name is required');
    expect(fileNameProblem(undefined)).toBe('File name is required');
    expect(fileNameProblem(' Cat ')).toBeNull();
  });
});

describe('SIGNATURE_TYPES', () => {
  it('gives every allowed extension the real types it may have, and the refusal names every allowed format', () => {
    expect(Object.keys(SIGNATURE_TYPES).sort()).toEqual([...ALLOWED_EXTENSIONS].sort());
    for (const ext of ALLOWED_EXTENSIONS) {
      expect(SIGNATURE_TYPES[ext]).toContain(CONTENT_TYPES[ext]);
      expect(mediaMessages.contentNotAsNamed).toContain(`.${ext.toUpperCase()}`);
    }
  });
});
