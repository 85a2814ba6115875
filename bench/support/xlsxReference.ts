// The exports benchmark's reference for the xlsx download: exceljs alone, in a process of its own, writing as
// many rows of the response-time sheet's shape (11 short strings and numbers and 8 Excel dates, as the seeded
// study's rows) with the download's options (XlsxWorkbook), into a stream that drops them. No database, no thread. Prints its
// figures as JSON: the download's rows per second are reported also as a share of these.
import { Writable } from 'node:stream';
import { RESPONSE_TIME_COLUMNS, RESPONSE_TIME_DATE_COLUMNS } from '../../src/server/services/exports/responseTimes';
import { excelLocal, excelUtc } from '../../src/server/services/exports/moments';
import { XlsxWorkbook } from '../../src/server/services/exports/xlsxWorkbook';

export interface ReferenceFigures {
  rows: number;
  ms: number;
  /** CPU time of the process (every thread, the compressor's included). */
  cpuMs: number;
  bytes: number;
}

const DAYS = 30;
const TIMES = ['08:00', '10:30', '13:00', '15:30', '18:00', '20:30'];
/** Rows per page, as the download settles after each participation's rows. */
const PAGE = DAYS * TIMES.length;

const utc = (ms: number) => excelUtc(new Date(ms).toISOString());
const local = (ms: number) => excelLocal(new Date(ms).toISOString(), 'Asia/Hong_Kong');

async function main(rows: number): Promise<ReferenceFigures> {
  let bytes = 0;
  const out = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      bytes += chunk.length;
      done();
    },
  });
  const start = Date.parse('2030-01-01T00:00:00+08:00');
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const workbook = new XlsxWorkbook(out, 'Response times', RESPONSE_TIME_COLUMNS, RESPONSE_TIME_DATE_COLUMNS);
  for (let n = 0; n < rows; n += 1) {
    const p = Math.floor(n / PAGE);
    const d = Math.floor((n % PAGE) / TIMES.length);
    const [h, m] = TIMES[n % TIMES.length].split(':').map(Number);
    const at = start + d * 86_400_000 + (h * 60 + m) * 60_000;
    workbook.add([
      `X${String(p).padStart(7, '0')}`, `p${p}@bench.test`, 'no', 1, 1, 'MOOD', 'Momentary mood', 'ema', 'Asia/Hong_Kong',
      utc(at), local(at), utc(at + 5_000), local(at + 5_000), utc(at + 60_000), local(at + 60_000), utc(at + 180_000), local(at + 180_000),
      'completed', 'no',
    ]);
    if (n % PAGE === PAGE - 1) await workbook.settle();
  }
  await workbook.end();
  const cpu = process.cpuUsage(cpuBefore);
  return { rows, ms: Number(process.hrtime.bigint() - started) / 1e6, cpuMs: (cpu.user + cpu.system) / 1000, bytes };
}

if (require.main === module) {
  void main(Number(process.argv[2])).then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`));
}
