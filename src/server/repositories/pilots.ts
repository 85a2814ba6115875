// A pilot participation's reset (services/pilot/pilots.ts): its answers and plan removed, its participation back
// to enrolled and not yet arrived, and the reset recorded in pilot_resets. Photos stay, unattached.
import type { Insertable } from 'kysely';
import type { Db } from './db';
import type { PilotResetsTable } from '../db/types';

/** Run in the caller's transaction, so that the reset and its audit entry are one. */
export async function resetPilotPlan(db: Db, reset: Insertable<PilotResetsTable>): Promise<void> {
  const participationId = reset.participation_id;
  const submissions = db.selectFrom('submissions').select('id').where('participation_id', '=', participationId);
  await db.updateTable('photo_uploads').set({ submission_id: null }).where('submission_id', 'in', submissions).execute();
  await db.deleteFrom('answer_items').where('submission_id', 'in', submissions).execute();
  await db.deleteFrom('submissions').where('participation_id', '=', participationId).execute();
  await db.deleteFrom('tasks').where('participation_id', '=', participationId).execute();
  await db.deleteFrom('enrolment_times').where('participation_id', '=', participationId).execute();
  await db
    .updateTable('participations')
    .set({ status: 'enrolled', arrive_assigned: 0, withdrawn_at: null, completed_at: null })
    .where('id', '=', participationId)
    .execute();
  await db.insertInto('pilot_resets').values(reset).execute();
}
