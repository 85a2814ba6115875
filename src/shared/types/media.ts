import type { MediaType } from '../media';

export interface MediaFile {
  _id: string;
  name: string;
  type: MediaType;
  /** The stored object's key. */
  file: string;
  /** A signed, expiring address to show or play the file. */
  url: string;
  size: number;
  lab: string;
  createdAt: string;
}

export interface MediaListAnswer {
  files: MediaFile[];
  pages: number;
  page: number;
}

export interface UploadUrlBody {
  filePath: string;
  fileType: string;
  requestType: 'putObject';
  /** Optional: the browser sends it so the server can refuse an over-limit file before any bytes travel. */
  fileSize?: number;
}

export interface UploadUrlAnswer {
  url: string;
  file: string;
  type: MediaType;
  /** The content type the bytes must be sent with (decided by the extension). */
  contentType: string;
}

export interface CreateFileBody {
  lab: string;
  name: string;
  type: MediaType;
  file: string;
  size: number;
}

/** POST /api/files/byKeys: at most MAX_MEDIA_KEYS (shared/media.ts) stored keys. */
export interface MediaByKeysBody {
  keys: string[];
}
