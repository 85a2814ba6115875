// Frozen: a fence on the push sender's claims (issue 31).
// - tasks.push_claim_token: the token of the claim that holds the task (a new one per claim, so per batch and
//   process). The sender records a task pushed, deferred or released only while its claim still holds it: a
//   process whose claim ran out (and whose tasks another process claimed) changes nothing.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('push_claim_token', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('push_claim_token').execute();
}
