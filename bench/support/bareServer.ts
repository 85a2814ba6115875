// The baseline for API throughput: a minimal Fastify app with one route answering a fixed JSON body, run as
// its own process (like the real server) so that it does not share an event loop with the load generator.
// Started by bench/apiThroughput.ts with the body in BARE_BODY; prints its port when it listens.
import Fastify from 'fastify';

async function main() {
  const body = JSON.parse(process.env.BARE_BODY || '{"users":[]}') as unknown;
  const app = Fastify({ logger: false });
  app.get('/bare', async () => body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
