// The thread that renders the response-time workbook with exceljs (most of the download's work), so that the
// main thread reads the next page of the study meanwhile. It takes batches of rows as JSON text (a few strings
// cross between threads faster than many small arrays) and sends the workbook's bytes back with each batch's
// reply (one message per batch: each message costs). Started by xlsxSheet.ts.
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { XlsxWorkbook, type Cell } from './xlsxWorkbook';
import { isStopRequest, type StopThread } from '../../threads';

export interface SheetThreadData {
  sheetName: string;
  header: readonly string[];
  /** The places (from 0) of the columns of Excel dates. */
  dateColumns: readonly number[];
}

/** A batch of rows (pieces of JSON, each a Cell[][]), or the end of the sheet. */
export type SheetRequest = { rows: string[] } | { end: true };

/** A batch rendered and taken by the compressor, or the workbook complete, with the bytes made meanwhile. */
export type SheetReply = { done: 'batch' | 'workbook'; bytes: Uint8Array | null } | { error: string };

function start(port: NonNullable<typeof parentPort>, data: SheetThreadData): void {
  let made: Buffer[] = [];
  let madeBytes = 0;
  const reply = (done: 'batch' | 'workbook') => {
    // Copied to the main thread (not handed over): each thread frees what it allocated.
    const bytes = madeBytes ? Buffer.concat(made, madeBytes) : null;
    [made, madeBytes] = [[], 0];
    const message: SheetReply = { done, bytes };
    port.postMessage(message);
  };
  const out = new Writable({
    write: (chunk: Buffer, _encoding, callback) => {
      made.push(chunk);
      madeBytes += chunk.length;
      callback();
    },
  });
  let workbook: XlsxWorkbook;
  // Requests are handled one after the other: a batch waits for the compressor before the next is rendered.
  let queue = Promise.resolve();
  let failed = false;
  const handle = async (request: SheetRequest) => {
    if ('rows' in request) {
      for (const piece of request.rows) for (const row of JSON.parse(piece) as Cell[][]) workbook.add(row);
      await workbook.settle();
      reply('batch');
    } else {
      await workbook.end();
      reply('workbook');
    }
  };
  const fail = (error: unknown) => {
    failed = true;
    const message: SheetReply = { error: error instanceof Error ? error.message : String(error) };
    port.postMessage(message);
  };
  try {
    workbook = new XlsxWorkbook(out, data.sheetName, data.header, data.dateColumns);
  } catch (error) {
    fail(error);
  }
  port.on('message', (request: SheetRequest | StopThread) => {
    // Stopping leaves the rendering under way to finish on its own; the thread ends when nothing is left to do.
    if (isStopRequest(request)) {
      failed = true;
      port.close();
      return;
    }
    queue = queue.then(() => (failed ? undefined : handle(request).catch(fail)));
  });
}

if (parentPort && (workerData as Partial<SheetThreadData> | null)?.header) start(parentPort, workerData as SheetThreadData);
