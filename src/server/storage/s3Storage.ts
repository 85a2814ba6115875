// Any S3-compatible store, with real pre-signed upload and download addresses.
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { ObjectStorage, StoredObject } from './objectStorage';
import { uploadStream } from './s3Upload';
import { attachmentDisposition } from './disposition';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
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

  createDownloadUrl(key: string, expiresAt: Date, downloadName?: string): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ...(downloadName === undefined ? {} : { ResponseContentDisposition: attachmentDisposition(downloadName) }),
    });
    return getSignedUrl(this.client, command, { expiresIn: secondsUntil(expiresAt) });
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType ?? null };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async readBytes(key: string, start: number, length: number): Promise<Buffer> {
    if (length <= 0) return Buffer.alloc(0);
    try {
      const range = `bytes=${start}-${start + length - 1}`;
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: range }));
      if (!answer.Body) return Buffer.alloc(0);
      const bytes = Buffer.from(await answer.Body.transformToByteArray());
      // A store that ignores the range answers the whole object (no Content-Range): keep only what was asked for.
      return answer.ContentRange ? bytes.subarray(0, length) : bytes.subarray(start, start + length);
    } catch (error) {
      // 416: the range starts past the object's end (or the object is empty), so there are no bytes to give.
      if (statusOf(error) === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async readStream(key: string): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    // On Node the SDK's body is the HTTP response itself, read as it is consumed.
    if (!(answer.Body instanceof Readable)) throw new Error(`S3 gave no readable body for ${key}`);
    return answer.Body;
  }

  writeStream(key: string, body: Readable, contentType: string): Promise<number> {
    return uploadStream({ client: this.client, bucket: this.settings.bucket, key, contentType }, body);
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
