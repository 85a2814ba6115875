// Streams a body into one S3 object without holding it whole: parts of S3_PART_BYTES are sent as they fill
// (a multipart upload, since @aws-sdk/lib-storage is not a dependency), one at a time so that reading waits
// while a part is sent. A body smaller than one part is one PutObject. A failure aborts the upload, so no
// part is left behind and no object appears.
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';

/** S3's smallest part (all but the last) is 5 MiB; 8 MiB keeps 10,000 parts above 80 GB. */
export const S3_PART_BYTES = 8 * 1024 * 1024;

interface Target {
  client: S3Client;
  bucket: string;
  key: string;
  contentType: string;
}

/** Collects chunks into parts of exactly partBytes (the last may be shorter). */
async function* partsOf(body: Readable, partBytes: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (size + bytes.length >= partBytes) {
      const take = partBytes - size;
      chunks.push(bytes.subarray(0, take));
      yield Buffer.concat(chunks, partBytes);
      bytes = bytes.subarray(take);
      chunks = [];
      size = 0;
    }
    if (bytes.length > 0) {
      chunks.push(bytes);
      size += bytes.length;
    }
  }
  if (size > 0 || chunks.length > 0) yield Buffer.concat(chunks, size);
}

export async function uploadStream({ client, bucket, key, contentType }: Target, body: Readable, partBytes = S3_PART_BYTES): Promise<number> {
  const parts = partsOf(body, partBytes);
  const first = await parts.next();
  const firstPart = first.done ? Buffer.alloc(0) : first.value;
  if (firstPart.length < partBytes) {
    // The whole body fitted in less than one part.
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: firstPart, ContentType: contentType }));
    return firstPart.length;
  }
  const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }));
  const uploadId = created.UploadId;
  if (!uploadId) throw new Error(`S3 gave no upload id for ${key}`);
  const completed: CompletedPart[] = [];
  let total = 0;
  try {
    let part: Buffer | undefined = firstPart;
    while (part) {
      const partNumber = completed.length + 1;
      const sent = await client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: part }));
      completed.push({ ETag: sent.ETag, PartNumber: partNumber });
      total += part.length;
      const next = await parts.next();
      part = next.done ? undefined : next.value;
    }
    await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: completed } }));
    return total;
  } catch (error) {
    body.destroy();
    await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
    throw error;
  }
}
