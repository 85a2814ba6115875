// Any S3-compatible store, with real pre-signed upload and download addresses.
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectStorage, StoredObject } from './objectStorage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
}

function secondsUntil(date: Date): number {
  return Math.max(1, Math.round((date.getTime() - Date.now()) / 1000));
}

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly origins: string[];
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      // A pre-signed PUT has no body when it is signed: the SDK's default would sign the CRC32 of an empty
      // body into the address (x-amz-checksum-crc32=AAAAAA==), which S3, R2 and MinIO then refuse for any file.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    });
    this.origins = settings.endpoint
      ? [new URL(settings.endpoint).origin]
      : [`https://${settings.bucket}.s3.${settings.region}.amazonaws.com`, `https://s3.${settings.region}.amazonaws.com`];
  }

  createUploadUrl({ key, contentType, expiresAt }: { key: string; contentType: string; expiresAt: Date }): Promise<string> {
    const command = new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, ContentType: contentType });
    return getSignedUrl(this.client, command, { expiresIn: secondsUntil(expiresAt) });
  }

  createDownloadUrl(key: string, expiresAt: Date): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.settings.bucket, Key: key });
    return getSignedUrl(this.client, command, { expiresIn: secondsUntil(expiresAt) });
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType ?? null };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: `bytes=0-${length - 1}` }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return null;
      // An empty object has no byte 0 to start a range at.
      if (status === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
