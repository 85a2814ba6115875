// npm run audit:verify: builds the server when dist/ is missing or stale, then walks the audit trail of the
// configured database (src/server/services/audit/verifyCommand.ts) with the arguments given (--expect
// <seq>:<hash>) and exits with its code.
import path from 'node:path';
import { buildIfNeeded, root, run } from './lib/project.mjs';

const built = await buildIfNeeded({ quiet: true });
if (built !== 0) {
  console.error('The build failed; the audit trail was not checked.');
  process.exit(built);
}
process.exit(await run(process.execPath, [path.join(root, 'dist', 'server', 'server', 'auditVerify.js'), ...process.argv.slice(2)]));
