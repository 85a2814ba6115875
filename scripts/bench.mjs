// npm run bench [-- name…]: builds the product when dist/ is stale, then runs the benchmarks of bench/
// (TypeScript, compiled on load by SWC). Exits 1 when a target is missed. See docs/testing.md.
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildIfNeeded, root } from './lib/project.mjs';

const built = await buildIfNeeded({ quiet: true });
if (built !== 0) {
  console.error('The build failed; nothing was measured.');
  process.exit(built);
}

const require = createRequire(import.meta.url);
require('./lib/register-ts.cjs');
const { main } = require(path.join(root, 'bench', 'index.ts'));
process.exitCode = await main(process.argv.slice(2));
