// The references of the answers benchmark: a bare Node HTTP server (its own process, like the real server) that
// appends each request's body as one line to a file and answers 201 only after an fdatasync that covers it, so
// that each 201 is on disk, as the real server's is. No parsing, no checks, no database. BARE_APPEND_SYNC says
// how the syncs go:
// - `each` (the default): one fdatasync per request, after its own write.
// - `grouped`: group commit, as the real server commits many answers per sync. One fdatasync is in flight at a
//   time; it serves every body whose write had finished when it started, and the bodies written while it runs
//   wait for the next one. The least a durable answer can cost under concurrent requests (docs/decisions.md).
// Started by bench/participantAnswers.ts with the file in BARE_APPEND_FILE; prints its port when it listens.
import { open, type FileHandle } from 'node:fs/promises';
import http from 'node:http';

type Acknowledge = (error: unknown) => void;

/** Acknowledges each write after a sync of its own. */
function syncEach(handle: FileHandle): (acknowledge: Acknowledge) => void {
  return (acknowledge) => handle.datasync().then(() => acknowledge(null), acknowledge);
}

/** Acknowledges each write after the first sync that starts once it is written; one sync at a time. */
function syncGrouped(datasync: () => Promise<void>): (acknowledge: Acknowledge) => void {
  let waiting: Acknowledge[] = [];
  let syncing = false;
  const start = () => {
    const covered = waiting;
    waiting = [];
    syncing = true;
    const settle = (error: unknown) => {
      for (const acknowledge of covered) acknowledge(error);
      syncing = false;
      if (waiting.length > 0) start();
    };
    datasync().then(() => settle(null), settle);
  };
  return (acknowledge) => {
    waiting.push(acknowledge);
    if (!syncing) start();
  };
}

async function main() {
  const file = process.env.BARE_APPEND_FILE;
  if (!file) throw new Error('BARE_APPEND_FILE is not set');
  const mode = process.env.BARE_APPEND_SYNC ?? 'each';
  if (mode !== 'each' && mode !== 'grouped') throw new Error(`BARE_APPEND_SYNC must be each or grouped, not ${mode}`);
  const handle = await open(file, 'a');
  const synced = mode === 'grouped' ? syncGrouped(() => handle.datasync()) : syncEach(handle);
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      chunks.push(Buffer.from('\n'));
      const answer = (error: unknown) => {
        if (error) {
          res.writeHead(500).end(String(error));
          return;
        }
        next += 1;
        res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' }).end(`{"_id":"${next}"}`);
      };
      handle.write(Buffer.concat(chunks)).then(() => synced(answer), answer);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
  });
  const stop = () => {
    server.close(() => void handle.close().then(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (require.main === module) void main();
