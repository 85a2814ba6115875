// One worksheet written with exceljs's streaming writer (no shared strings, no styles) into a sink. exceljs
// hands the sheet's XML to its zip library without waiting for it to be taken, so a fast export would pile the
// whole sheet up in memory; after each batch of rows the writer lets the zip library catch up.
import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { ByteSink } from './output';

/** XML the sheet may hold ahead of the compressor. */
const AHEAD_BYTES = 512 * 1024;

type Cell = string | number;

/** The queue in front of the compressor: the stream the sheet's XML is piped into (not in exceljs's types). */
function queuedBytes(sheetStream: unknown): number {
  const pipes = (sheetStream as { pipes?: unknown[] }).pipes;
  const target = pipes?.[0] as { _writableState?: { length?: number } } | undefined;
  return target?._writableState?.length ?? 0;
}

export class XlsxSheetWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(
    private readonly sink: ByteSink,
    sheetName: string,
    header: readonly string[],
  ) {
    const out = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        sink.write(chunk);
        done();
      },
      final: (done) => {
        sink.end();
        done();
      },
    });
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    this.sheet = this.workbook.addWorksheet(sheetName);
    this.sheet.addRow([...header]).commit();
  }

  add(row: readonly Cell[]): void {
    this.sheet.addRow(row as Cell[]).commit();
  }

  /** Waits until the compressor and the reader have taken most of what was written. */
  async settle(): Promise<void> {
    const stream = (this.sheet as unknown as { stream: unknown }).stream;
    while (queuedBytes(stream) > AHEAD_BYTES) await nextTurn();
    await this.sink.drained();
  }

  async end(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}
