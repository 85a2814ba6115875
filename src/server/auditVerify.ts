// Entry of `npm run audit:verify [-- --expect <seq>:<hash>]` (services/audit/verifyCommand.ts): reads the
// server's configuration and hands on the arguments.
import { ConfigError, loadConfig } from './config';
import { runAuditVerify } from './services/audit/verifyCommand';

async function main(): Promise<number> {
  try {
    const config = loadConfig();
    return await runAuditVerify(config, { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) }, process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

main().then((code) => process.exit(code));
