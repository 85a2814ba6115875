// The one way the downloads make an .xlsx with exceljs: its streaming writer without shared strings, deflating at
// level 1 (the sheet's XML still shrinks to a small fraction, in a fraction of the default level's time). Columns
// of moments hold Excel dates (numbers with a date format), so they sort and subtract in Excel. Used by the sheet
// thread (xlsxThread.ts) and by the exports benchmark's reference.
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';

/** A cell: text, a number, or nothing (an empty cell); in a date column a number is an Excel date. */
export type Cell = string | number | null;

/** How moments are shown: sortable, to the second. */
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * One style object per kind of cell, given to every cell: exceljs looks a style it has seen up by the object, while
 * the fresh style each cell has otherwise is worked out anew (measured: twice the time of a sheet without styles;
 * shared objects add about a fifth).
 */
const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: XLSX_DATE_FORMAT };
const PLAIN_STYLE: Partial<ExcelJS.Style> = {};

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
  /** Each column's style; none without date columns (no styles written at all). */
  private readonly styles: Partial<ExcelJS.Style>[] | null;

  /** `dateColumns`: the places (from 0) of the columns whose numbers are Excel dates. */
  constructor(out: Writable, sheetName: string, header: readonly string[], dateColumns: readonly number[] = []) {
    const styled = dateColumns.length > 0;
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: styled, zip: { zlib: { level: XLSX_ZLIB_LEVEL } } });
    this.sheet = this.workbook.addWorksheet(sheetName);
    this.styles = styled ? header.map((_, i) => (dateColumns.includes(i) ? DATE_STYLE : PLAIN_STYLE)) : null;
    this.addRow([...header], this.styles && header.map(() => PLAIN_STYLE));
  }

  add(values: readonly Cell[]): void {
    this.addRow(values, this.styles);
  }

  private addRow(values: readonly Cell[], styles: readonly Partial<ExcelJS.Style>[] | null): void {
    const row = this.sheet.addRow(values as Cell[]);
    if (styles) for (let i = 0; i < styles.length; i += 1) row.getCell(i + 1).style = styles[i];
    row.commit();
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
