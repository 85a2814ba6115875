// Opens the database the configuration names: SQLite (WAL, synchronous FULL, foreign keys on) by default,
// PostgreSQL with a URL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { Pool } from 'pg';
import type { Database } from './types';
import { migrations } from './migrations';
import { createResultCache, type ResultCache } from './resultCache';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise SQLite at sqliteFile. */
  url: string | null;
  sqliteFile: string;
  /** PostgreSQL schema to work in (tests use one per run). */
  schema?: string;
}

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The SQLite file (null on PostgreSQL): the answer writer opens its own connection to it. */
  sqliteFile: string | null;
  /**
   * How many statements that may change data `db` has run (SQLite): it moves with every write this process makes
   * through `db`, so what was read before it moved may be stale. Null on PostgreSQL, where other processes may
   * share the database and write unseen.
   */
  writeCount: (() => number) | null;
  /** A connection for a long read (a data download); close it when done. */
  openReader(): ReadConnection;
}

export interface ReadConnection {
  db: Kysely<Database>;
  close(): Promise<void>;
}

/**
 * Page cache of a long read's connection, in KB. A download reads every page of a study once: through the
 * server's connection it would fill that connection's 64 MB cache (memory that grows with the study and stays
 * taken); with its own small cache, what it holds is the same for a study of any size. The file's pages stay
 * in the operating system's cache either way.
 */
export const READER_CACHE_KB = 1024;

/** A read-only connection of its own to the SQLite file, with a small page cache. */
export function openSqliteReader(sqliteFile: string): ReadConnection {
  const sqlite = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${READER_CACHE_KB}`);
  // Read-only: its statements never write, so its count is never looked at.
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, { count: 0 }) }) });
  return { db, close: () => db.destroy() };
}

/**
 * The settings of every SQLite connection of the server. FULL: a commit is on disk before it returns (an fsync
 * of the WAL per commit), so an acknowledged answer survives a power loss; answers are committed in groups, off
 * the main thread, to keep that affordable (services/answers/answerStore.ts). 64 MB of page cache (the default
 * is 2 MB): the plan's and the answers' tables grow to millions of rows, and their indexes then stay in memory.
 */
export function applySqlitePragmas(sqlite: SQLite.Database): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('cache_size = -65536');
}

export function openDatabase(options: DatabaseOptions): OpenDatabase {
  if (options.url) {
    const pool = new Pool({
      connectionString: options.url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // The pool's connections keep no cache of the data in the server.
    return { db, kind: 'postgres', sqliteFile: null, writeCount: null, openReader: () => ({ db, close: async () => undefined }) };
  }
  fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  applySqlitePragmas(sqlite);
  const writes = { count: 0 };
  const connection = withStatementCache(sqlite, writes, sqliteResultCache(sqlite, writes));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  directReaders.set(db, (sql, parameters, keep) => {
    // Inside a transaction the read must wait its turn behind it, as Kysely makes it.
    if (sqlite.inTransaction) return null;
    const statement: RowStatement = connection.prepare(sql);
    if (!statement.reader) return null;
    return (!keep && statement.allUnkept ? statement.allUnkept(parameters) : statement.all(parameters)) as unknown[];
  });
  return {
    db,
    kind: 'sqlite',
    sqliteFile: options.sqliteFile,
    writeCount: () => writes.count,
    openReader: () => openSqliteReader(options.sqliteFile),
  };
}

/** Runs a read now, on the calling thread's turn, or answers null when it must go through Kysely. */
/** `keep: false` for reads whose rows each write changes (the answer path): keeping them only costs. */
export type DirectReader = (sql: string, parameters: readonly unknown[], keep: boolean) => unknown[] | null;

/** A reader statement of the server's connection: `allUnkept` reads past the kept results (db/resultCache.ts). */
type RowStatement = SqliteStatement & { allUnkept?: (parameters: readonly unknown[]) => unknown[] };

const directReaders = new WeakMap<Kysely<Database>, DirectReader>();

/**
 * The server's SQLite connection runs each statement synchronously: a read outside a transaction gives the same
 * rows whether it goes through Kysely (its connection lock, a few promises) or straight to the statement, which
 * for the small reads every call makes (repositories/prepared.ts) cost more than the read itself. Null for
 * PostgreSQL, a transaction or a reader connection.
 */
export function directReaderOf(db: Kysely<Database>): DirectReader | null {
  return directReaders.get(db) ?? null;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, and preparing is a good part of
 * a small query's cost. The cache keeps the most recently used statements by their SQL text.
 */
function withStatementCache(sqlite: SQLite.Database, writes: { count: number }, results: ResultCache | null = null): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): SqliteStatement {
      // Transactions take the write lock when they begin: another connection (the answer writer) may commit
      // between a transaction's first read and its first write, which SQLite would refuse (SQLITE_BUSY_SNAPSHOT)
      // instead of waiting.
      const sqlText = text === 'begin' ? 'begin immediate' : text;
      let statement = cache.get(sqlText);
      if (statement) {
        cache.delete(sqlText);
      } else {
        const fresh = sqlite.prepare(sqlText);
        statement = counted(withRowBuilder(fresh, sqlText, results), fresh.readonly, writes);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sqlText, statement);
      return statement;
    },
  };
}

/** A statement that may write (an update, or an insert with `returning`) counts each time it runs. */
function counted(statement: SqliteStatement, readonly: boolean, writes: { count: number }): SqliteStatement {
  if (readonly) return statement;
  return {
    reader: statement.reader,
    all(parameters) {
      writes.count++;
      return statement.all(parameters);
    },
    run(parameters) {
      writes.count++;
      return statement.run(parameters);
    },
    iterate(parameters) {
      writes.count++;
      return statement.iterate(parameters);
    },
  };
}

/**
 * better-sqlite3 builds each row object in C++, setting every column by name: for a list of rows that cost more
 * than SQLite's own work (perf on GET /api/users/lm/getUsers). Rows come back as arrays instead
 * and one function made for the statement's columns turns each into an object literal of a fixed shape, the
 * same object better-sqlite3 would build (a repeated column name keeps its last value, as there).
 */
function withRowBuilder(statement: SQLite.Statement, sql: string, results: ResultCache | null): RowStatement {
  if (!statement.reader) return statement as unknown as SqliteStatement;
  const names = statement.columns().map((c) => c.name);
  const build = new Function('row', `return {${names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ')}};`) as (
    row: unknown[],
  ) => Record<string, unknown>;
  const rows = statement.raw(true);
  const allUnkept = (parameters: readonly unknown[]) => (rows.all(...parameters) as unknown[][]).map(build);
  return {
    reader: true,
    all: results ? (parameters) => results.rows(sql, parameters, () => rows.all(...parameters) as unknown[][]).map(build) : allUnkept,
    allUnkept,
    run: (parameters) => rows.run(...parameters),
    *iterate(parameters) {
      for (const row of rows.iterate(...parameters) as IterableIterator<unknown[]>) yield build(row);
    },
  };
}

/** The server's connection keeps the rows of recent reads while nothing changes (db/resultCache.ts). */
function sqliteResultCache(sqlite: SQLite.Database, writes: { count: number }): ResultCache {
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  return createResultCache({
    inTransaction: () => sqlite.inTransaction,
    writeCount: () => writes.count,
    dataVersion: () => dataVersion.get() as number,
  });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * With a schema (tests on PostgreSQL), the migration tables live in it too: otherwise Kysely sees another
 * schema's lock table, takes it for ours and skips creating its own.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
