// The server of the exports benchmark: the real app on the benchmark's data folder, in a process of its own so
// that its peak memory is that of one export. Prints its port when it listens.
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';

async function main() {
  const app = await buildApp(loadConfig(), { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
