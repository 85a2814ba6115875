// `npm run audit:verify`: opens the configured database (DATA_DIR's SQLite file or DATABASE_URL), walks the
// audit trail and says whether it is intact. Exit code 0 when it is, 1 at the first broken entry, 2 when the
// database cannot be read.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../db/database';
import type { Config } from '../../config';
import { verifyAuditChain } from './verify';

export interface VerifyOutput {
  out(line: string): void;
  err(line: string): void;
}

export async function runAuditVerify(config: Pick<Config, 'databaseUrl' | 'dataDir'>, output: VerifyOutput, schema?: string): Promise<number> {
  const sqliteFile = path.join(config.dataDir, 'portal.sqlite');
  if (!config.databaseUrl && !fs.existsSync(sqliteFile)) {
    output.err(`No database at ${sqliteFile}: set DATA_DIR or DATABASE_URL.`);
    return 2;
  }
  const { db } = openDatabase({ url: config.databaseUrl, sqliteFile, schema });
  try {
    const report = await verifyAuditChain(db);
    if (report.broken) {
      output.err(`Audit trail broken at entry ${report.broken.seq}: ${report.broken.reason} (${report.checked} entries before it are intact).`);
      return 1;
    }
    output.out(`Audit trail intact: ${report.checked} entries.`);
    return 0;
  } catch (error) {
    output.err(`The audit trail could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await db.destroy();
  }
}
