// Object storage behind one interface: the local data folder, or any S3-compatible store.
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
  /** A signed, expiring address to show or play an object. */
  createDownloadUrl(key: string, expiresAt: Date): Promise<string>;
  stat(key: string): Promise<StoredObject | null>;
  /** The first bytes of an object (at most `length`), to check what it really is; null when it is not there. */
  readStart(key: string, length: number): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Releases connections when the server stops. */
  close(): void;
}
