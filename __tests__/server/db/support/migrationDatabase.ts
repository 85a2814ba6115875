// A database of a migration test's own, on the test's storage (SQLite file or PostgreSQL schema), with a
// migrator that moves it to any named migration: each migration test starts from an older schema.
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { openDatabase } from '../../../../src/server/db/database';
import { migrations } from '../../../../src/server/db/migrations';
import type { Database } from '../../../../src/server/db/types';
import type { TestStorage } from '../../support/testApp';

export interface MigrationDatabase {
  db: Kysely<Database>;
  migrator: Migrator;
}

/** Runs `test` on a fresh database of the storage's kind, destroyed afterwards whatever happens. */
export async function withMigrationDatabase(database: string, storage: TestStorage, test: (m: MigrationDatabase) => Promise<void>): Promise<void> {
  const { db } = openDatabase({
    url: database === 'postgres' ? (process.env.TEST_DATABASE_URL ?? null) : null,
    sqliteFile: path.join(storage.dataDir, 'migration.sqlite'),
    schema: storage.schema,
  });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(storage.schema ? { migrationTableSchema: storage.schema } : {}),
    });
    await test({ db, migrator });
  } finally {
    await db.destroy();
  }
}
