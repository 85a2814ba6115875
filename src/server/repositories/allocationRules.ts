// The standing allocation rule of a study (issue 34, part 4): read, set, turned off, and its next slot taken.
import type { Selectable } from 'kysely';
import type { Db } from './db';
import type { AllocationRulesTable } from '../db/types';

export type AllocationRuleRow = Selectable<AllocationRulesTable>;

export function findAllocationRule(db: Db, studyId: string): Promise<AllocationRuleRow | undefined> {
  return db.selectFrom('allocation_rules').selectAll().where('study_id', '=', studyId).executeTakeFirst();
}

/** Sets the study's rule, replacing the one in force. */
export async function saveAllocationRule(db: Db, row: AllocationRuleRow): Promise<void> {
  await db.deleteFrom('allocation_rules').where('study_id', '=', row.study_id).execute();
  await db.insertInto('allocation_rules').values(row).execute();
}

export async function deleteAllocationRule(db: Db, studyId: string): Promise<void> {
  await db.deleteFrom('allocation_rules').where('study_id', '=', studyId).execute();
}

/**
 * Takes the rule's next slot: raises the count first, which on PostgreSQL holds the row until the transaction
 * ends (a second participant consenting meanwhile waits, then takes the slot after), then reads the rule back.
 * Call inside a transaction. Answers the rule with the index of the slot taken, or undefined when there is none.
 */
export async function takeNextSlot(trx: Db, studyId: string): Promise<{ rule: AllocationRuleRow; slot: number } | undefined> {
  const raised = await trx
    .updateTable('allocation_rules')
    .set((eb) => ({ allocated_count: eb('allocated_count', '+', 1) }))
    .where('study_id', '=', studyId)
    .executeTakeFirst();
  if (Number(raised.numUpdatedRows) === 0) return undefined;
  const rule = await findAllocationRule(trx, studyId);
  if (!rule) return undefined;
  return { rule, slot: Number(rule.allocated_count) - 1 };
}
