// Entry of `npm run audit:verify` (services/audit/verifyCommand.ts): reads the server's configuration.
import { ConfigError, loadConfig } from './config';
import { runAuditVerify } from './services/audit/verifyCommand';

async function main(): Promise<number> {
  try {
    const config = loadConfig();
    return await runAuditVerify(config, { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

main().then((code) => process.exit(code));
