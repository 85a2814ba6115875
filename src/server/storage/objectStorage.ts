// Object storage behind one interface: the local data folder, or any S3-compatible store.
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  contentType: string | null;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Origins the browser must be allowed to reach (Content-Security-Policy), if not the portal's own. */
  readonly origins: string[];
  /** The address the browser PUTs the bytes to. */
  createUploadUrl(upload: { grantId: string; key: string; contentType: string; expiresAt: Date }): Promise<string>;
  /**
   * A signed, expiring address to show or play an object; with `downloadName`, the browser saves it as an
   * attachment of that name.
   */
  createDownloadUrl(key: string, expiresAt: Date, downloadName?: string): Promise<string>;
  stat(key: string): Promise<StoredObject | null>;
  /**
   * Up to `length` bytes of an object from byte `start` (a ranged read: the rest is never fetched); fewer at its
   * end, none past it. Used to check what a stored file really is.
   */
  readBytes(key: string, start: number, length: number): Promise<Buffer>;
  /** The object's bytes as a stream, read as it is consumed (never the whole object in memory). */
  readStream(key: string): Promise<Readable>;
  /**
   * Stores what the stream gives under the key, as it arrives (a few megabytes in memory at most); the object
   * appears only once it is whole, and nothing stays when the stream fails. Answers the byte count.
   */
  writeStream(key: string, body: Readable, contentType: string): Promise<number>;
  remove(key: string): Promise<void>;
  /** Releases connections when the server stops. */
  close(): void;
}
