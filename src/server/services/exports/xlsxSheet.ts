// One worksheet written into a sink by exceljs in a thread of its own (xlsxThread.ts): rendering the workbook is
// most of the download's work, and there it overlaps with the reading of the next page on the main thread. Rows
// are sent in batches of about a megabyte of JSON (each page's rows made text as the page ends, so they do not
// outlive it as objects); at most one batch waits in the thread while the next is read, and the next is sent
// only once the reader has taken most of the bytes, so what is held stays small however large the sheet.
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { startThread, stopThread } from '../../threads';
import type { ByteSink } from './output';
import type { SheetReply, SheetRequest, SheetThreadData } from './xlsxThread';
import type { Cell } from './xlsxWorkbook';

/** Batches the thread may hold besides the one being rendered. */
const BATCHES_AHEAD = 1;

/**
 * The thread's heap. Without a bound on its old generation, the garbage of exceljs's rendering piled up there
 * the longer the sheet (peak 299 to 399 MB at 180,000 rows, against 265 MB at 64 MB, the same at a tenth). What
 * it holds at a time is bounded: two batches of text and one piece of parsed rows. A small young generation
 * is no slower here (measured at 8, 16 and 48 MB) and stays small in memory.
 */
const THREAD_HEAP: ResourceLimits = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/**
 * Rows per piece of JSON, so the thread parses (and holds) a bounded number at once whatever a page holds: a
 * single allocation beyond the thread's heap would end the whole process, not only the thread.
 */
const PIECE_ROWS = 1000;

/** Characters of JSON rows sent at once. */
const BATCH_TEXT = 1 << 20;

export class XlsxSheetWriter {
  private readonly worker: Worker;
  private rows: Cell[][] = [];
  private batch: string[] = [];
  private batchText = 0;
  private inThread = 0;
  private ended = false;
  private closed = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly sink: ByteSink,
    sheetName: string,
    header: readonly string[],
    dateColumns: readonly number[] = [],
  ) {
    const data: SheetThreadData = { sheetName, header, dateColumns };
    this.worker = startThread('services/exports/xlsxThread', data, THREAD_HEAP);
    this.worker.on('message', (reply: SheetReply) => {
      if ('error' in reply) {
        this.fail(new Error(`The workbook could not be written: ${reply.error}`));
        return;
      }
      if (reply.bytes) sink.write(reply.bytes);
      if (reply.done === 'batch') {
        this.inThread -= 1;
      } else {
        this.ended = true;
        sink.end();
      }
      this.notify();
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => {
      if (!this.ended && !this.closed) this.fail(new Error('The workbook could not be written: its thread stopped'));
    });
    // A server that stops does not wait for a download's thread.
    this.worker.unref();
  }

  add(row: readonly Cell[]): void {
    this.rows.push(row as Cell[]);
  }

  /** Ends a page: its rows become text, sent once the batch is large enough; resolves once the thread and the reader can take more. */
  async settle(): Promise<void> {
    this.keepRows();
    if (this.batchText >= BATCH_TEXT) this.send();
    await this.until(() => this.inThread <= BATCHES_AHEAD);
    await this.sink.drained();
  }

  /** Completes the workbook: resolves once its last bytes are in the sink. */
  async end(): Promise<void> {
    this.keepRows();
    this.send();
    this.post({ end: true });
    await this.until(() => this.ended);
    await this.close();
  }

  /** Stops the thread: after the end, or when the download failed or went away. */
  async close(): Promise<void> {
    this.closed = true;
    await stopThread(this.worker);
  }

  private keepRows(): void {
    for (let i = 0; i < this.rows.length; i += PIECE_ROWS) {
      const text = JSON.stringify(this.rows.slice(i, i + PIECE_ROWS));
      this.batch.push(text);
      this.batchText += text.length;
    }
    this.rows = [];
  }

  private send(): void {
    if (this.batch.length === 0) return;
    const rows = this.batch;
    [this.batch, this.batchText] = [[], 0];
    this.inThread += 1;
    this.post({ rows });
  }

  private post(request: SheetRequest): void {
    if (this.failure) throw this.failure;
    this.worker.postMessage(request);
  }

  private async until(ready: () => boolean): Promise<void> {
    while (!this.failure && !ready()) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
