// What the tests of several server processes on one PostgreSQL need: databases of their own on the
// TEST_DATABASE_URL server and data folders, made on demand and all removed at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The PostgreSQL server the tests may use; unset, these tests are skipped. */
export const postgresUrl = process.env.TEST_DATABASE_URL;

/** One statement on a fresh connection; answers its rows. */
export async function query<T extends Record<string, unknown>>(connectionString: string | undefined, sqlText: string): Promise<T[]> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(sqlText)).rows;
  } finally {
    await client.end();
  }
}

export class ProcessScratch {
  private readonly databases: string[] = [];
  private readonly dataDirs: string[] = [];

  /** `prefix` names the databases (letters and underscores) and the data folders; `serverUrl`, the PostgreSQL server. */
  constructor(
    private readonly prefix: string,
    private readonly serverUrl: string | undefined = postgresUrl,
  ) {}

  /** A new empty database; answers its connection URL. */
  async database(): Promise<string> {
    const name = `${this.prefix}_${randomBytes(5).toString('hex')}`;
    await query(this.serverUrl, `CREATE DATABASE ${name}`);
    this.databases.push(name);
    const url = new URL(this.serverUrl ?? '');
    url.pathname = `/${name}`;
    return url.toString();
  }

  /** A new empty data folder for one server process. */
  dataDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${this.prefix}-`));
    this.dataDirs.push(dir);
    return dir;
  }

  /** Drops every database and folder made (stop the processes using them first). */
  async remove(): Promise<void> {
    for (const name of this.databases.splice(0)) await query(this.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const dir of this.dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  }
}
