// The rows of recent reads (db/resultCache.ts): used only while nothing has changed, never inside a
// transaction, and bounded. The real connection's behaviour is in resultCacheSqlite.test.ts.
import { createResultCache, MAX_KEPT_CHARS, MAX_RESULT_CHARS, type ResultCacheSource } from '../../../src/server/db/resultCache';

function fakeSource() {
  const state = { writes: 0, version: 1, inTransaction: false };
  const source: ResultCacheSource = {
    inTransaction: () => state.inTransaction,
    writeCount: () => state.writes,
    dataVersion: () => state.version,
  };
  return { state, source };
}

function counter(rows: unknown[][]) {
  const read = jest.fn(() => rows.map((row) => [...row]));
  return read;
}

describe('createResultCache', () => {
  it('answers a repeated read from what it kept, for the same statement and arguments only', () => {
    const { source } = fakeSource();
    const cache = createResultCache(source);
    const read = counter([['a', 1]]);
    expect(cache.rows('select 1', ['x', 1], read)).toEqual([['a', 1]]);
    expect(cache.rows('select 1', ['x', 1], read)).toEqual([['a', 1]]);
    expect(read).toHaveBeenCalledTimes(1);
    // Another argument, the same text as a number, another statement: read again.
    cache.rows('select 1', ['y', 1], read);
    cache.rows('select 1', ['x', '1'], read);
    cache.rows('select 2', ['x', 1], read);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('forgets everything once this connection may have written', () => {
    const { state, source } = fakeSource();
    const cache = createResultCache(source);
    const read = counter([['a']]);
    cache.rows('q', [], read);
    state.writes += 1;
    cache.rows('q', [], read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('forgets everything once another connection has committed', () => {
    const { state, source } = fakeSource();
    const cache = createResultCache(source);
    const read = counter([['a']]);
    cache.rows('q', [], read);
    state.version += 1;
    cache.rows('q', [], read);
    cache.rows('q', [], read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('neither keeps nor answers reads inside a transaction', () => {
    const { state, source } = fakeSource();
    const cache = createResultCache(source);
    const read = counter([['a']]);
    cache.rows('q', [], read);
    state.inTransaction = true;
    cache.rows('q', [], read);
    cache.rows('other', [], read);
    state.inTransaction = false;
    cache.rows('other', [], read);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('does not keep rows holding objects (a blob), long results or reads with a blob argument', () => {
    const { source } = fakeSource();
    const cache = createResultCache(source);
    const blob = counter([[Buffer.from('x')]]);
    cache.rows('blob', [], blob);
    cache.rows('blob', [], blob);
    expect(blob).toHaveBeenCalledTimes(2);
    const long = counter(Array.from({ length: 201 }, (_, i) => [i]));
    cache.rows('long', [], long);
    cache.rows('long', [], long);
    expect(long).toHaveBeenCalledTimes(2);
    const byBlob = counter([['a']]);
    cache.rows('by blob', [Buffer.from('k')], byBlob);
    cache.rows('by blob', [Buffer.from('k')], byBlob);
    expect(byBlob).toHaveBeenCalledTimes(2);
  });

  it('keeps at most 256 results, the least recently used going first', () => {
    const { source } = fakeSource();
    const cache = createResultCache(source);
    const read = counter([['a']]);
    cache.rows('q', [0], read);
    for (let i = 1; i <= 255; i += 1) cache.rows('q', [i], read);
    cache.rows('q', [0], read); // used again: now the most recent
    cache.rows('q', [256], read); // one more: the oldest (1) goes
    expect(read).toHaveBeenCalledTimes(257);
    cache.rows('q', [0], read);
    expect(read).toHaveBeenCalledTimes(257);
    cache.rows('q', [1], read);
    expect(read).toHaveBeenCalledTimes(258);
  });

  it('does not keep a result with more text than one may hold', () => {
    const { source } = fakeSource();
    const cache = createResultCache(source);
    const long = counter([['x'.repeat(MAX_RESULT_CHARS + 1)]]);
    cache.rows('long text', [], long);
    cache.rows('long text', [], long);
    expect(long).toHaveBeenCalledTimes(2);
  });

  it('lets the least recently used go when the text kept would pass its bound', () => {
    const { source } = fakeSource();
    const cache = createResultCache(source);
    const text = 'x'.repeat(MAX_RESULT_CHARS);
    const fits = Math.floor(MAX_KEPT_CHARS / MAX_RESULT_CHARS);
    const read = counter([[text]]);
    for (let i = 0; i < fits; i += 1) cache.rows('q', [i], read);
    cache.rows('q', [fits - 1], read); // all kept so far
    expect(read).toHaveBeenCalledTimes(fits);
    cache.rows('q', [fits], read); // one more: the oldest (0) goes
    cache.rows('q', [1], read);
    expect(read).toHaveBeenCalledTimes(fits + 1);
    cache.rows('q', [0], read);
    expect(read).toHaveBeenCalledTimes(fits + 2);
  });
});
