// `npm run audit:verify [-- --expect <seq>:<hash>]`: opens the configured database (DATA_DIR's SQLite file or
// DATABASE_URL), walks the audit trail and says whether it is intact, then prints its head (`Head: <seq>:<hash>`)
// on the last line. A head kept elsewhere and given back with --expect shows that no entry up to it was removed
// or rewritten, which the chain alone cannot show for its newest entries. Exit code 0 when all holds, 1 at the
// first failure, 2 for arguments it cannot read or a database it cannot read.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../db/database';
import type { Config } from '../../config';
import { verifyAuditChain, type ChainHead, type ChainReport } from './verify';

export interface VerifyOutput {
  out(line: string): void;
  err(line: string): void;
}

const USAGE = 'Usage: npm run audit:verify [-- --expect <seq>:<hash>], the hash 64 hexadecimal digits.';

/** The entry asked for with --expect, undefined without it, null when the arguments cannot be read. */
export function expectedEntryOf(args: readonly string[]): ChainHead | undefined | null {
  if (args.length === 0) return undefined;
  if (args.length !== 2 || args[0] !== '--expect') return null;
  const match = /^([1-9][0-9]{0,15}):([0-9a-fA-F]{64})$/.exec(args[1]);
  return match ? { seq: Number(match[1]), hash: match[2].toLowerCase() } : null;
}

/** Why the report fails the check, one line each; none when the trail is intact. */
function failuresOf(report: ChainReport): string[] {
  const failures: string[] = [];
  if (report.broken) failures.push(`Audit trail broken at entry ${report.broken.seq}: ${report.broken.reason} (${report.checked} entries before it are intact).`);
  if (report.outside) {
    const { rows, first } = report.outside;
    const chain = report.broken ? '' : `; the ${report.checked} entries of the chain are intact`;
    failures.push(`Audit trail broken: ${rows} ${rows === 1 ? 'row is' : 'rows are'} numbered below 1, outside the chain (the first numbered ${first ?? 'nothing'})${chain}.`);
  }
  return failures;
}

/** Whether the entry kept elsewhere is still in the chain with its hash; the line saying why not, if not. */
function expectFailure(report: ChainReport, expected: ChainHead): string | null {
  if (expected.seq > report.head.seq) return `Entry ${expected.seq} is not in the audit trail, which ends at entry ${report.head.seq}: newer entries were removed.`;
  if (report.watched !== expected.hash) return `Entry ${expected.seq} has the hash ${report.watched}, not ${expected.hash}: the audit trail was rewritten at or before it.`;
  return null;
}

export async function runAuditVerify(config: Pick<Config, 'databaseUrl' | 'dataDir'>, output: VerifyOutput, args: readonly string[] = [], schema?: string): Promise<number> {
  const expected = expectedEntryOf(args);
  if (expected === null) {
    output.err(USAGE);
    return 2;
  }
  const sqliteFile = path.join(config.dataDir, 'portal.sqlite');
  if (!config.databaseUrl && !fs.existsSync(sqliteFile)) {
    output.err(`No database at ${sqliteFile}: set DATA_DIR or DATABASE_URL.`);
    return 2;
  }
  const { db } = openDatabase({ url: config.databaseUrl, sqliteFile, schema });
  try {
    const report = await verifyAuditChain(db, expected?.seq);
    const failures = failuresOf(report);
    if (failures.length > 0) {
      failures.forEach((line) => output.err(line));
      return 1;
    }
    output.out(`Audit trail intact: ${report.checked} entries.`);
    const failure = expected ? expectFailure(report, expected) : null;
    if (failure) output.err(failure);
    else if (expected) output.out(`Entry ${expected.seq} has the hash expected.`);
    output.out(`Head: ${report.head.seq}:${report.head.hash}`);
    return failure ? 1 : 0;
  } catch (error) {
    output.err(`The audit trail could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await db.destroy();
  }
}
