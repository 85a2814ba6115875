// A study's status (part 2 section 4): inactive to active and back; only an inactive study is deleted. Both the
// lab user's calls and the system owner's take the study row their own lookup found.
import type { Db } from '../../repositories/db';
import type { StudyRow } from '../../db/types';
import { studyMessages } from '../../../shared/messages';
import { studyActivationCheck } from '../../../shared/study/activation';
import type { ActivationAnswer } from '../../../shared/types/study';
import { HttpError, conflict } from '../../httpErrors';
import { deleteStudy, updateStudy } from '../../repositories/studies';
import { nowIso } from '../../ids';
import { readStudy } from './studies';
import { recordAudit, type AuditActor } from '../audit/record';

function recordStatus(db: Db, actor: AuditActor, study: StudyRow, to: string | null): Promise<void> {
  const kind = to === null ? 'study.deleted' : 'study.status.changed';
  const before = to === null ? { chin_name: study.chin_name, study_code: study.study_code, active_status: study.active_status } : { active_status: study.active_status };
  return recordAudit(db, actor, { kind, entityType: 'study', entityId: study.id, studyId: study.id, labId: study.lab_id, before, after: to === null ? null : { active_status: to } });
}

/**
 * Only a study that can run is activated: the same check the portal runs before it offers Activate
 * (shared/study/activation.ts); a refusal is a 409 listing every problem, and the answer names the warnings.
 */
export async function activateStudy(db: Db, study: StudyRow, offeredTimezones: readonly string[], actor: AuditActor): Promise<ActivationAnswer> {
  if (study.active_status === 'active') throw conflict(studyMessages.studyAlreadyActive);
  const { problems, warnings } = studyActivationCheck(await readStudy(db, study), offeredTimezones);
  if (problems.length > 0) throw new HttpError(409, studyMessages.activationRefused, { problems });
  await db.transaction().execute(async (trx) => {
    await updateStudy(trx, study.id, { active_status: 'active', updated_at: nowIso() });
    await recordStatus(trx, actor, study, 'active');
  });
  return { message: studyMessages.studyActivated, warnings };
}

export async function deactivateStudy(db: Db, study: StudyRow, actor: AuditActor): Promise<string> {
  if (study.active_status === 'inactive') throw conflict(studyMessages.studyAlreadyInactive);
  await db.transaction().execute(async (trx) => {
    await updateStudy(trx, study.id, { active_status: 'inactive', updated_at: nowIso() });
    await recordStatus(trx, actor, study, 'inactive');
  });
  return studyMessages.studyDeactivated;
}

export async function deleteInactiveStudy(db: Db, study: StudyRow, actor: AuditActor): Promise<string> {
  if (study.active_status !== 'inactive') throw conflict(studyMessages.onlyInactiveDelete);
  await db.transaction().execute(async (trx) => {
    await deleteStudy(trx, study.id);
    await recordStatus(trx, actor, study, null);
  });
  return studyMessages.studyDeleted;
}
