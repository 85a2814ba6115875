// The sheet written by exceljs in its own thread: read back with exceljs, rows exactly as added over several
// batches; a failure of the thread and a reader that goes away reach the caller as errors, never as a wait
// without end.
import ExcelJS from 'exceljs';
import { collectingSink, DownloadAborted, type ByteSink } from '../../../../src/server/services/exports/output';
import { XlsxSheetWriter } from '../../../../src/server/services/exports/xlsxSheet';
import { XLSX_DATE_FORMAT } from '../../../../src/server/services/exports/xlsxWorkbook';
import { excelDay, excelLocal, excelUtc } from '../../../../src/server/services/exports/moments';
import { responseTimeHeader, RESPONSE_TIME_COLUMNS } from '../../../../src/server/services/exports/responseTimes';

jest.setTimeout(60_000);

const HEADER = ['code', 'text', 'number'];

async function rowsOf(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('XlsxSheetWriter', () => {
  it('writes every row as added, over several batches, Chinese and emoji included', async () => {
    const { sink, bytes } = collectingSink();
    const sheet = new XlsxSheetWriter(sink, 'Sheet', HEADER);
    const expected: unknown[][] = [HEADER];
    // 80 pages of 500 rows: more than one batch of JSON.
    for (let page = 0; page < 80; page += 1) {
      for (let i = 0; i < 500; i += 1) {
        const row = [`P${page}`, `你好 😀, "row" ${i} <&>`, page * 500 + i];
        expected.push(row);
        sheet.add(row);
      }
      await sheet.settle();
    }
    await sheet.end();
    expect(await rowsOf(bytes())).toEqual(expected);
  });

  it('writes the date columns as Excel dates with a format to the second, other columns as they are', async () => {
    const { sink, bytes } = collectingSink();
    const sheet = new XlsxSheetWriter(sink, 'Sheet', ['code', 'utc', 'local', 'day'], [1, 2, 3]);
    sheet.add(['P1', excelUtc('2026-03-29T00:59:59.000Z'), excelLocal('2026-03-29T00:59:59.000Z', 'Europe/London'), excelDay('2026-03-29')]);
    // Summer time begins in London at 01:00 UTC that day: an hour is added to the wall clock.
    sheet.add(['P2', excelUtc('2026-03-29T01:00:00.000Z'), excelLocal('2026-03-29T01:00:00.000Z', 'Europe/London'), null]);
    sheet.add([7, excelUtc(null), excelLocal('not a moment', 'Europe/London'), excelDay(null)]);
    await sheet.settle();
    await sheet.end();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes() as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0];
    const cells = (n: number) => [1, 2, 3, 4].map((c) => ws.getRow(n).getCell(c));
    expect(cells(1).map((c) => [c.type, c.value])).toEqual(['code', 'utc', 'local', 'day'].map((h) => [ExcelJS.ValueType.String, h]));
    expect(cells(2).map((c) => c.value)).toEqual(['P1', new Date('2026-03-29T00:59:59.000Z'), new Date('2026-03-29T00:59:59.000Z'), new Date('2026-03-29T00:00:00.000Z')]);
    expect(cells(3).map((c) => c.value)).toEqual(['P2', new Date('2026-03-29T01:00:00.000Z'), new Date('2026-03-29T02:00:00.000Z'), null]);
    expect(cells(2).slice(1).map((c) => [c.type, c.numFmt])).toEqual(Array(3).fill([ExcelJS.ValueType.Date, XLSX_DATE_FORMAT]));
    expect(cells(4).map((c) => c.type)).toEqual([ExcelJS.ValueType.Number, ExcelJS.ValueType.Null, ExcelJS.ValueType.Null, ExcelJS.ValueType.Null]);
  });

  it('names the local columns’ zone in the header, or points to the row’s zone when there are several', () => {
    const local = RESPONSE_TIME_COLUMNS.filter((c) => c.endsWith('_local'));
    expect(local).toHaveLength(4);
    const one = responseTimeHeader(['Asia/Hong_Kong', 'Asia/Hong_Kong']);
    expect(one.filter((c) => c.includes('_local'))).toEqual(local.map((c) => `${c} (Asia/Hong_Kong)`));
    expect(one.filter((c) => !c.includes('_local'))).toEqual(RESPONSE_TIME_COLUMNS.filter((c) => !c.endsWith('_local')));
    expect(responseTimeHeader(['Asia/Hong_Kong', 'Europe/London']).filter((c) => c.includes('_local'))).toEqual(local.map((c) => `${c} (timezone column)`));
  });

  it("a failure in the thread rejects with its message instead of waiting", async () => {
    const { sink } = collectingSink();
    // A header exceljs cannot take: the thread fails as it starts.
    const sheet = new XlsxSheetWriter(sink, 'Sheet', 5 as unknown as string[]);
    sheet.add(['P', 'text', 1]);
    const outcome = (async () => {
      await sheet.settle();
      await sheet.end();
    })();
    await expect(outcome).rejects.toThrow(/The workbook could not be written: .*iterable/);
    await sheet.close();
  });

  it('a reader that went away stops the writing with DownloadAborted', async () => {
    let ended = false;
    const sink: ByteSink = { write: () => undefined, drained: () => Promise.reject(new DownloadAborted()), end: () => (ended = true) };
    const sheet = new XlsxSheetWriter(sink, 'Sheet', HEADER);
    sheet.add(['P', 'text', 1]);
    try {
      await expect(sheet.settle()).rejects.toBeInstanceOf(DownloadAborted);
    } finally {
      await sheet.close();
    }
    expect(ended).toBe(false);
  });
});
