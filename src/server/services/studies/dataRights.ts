// A study's data-rights choice (issue 36 part 3): read and saved on its own with the basic-information
// permission, and recorded in the audit trail when it changed. Whether answers are kept on erasure is what the
// participant is shown at consent, so it changes only while the study has never run: inactive and nobody joined.
import type { Db } from '../../repositories/db';
import type { StudyRow } from '../../db/types';
import { dataRightsProblem, type DataRights } from '../../../shared/dataRights';
import { dataRightsMessages } from '../../../shared/messages';
import { badRequest, conflict } from '../../httpErrors';
import { updateStudy } from '../../repositories/studies';
import { nowIso } from '../../ids';
import { recordAudit, type AuditActor } from '../audit/record';
import { fieldChanges } from '../audit/changes';

export function dataRightsOf(study: StudyRow): DataRights {
  return { keepAnswersOnErasure: study.keep_answers_on_erasure === 1, retentionUntil: study.retention_until };
}

async function anyoneJoined(db: Db, studyId: string): Promise<boolean> {
  const row = await db.selectFrom('participations').select('id').where('study_id', '=', studyId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Saves the fields the body names (the others keep their value); answers the settings as saved. */
export async function saveDataRights(db: Db, study: StudyRow, body: Partial<DataRights>, actor: AuditActor): Promise<DataRights> {
  const before = dataRightsOf(study);
  const after: DataRights = { ...before, ...body };
  const problem = dataRightsProblem(after);
  if (problem) throw badRequest(problem);
  if (fieldChanges(before, after).length === 0) return after;
  if (after.keepAnswersOnErasure !== before.keepAnswersOnErasure && (study.active_status === 'active' || (await anyoneJoined(db, study.id)))) {
    throw conflict(dataRightsMessages.keepAnswersLocked);
  }
  await db.transaction().execute(async (trx) => {
    await updateStudy(trx, study.id, { keep_answers_on_erasure: after.keepAnswersOnErasure ? 1 : 0, retention_until: after.retentionUntil, updated_at: nowIso() });
    await recordAudit(trx, actor, { kind: 'study.dataRights.changed', entityType: 'study', entityId: study.id, studyId: study.id, labId: study.lab_id, before, after });
  });
  return after;
}
