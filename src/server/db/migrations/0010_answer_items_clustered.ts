// Frozen: on SQLite, answer_items becomes a WITHOUT ROWID table, stored in the order of its primary key
// (submission, question, response). As a rowid table every item was written twice, once in the table and once in
// its primary key's index: each answer adds about twenty items, so that doubled the writes of every answer and
// the space the items take. Reads by submission (downloads, one answer's items) read the same order. The columns,
// key and foreign key are unchanged. PostgreSQL keeps its table and key index: nothing to do there.
import { SqliteAdapter, sql, type Kysely } from 'kysely';

const onSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

async function rebuild(db: Kysely<unknown>, tableOptions: string): Promise<void> {
  await sql`create table answer_items_rebuilt (
      submission_id varchar(32) not null references submissions (id) on delete cascade,
      question_pos integer not null,
      response_pos integer not null,
      value text not null,
      constraint answer_items_pk primary key (submission_id, question_pos, response_pos)
    ) ${sql.raw(tableOptions)}`.execute(db);
  await sql`insert into answer_items_rebuilt (submission_id, question_pos, response_pos, value)
      select submission_id, question_pos, response_pos, value from answer_items`.execute(db);
  await sql`drop table answer_items`.execute(db);
  await sql`alter table answer_items_rebuilt rename to answer_items`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (onSqlite(db)) await rebuild(db, 'without rowid');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (onSqlite(db)) await rebuild(db, '');
}
