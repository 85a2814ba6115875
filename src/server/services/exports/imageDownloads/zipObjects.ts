// Zips stored objects into a stored object as a stream: each object is read from storage as the zip is
// written to storage, so memory holds a few chunks (and, on S3, one upload part), never the photos. Entries
// are stored, not compressed (ZipPassThrough): JPEG and PNG are compressed already.
import { Readable, PassThrough } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { ObjectStorage } from '../../../storage/objectStorage';

export interface ZipEntry {
  key: string;
  /** The name inside the zip. */
  name: string;
  modifiedAt: Date;
}

/** Bytes the zip stream buffers before reading waits for storage to take them. */
const OUTPUT_BUFFER_BYTES = 1024 * 1024;

export class ZipStopped extends Error {}

/** Resolves once the stream wants more; rejects if it closes first (storage gave up on it). */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new ZipStopped('the zip output closed'));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}

/**
 * Writes the entries, in order, into a zip stored at `zipKey`; answers its size. `afterEntry` runs after each
 * entry (progress); `signal` stops the build. On failure nothing is left at `zipKey`.
 */
export async function zipObjects(
  storage: ObjectStorage,
  entries: readonly ZipEntry[],
  zipKey: string,
  options: { afterEntry?: () => Promise<void>; signal?: AbortSignal } = {},
): Promise<number> {
  const out = new PassThrough({ highWaterMark: OUTPUT_BUFFER_BYTES });
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    if (!out.destroyed) out.write(chunk);
    if (final) out.end();
  });
  const stored = storage.writeStream(zipKey, out, 'application/zip');
  // Seen here so that a failure of storage before the zip ends is not an unhandled rejection.
  stored.catch(() => undefined);
  let source: Readable | null = null;
  try {
    for (const entry of entries) {
      if (options.signal?.aborted) throw new ZipStopped('the zip build was stopped');
      const file = new ZipPassThrough(entry.name);
      file.mtime = entry.modifiedAt;
      zip.add(file);
      source = await storage.readStream(entry.key);
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (out.destroyed) throw new ZipStopped('the zip output closed');
        file.push(chunk);
        if (out.writableNeedDrain) await drained(out);
      }
      source = null;
      file.push(new Uint8Array(0), true);
      await options.afterEntry?.();
    }
    zip.end();
  } catch (error) {
    source?.destroy();
    zip.terminate();
    out.destroy();
    // Storage's own failure explains more than the closed stream it caused.
    const cause = await stored.then(
      () => error,
      (storageError: unknown) => (error instanceof ZipStopped && !options.signal?.aborted ? storageError : error),
    );
    await storage.remove(zipKey).catch(() => undefined);
    throw cause;
  }
  return stored;
}
