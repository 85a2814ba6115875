// The sheet written by exceljs in its own thread: read back with exceljs, rows exactly as added over several
// batches; a failure of the thread and a reader that goes away reach the caller as errors, never as a wait
// without end.
import ExcelJS from 'exceljs';
import { collectingSink, DownloadAborted, type ByteSink } from '../../../../src/server/services/exports/output';
import { XlsxSheetWriter } from '../../../../src/server/services/exports/xlsxSheet';

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
