// The reference for the answers benchmark: a bare Node HTTP server (its own process, like the real server) that
// appends each request's body as one line to a file and answers 201 only after fdatasync, so that each 201 is
// on disk, as the real server's is. No parsing, no checks, no database: the least a durable answer can cost.
// Started by bench/participantAnswers.ts with the file in BARE_APPEND_FILE; prints its port when it listens.
import { open } from 'node:fs/promises';
import http from 'node:http';

async function main() {
  const file = process.env.BARE_APPEND_FILE;
  if (!file) throw new Error('BARE_APPEND_FILE is not set');
  const handle = await open(file, 'a');
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      chunks.push(Buffer.from('\n'));
      handle
        .write(Buffer.concat(chunks))
        .then(() => handle.datasync())
        .then(
          () => {
            next += 1;
            res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' }).end(`{"_id":"${next}"}`);
          },
          (error: unknown) => res.writeHead(500).end(String(error)),
        );
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

void main();
