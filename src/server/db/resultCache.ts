// The rows of recent reads on the server's SQLite connection, kept while the database has not changed, so a
// read that many calls repeat (a lab's members, a study's stages) costs a lookup instead of a query: on
// GET /api/users/lm/getUsers the query and the garbage of its rows were a quarter of the server's CPU.
// Exact, not "fresh enough": an entry is used only while this connection has written nothing (its write count)
// and no other connection has committed anything (SQLite's data_version: the answer writer thread, another
// process), both checked at every read. Reads inside a transaction are neither kept nor answered from here.
// Each caller gets row objects of its own, built from the kept values.

/** Results kept at most; the least recently used goes first. */
const MAX_RESULTS = 256;

/** A result with more rows is not kept: lists of this size are what calls repeat, and memory stays bounded. */
const MAX_ROWS = 200;

/** One value of a row as SQLite gives it: kept only when it cannot be changed by whoever receives it. */
function isImmutable(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

function keyOf(sql: string, parameters: readonly unknown[]): string | null {
  let key = sql;
  for (const p of parameters) {
    // Strings are tagged so that 1 and '1' differ; a Buffer parameter is not worth a key.
    if (typeof p === 'string') key += `\u0000s${p}`;
    else if (typeof p === 'number' || typeof p === 'bigint') key += `\u0000n${p}`;
    else if (p === null || p === undefined) key += '\u0000z';
    else return null;
  }
  return key;
}

export interface ResultCacheSource {
  /** Whether the connection is in a transaction now. */
  inTransaction(): boolean;
  /** Moves with every statement of this connection that may write. */
  writeCount(): number;
  /** SQLite's data_version: moves when another connection commits. */
  dataVersion(): number;
}

export interface ResultCache {
  /** The raw rows (arrays of values) of `sql` with `parameters`: kept ones while nothing changed, else `read()`. */
  rows(sql: string, parameters: readonly unknown[], read: () => unknown[][]): unknown[][];
}

export function createResultCache(source: ResultCacheSource): ResultCache {
  const results = new Map<string, unknown[][]>();
  let writesSeen = -1;
  let versionSeen = -1;

  /** Forgets every result once anything may have changed. */
  function checkUnchanged(): void {
    const writes = source.writeCount();
    const version = source.dataVersion();
    if (writes !== writesSeen || version !== versionSeen) {
      results.clear();
      writesSeen = writes;
      versionSeen = version;
    }
  }

  return {
    rows(sql, parameters, read) {
      if (source.inTransaction()) return read();
      const key = keyOf(sql, parameters);
      if (key === null) return read();
      checkUnchanged();
      const kept = results.get(key);
      if (kept) {
        results.delete(key);
        results.set(key, kept);
        return kept;
      }
      const rows = read();
      // Taken after the check above: a commit by another connection since then moved data_version, so the next
      // read forgets this result even if it already saw the commit.
      if (rows.length <= MAX_ROWS && rows.every((row) => row.every(isImmutable))) {
        if (results.size >= MAX_RESULTS) results.delete(results.keys().next().value as string);
        results.set(key, rows);
      }
      return rows;
    },
  };
}
