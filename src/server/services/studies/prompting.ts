// A study's prompting choice (issue 33): read and saved on its own, with the basic-information permission, and
// recorded in the audit trail when it changed. The lab user's and the system owner's calls share it.
import type { Db } from '../../repositories/db';
import type { StudyRow } from '../../db/types';
import { promptingProblem, type PromptingSettings } from '../../../shared/prompting';
import { badRequest } from '../../httpErrors';
import { updateStudy } from '../../repositories/studies';
import { nowIso } from '../../ids';
import { recordAudit, type AuditActor } from '../audit/record';
import { fieldChanges } from '../audit/changes';

export function promptingOf(study: StudyRow): PromptingSettings {
  return {
    emailFallback: study.email_fallback === 1,
    emailAfterMinutes: study.email_after_minutes,
    adherenceAlerts: study.adherence_alerts === 1,
    alertResponseRate: study.alert_response_rate,
    alertPrompts: study.alert_prompts,
    alertSilentHours: study.alert_silent_hours,
  };
}

/** Saves the fields the body names (the others keep their value); answers the settings as saved. */
export async function savePrompting(db: Db, study: StudyRow, body: Partial<PromptingSettings>, actor: AuditActor): Promise<PromptingSettings> {
  const before = promptingOf(study);
  const after: PromptingSettings = { ...before, ...body };
  const problem = promptingProblem(after);
  if (problem) throw badRequest(problem.message);
  if (fieldChanges(before, after).length === 0) return after;
  await db.transaction().execute(async (trx) => {
    await updateStudy(trx, study.id, {
      email_fallback: after.emailFallback ? 1 : 0,
      email_after_minutes: after.emailAfterMinutes,
      adherence_alerts: after.adherenceAlerts ? 1 : 0,
      alert_response_rate: after.alertResponseRate,
      alert_prompts: after.alertPrompts,
      alert_silent_hours: after.alertSilentHours,
      updated_at: nowIso(),
    });
    await recordAudit(trx, actor, { kind: 'study.prompting.changed', entityType: 'study', entityId: study.id, studyId: study.id, labId: study.lab_id, before, after });
  });
  return after;
}
