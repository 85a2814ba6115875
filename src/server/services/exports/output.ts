// Where an export's bytes go: a stream that the reply sends as it is written (the portal's download), or a
// collection that becomes the base64 `content` of the JSON answer (the specification's form). An export waits
// for the stream's reader before it reads the next page, so what it holds stays small however large the file.
import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

export interface ByteSink {
  write(chunk: Uint8Array): void;
  /** Resolves once the reader has taken most of what was written; rejects when the reader went away. */
  drained(): Promise<void>;
  end(): void;
}

/** The reader (the download) went away: the export stops. */
export class DownloadAborted extends Error {
  constructor() {
    super('download aborted');
  }
}

const STREAM_HIGH_WATER = 1 << 20;

export function streamSink(): { stream: PassThrough; sink: ByteSink } {
  const stream = new PassThrough({ highWaterMark: STREAM_HIGH_WATER });
  const sink: ByteSink = {
    write: (chunk) => {
      if (!stream.destroyed) stream.write(chunk);
    },
    drained: () =>
      new Promise<void>((resolve, reject) => {
        if (stream.destroyed) return reject(new DownloadAborted());
        if (!stream.writableNeedDrain) return resolve();
        const done = (error?: Error) => {
          stream.off('drain', onDrain);
          stream.off('close', onClose);
          if (error) reject(error);
          else resolve();
        };
        const onDrain = () => done();
        const onClose = () => done(new DownloadAborted());
        stream.once('drain', onDrain);
        stream.once('close', onClose);
      }),
    end: () => {
      if (!stream.destroyed) stream.end();
    },
  };
  return { stream, sink };
}

export function collectingSink(): { sink: ByteSink; bytes: () => Buffer } {
  const chunks: Uint8Array[] = [];
  return {
    sink: { write: (chunk) => chunks.push(chunk), drained: async () => undefined, end: () => undefined },
    bytes: () => Buffer.concat(chunks),
  };
}

/** Text is handed to the compressor in pieces of about this many characters. */
const TEXT_PIECE = 64 * 1024;

/** One text file being written into a zip. */
export interface TextFile {
  write(text: string): Promise<void>;
}

/** A zip written file after file into a sink (fflate's streaming Zip: a file's bytes leave as it is deflated). */
export class ZipWriter {
  private readonly zip: Zip;
  private failure: Error | null = null;

  constructor(private readonly sink: ByteSink) {
    this.zip = new Zip((error, data, final) => {
      if (error) {
        this.failure = error;
        return;
      }
      sink.write(data);
      if (final) sink.end();
    });
  }

  /** Writes one file: `fill` writes its text; the file is complete when it resolves. */
  async file(name: string, fill: (file: TextFile) => Promise<void>): Promise<void> {
    // Level 1: CSV text still shrinks to a fraction, at a fraction of the higher levels' time.
    const entry = new ZipDeflate(name, { level: 1 });
    this.zip.add(entry);
    let pending = '';
    const push = async (final: boolean) => {
      entry.push(Buffer.from(pending, 'utf8'), final);
      pending = '';
      if (this.failure) throw this.failure;
      await this.sink.drained();
    };
    await fill({
      write: async (text) => {
        pending += text;
        if (pending.length >= TEXT_PIECE) await push(false);
      },
    });
    await push(true);
  }

  end(): void {
    this.zip.end();
    if (this.failure) throw this.failure;
  }
}
