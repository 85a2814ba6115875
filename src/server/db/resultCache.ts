// The rows of recent reads on the server's SQLite connection, kept while the database has not changed, so a
// read that many calls repeat (a lab's members, a study's stages) costs a lookup instead of a query: on
// GET /api/users/lm/getUsers the query and the garbage of its rows were a quarter of the server's CPU.
// Exact, not "fresh enough": an entry is used only while this connection has written nothing (its write count)
// and no other connection has committed anything (SQLite's data_version: the answer writer thread, another
// process), both checked at every read. Reads inside a transaction are neither kept nor answered from here.
// Each caller gets row objects of its own, built from the kept values. What is kept is bounded in results,
// rows and text.

/** Results kept at most; the least recently used goes first. */
const MAX_RESULTS = 256;

/** A result with more rows is not kept: lists of this size are what calls repeat. */
const MAX_ROWS = 200;

/**
 * Characters of text all kept results hold together at most (about 8 MB), and one result at most: a
 * questionnaire's content is one long text, and many of them must not stay in memory only because they were read.
 */
export const MAX_KEPT_CHARS = 4 * 1024 * 1024;
export const MAX_RESULT_CHARS = 256 * 1024;

/**
 * The size of a result in characters of text (a number or null counts as 8), or null when it cannot be kept: a
 * value that whoever receives it could change (a blob), or too much text.
 */
function sizeToKeep(rows: readonly unknown[][]): number | null {
  if (rows.length > MAX_ROWS) return null;
  let size = 0;
  for (const row of rows) {
    for (const value of row) {
      if (typeof value === 'string') size += value.length;
      else if (value === null || typeof value !== 'object') size += 8;
      else return null;
    }
  }
  return size <= MAX_RESULT_CHARS ? size : null;
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
  const results = new Map<string, { rows: unknown[][]; size: number }>();
  let keptChars = 0;
  let writesSeen = -1;
  let versionSeen = -1;

  /** Forgets every result once anything may have changed. */
  function checkUnchanged(): void {
    const writes = source.writeCount();
    const version = source.dataVersion();
    if (writes !== writesSeen || version !== versionSeen) {
      results.clear();
      keptChars = 0;
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
        return kept.rows;
      }
      const rows = read();
      // Taken after the check above: a commit by another connection since then moved data_version, so the next
      // read forgets this result even if it already saw the commit.
      const size = sizeToKeep(rows);
      if (size === null) return rows;
      // The least recently used go first, until there is room.
      while (results.size >= MAX_RESULTS || (results.size > 0 && keptChars + size > MAX_KEPT_CHARS)) {
        const [oldestKey, oldest] = results.entries().next().value as [string, { size: number }];
        results.delete(oldestKey);
        keptChars -= oldest.size;
      }
      results.set(key, { rows, size });
      keptChars += size;
      return rows;
    },
  };
}
