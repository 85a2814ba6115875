// A thread asked to stop ends by itself (exit code 0) once the work under way is done, instead of being cut off
// wherever its JavaScript is (terminate(): exit code 1), which can leave a zlib stream half made and abort the
// whole process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startThread, stopThread } from '../../src/server/threads';
import type { SheetRequest, SheetThreadData } from '../../src/server/services/exports/xlsxThread';

jest.setTimeout(60_000);

describe('stopThread', () => {
  it('lets a thread rendering a workbook end by itself', async () => {
    const data: SheetThreadData = { sheetName: 'Sheet', header: ['code', 'n'], dateColumns: [] };
    const worker = startThread('services/exports/xlsxThread', data);
    const exitCode = new Promise<number>((resolve) => worker.once('exit', resolve));
    const rows: SheetRequest = { rows: [JSON.stringify(Array.from({ length: 5000 }, (_, i) => [`P${i}`, i]))] };
    worker.postMessage(rows);
    await new Promise((resolve) => worker.once('message', resolve));
    // Stopped while it renders the next batch.
    worker.postMessage(rows);
    await stopThread(worker);
    expect(await exitCode).toBe(0);
    expect(worker.threadId).toBe(-1);
  });

  it('resolves at once for a thread that has already ended', async () => {
    const data: SheetThreadData = { sheetName: 'Sheet', header: ['code'], dateColumns: [] };
    const worker = startThread('services/exports/xlsxThread', data);
    await stopThread(worker);
    await expect(stopThread(worker)).resolves.toBeUndefined();
  });

  it('keeps its process alive until the thread has ended, though threads never keep a process alive otherwise', () => {
    // A process with nothing else to wait for (a server whose listener has closed): the stop must still finish.
    const root = path.resolve(__dirname, '..', '..');
    const code = `
      const { startThread, stopThread } = require(${JSON.stringify(path.join(root, 'src/server/threads.ts'))});
      const worker = startThread('services/exports/xlsxThread', { sheetName: 'Sheet', header: ['code'] });
      worker.unref();
      stopThread(worker).then(() => console.log('stopped ' + worker.threadId));
    `;
    const result = spawnSync(process.execPath, ['-r', path.join(root, 'scripts/lib/register-ts.cjs'), '-e', code], { encoding: 'utf8', timeout: 50_000 });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('stopped -1');
  });
});
