// The streamed downloads on a study large enough that its file is several times what the server buffers (the
// exports benchmark's seed, straight into SQLite): a client that reads slowly over a connection gets the whole
// file, and one that goes away stops the download (its reads stop and its connection is closed). That the
// study is read only as fast as the file is taken is seen at the stream the reply sends (over loopback the
// kernel's buffers, autotuned to megabytes, would take in most of the file).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import ExcelJS from 'exceljs';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { XLSX_MEDIA_TYPE } from '../../../src/shared/types/dataDownloads';
import { streamSink } from '../../../src/server/services/exports/output';
import { writeResponseTimes } from '../../../src/server/services/exports/responseTimes';
import { resolveScope } from '../../../src/server/services/exports/scope';
import { seed } from '../../../bench/exports';

jest.setTimeout(180_000);

const PARTICIPANTS = 300;

/** Counts the statements of the downloads' read connections, and which of them are closed. */
function countReads(app: FastifyInstance) {
  const counts = { statements: 0, opened: 0, closed: 0 };
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      counts.statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const open = app.ctx.openReader;
  app.ctx.openReader = () => {
    const reader = open();
    counts.opened += 1;
    return {
      db: reader.db.withPlugin(counter),
      close: async () => {
        await reader.close();
        counts.closed += 1;
      },
    };
  };
  return counts;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(ready: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

describe('streamed downloads over a connection (sqlite)', () => {
  let app: FastifyInstance;
  let port: number;
  let token: string;
  let seeded: Awaited<ReturnType<typeof seed>>;
  let counts: ReturnType<typeof countReads>;

  beforeAll(async () => {
    seeded = await seed(PARTICIPANTS);
    app = await buildApp(
      loadConfig({ DATA_DIR: seeded.dataDir, SYSTEM_OWNER_EMAIL: 'owner@bench.test', SYSTEM_OWNER_PASSWORD: 'owner-bench-password', PUBLIC_DIR: path.join(seeded.dataDir, 'none'), LOG_LEVEL: 'warn' }),
      { logger: false },
    );
    counts = countReads(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'manager@bench.test', password: 'manager-password', organization: 1 } });
    token = (login.json() as { token: string }).token;
  });

  afterAll(async () => {
    await app?.close();
    if (seeded) fs.rmSync(seeded.dataDir, { recursive: true, force: true });
  });

  function requestXlsx(): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const payload = JSON.stringify({ stageId: seeded.stageId });
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: `/api/data/${seeded.studyId}/download_resp_time`,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}`, accept: XLSX_MEDIA_TYPE },
        },
        resolve,
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  it('a slow reader gets the whole workbook', async () => {
    const before = { ...counts };
    const res = await requestXlsx();
    expect(res.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    let received = 0;
    let paused = false;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      received += chunk.length;
      if (!paused && received > 256 * 1024) {
        paused = true;
        await sleep(1000);
      } else {
        await sleep(1);
      }
    }
    // Two statements per participation and a few more.
    expect(counts.statements - before.statements).toBeGreaterThan(2 * PARTICIPANTS);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(seeded.tasks + 1);
    await until(() => counts.closed === counts.opened);
  });

  it('the study is read only as fast as the stream is taken', async () => {
    const reader = app.ctx.openReader();
    try {
      const study = await reader.db.selectFrom('studies').selectAll().where('id', '=', seeded.studyId).executeTakeFirstOrThrow();
      const scope = await resolveScope(reader.db, study, seeded.stageId, undefined);
      const { stream, sink } = streamSink();
      const before = counts.statements;
      const written = writeResponseTimes(reader.db, scope, true, sink);
      // Nobody reads: the writing stops once the buffers on the way (the stream's 2 × 1 MB, a batch in the sheet's
      // thread and one being made, about 2.5 MB of this 5 MB workbook) are full, well before the end of the study.
      let settled = -1;
      while (settled !== counts.statements) {
        settled = counts.statements;
        await sleep(500);
      }
      let bytes = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) bytes += chunk.length;
      await written;
      expect(counts.statements - before).toBeGreaterThan(2 * PARTICIPANTS);
      expect(counts.statements - settled).toBeGreaterThan(PARTICIPANTS / 4);
      expect(bytes).toBeGreaterThan(2 * 1024 * 1024);
    } finally {
      await reader.close();
    }
  });

  it('a reader that goes away stops the download', async () => {
    const before = { ...counts };
    const res = await requestXlsx();
    expect(res.statusCode).toBe(200);
    await new Promise<void>((resolve) => res.once('data', () => resolve()));
    res.destroy();
    // Its read connection is closed (the sheet's thread is ended before it), long before the study is read.
    await until(() => counts.closed === counts.opened);
    expect(counts.statements - before.statements).toBeLessThan(PARTICIPANTS);
  });
});
