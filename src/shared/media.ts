// Media file rules (part 1 section 5 "Media file upload"): allowed extensions, the type each gives, the size
// limit of each type and the message when a file breaks one. Browser and server check the same way.
import { mediaMessages } from './messages/media';

export const MEDIA_TYPES = ['image', 'audio', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'mp3', 'mp4'] as const;
export type MediaExtension = (typeof ALLOWED_EXTENSIONS)[number];

const MB = 1024 * 1024;

export const MEDIA_LIMITS: Record<MediaType, { bytes: number; message: string; folder: string }> = {
  image: { bytes: 2 * MB, message: mediaMessages.imageTooLarge, folder: 'images' },
  audio: { bytes: 20 * MB, message: mediaMessages.audioTooLarge, folder: 'audios' },
  video: { bytes: 30 * MB, message: mediaMessages.videoTooLarge, folder: 'videos' },
};

export const CONTENT_TYPES: Record<MediaExtension, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};

/**
 * What a file's bytes may really be for each extension, as the server's signature check (the `file-type` package)
 * names them: a PNG may be animated (APNG), an MP4 may carry Apple's M4V brand. Anything else is refused.
 */
export const SIGNATURE_TYPES: Record<MediaExtension, readonly string[]> = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png', 'image/apng'],
  mp3: ['audio/mpeg'],
  mp4: ['video/mp4', 'video/x-m4v'],
};

/** Files asked for by stored key at once: a questionnaire's media items (POST /api/files/byKeys). */
export const MAX_MEDIA_KEYS = 200;

/** The accept attribute of the file pickers. */
export const ACCEPT_ATTRIBUTE = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',');

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isAllowedExtension(ext: string): ext is MediaExtension {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(ext);
}

/** jpg, jpeg and png give image; mp3 gives audio; anything else allowed gives video. */
export function mediaTypeOf(ext: MediaExtension): MediaType {
  if (ext === 'jpg' || ext === 'jpeg' || ext === 'png') return 'image';
  if (ext === 'mp3') return 'audio';
  return 'video';
}

export type MediaCheck = { ok: true; ext: MediaExtension; type: MediaType; contentType: string } | { ok: false; message: string };

/** The browser's check before an upload, and the server's check of the same file. */
export function checkMediaFile(fileName: string, size: number): MediaCheck {
  const ext = extensionOf(fileName);
  if (!isAllowedExtension(ext)) return { ok: false, message: mediaMessages.wrongExtension };
  const type = mediaTypeOf(ext);
  if (size > MEDIA_LIMITS[type].bytes) return { ok: false, message: MEDIA_LIMITS[type].message };
  return { ok: true, ext, type, contentType: CONTENT_TYPES[ext] };
}

export function fileNameProblem(name: string | undefined): string | null {
  return (name ?? '').trim() ? null : mediaMessages.fileNameRequired;
}

/** The media type a stored content type belongs to (for the size limit of an upload). */
export function mediaTypeOfContentType(contentType: string): MediaType | null {
  const ext = ALLOWED_EXTENSIONS.find((e) => CONTENT_TYPES[e] === contentType);
  return ext ? mediaTypeOf(ext) : null;
}
