// The one way the downloads make an .xlsx with exceljs: its streaming writer without shared strings or styles,
// deflating at level 1 (the sheet's XML still shrinks to a small fraction, in a fraction of the default level's
// time). Used by the sheet thread (xlsxThread.ts) and by the exports benchmark's reference.
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';

export type Cell = string | number;

export const XLSX_ZLIB_LEVEL = 1;

/** XML the sheet may hold ahead of the compressor. */
const AHEAD_BYTES = 512 * 1024;

/** The queue in front of the compressor: the stream the sheet's XML is piped into (not in exceljs's types). */
function queuedBytes(sheet: ExcelJS.Worksheet): number {
  const pipes = (sheet as unknown as { stream: { pipes?: unknown[] } }).stream.pipes;
  const target = pipes?.[0] as { _writableState?: { length?: number } } | undefined;
  return target?._writableState?.length ?? 0;
}

/** One worksheet written row by row into `out`. */
export class XlsxWorkbook {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(out: Writable, sheetName: string, header: readonly string[]) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false, zip: { zlib: { level: XLSX_ZLIB_LEVEL } } });
    this.sheet = this.workbook.addWorksheet(sheetName);
    this.sheet.addRow([...header]).commit();
  }

  add(row: readonly Cell[]): void {
    this.sheet.addRow(row as Cell[]).commit();
  }

  /**
   * exceljs hands the sheet's XML to its zip library without waiting for it to be taken: a fast writer would
   * pile the whole sheet up in memory, so after a batch of rows the compressor is let catch up.
   */
  async settle(): Promise<void> {
    while (queuedBytes(this.sheet) > AHEAD_BYTES) await nextTurn();
  }

  async end(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}
