// The one way the downloads make an .xlsx with exceljs: its streaming writer without shared strings, deflating at
// level 1 (the sheet's XML still shrinks to a small fraction, in a fraction of the default level's time) and
// without styles but one: columns of moments hold Excel dates (numbers with a date format), so they sort and
// subtract in Excel. Used by the sheet thread (xlsxThread.ts) and by the exports benchmark's reference.
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';

/** A cell: text, a number, or nothing (an empty cell); in a date column a number is an Excel date. */
export type Cell = string | number | null;

/** How moments are shown: sortable, to the second. */
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** The number of the workbook's own format (ids below 164 are Excel's built-in ones). */
const DATE_FORMAT_ID = 164;

/** Excel's day 0 (1899-12-30) in days before 1970-01-01, and a day. */
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

/** What exceljs's writer without styles keeps of them (not in its types). */
interface PlainStyles {
  model: { numFmts: { id: number; formatCode: string }[]; styles: Record<string, number>[] };
  _dateStyleId?: number;
}

/**
 * exceljs's writer without styles gives every Date cell one style, its built-in date-only format; that one
 * style is given the moment's format instead. Styles proper (a style object per cell) made the sheet twice as
 * slow to render, and shared style objects still cost two fifths more.
 */
function formatDatesToTheSecond(workbook: ExcelJS.stream.xlsx.WorkbookWriter): void {
  const styles = (workbook as unknown as { styles: PlainStyles }).styles;
  styles.model.numFmts.push({ id: DATE_FORMAT_ID, formatCode: XLSX_DATE_FORMAT });
  styles._dateStyleId = styles.model.styles.push({ numFmtId: DATE_FORMAT_ID, fontId: 0, fillId: 0, borderId: 0, xfId: 0 }) - 1;
}

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

  /** `dateColumns`: the places (from 0) of the columns whose numbers are Excel dates. */
  constructor(out: Writable, sheetName: string, header: readonly string[], private readonly dateColumns: readonly number[] = []) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false, zip: { zlib: { level: XLSX_ZLIB_LEVEL } } });
    if (dateColumns.length > 0) formatDatesToTheSecond(this.workbook);
    this.sheet = this.workbook.addWorksheet(sheetName);
    this.sheet.addRow([...header]).commit();
  }

  add(values: readonly Cell[]): void {
    let row = values as (Cell | Date)[];
    if (this.dateColumns.length > 0) {
      row = values.slice();
      for (const i of this.dateColumns) {
        const serial = row[i];
        // A Date is what exceljs writes as a date (the number again, with the date style).
        if (typeof serial === 'number') row[i] = new Date(Math.round((serial - EXCEL_EPOCH_DAYS) * DAY_MS));
      }
    }
    this.sheet.addRow(row).commit();
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
