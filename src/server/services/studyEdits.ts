// The study editor's saves: basic information, the consent form, and the whole study ("Save Changes"),
// each allowed only with the permission entry that gates its part.
import type { Db } from '../repositories/db';
import type { StudyRow } from '../db/types';
import type { BasicInfoBody, ConsentBody } from '../../shared/types/study';
import type { AccessEntry, AccessName } from '../../shared/access';
import { ACCESS, hasAccess } from '../../shared/access';
import { basicInfoProblem, CONSENT_MAX_CHARS } from '../../shared/studyRules';
import { studyMessages } from '../../shared/messages';
import { badRequest, forbidden } from '../httpErrors';
import { listGroupsOfStudy, listStages, updateGroup, updateStage, updateStudy } from '../repositories/studies';
import { sanitizeRichText } from './richText';
import { nowIso } from './ids';

function demand(entries: readonly AccessEntry[], name: AccessName): void {
  if (!hasAccess(entries, name)) {
    const e = ACCESS[name];
    throw forbidden(`You do not have the permission ${e.area}/${e.modifier}/${e.task}`);
  }
}

function basicInfoOf(body: Partial<BasicInfoBody>, current: StudyRow): BasicInfoBody {
  return {
    chin_name: (body.chin_name ?? current.chin_name).trim(),
    contact_person_name: (body.contact_person_name ?? current.contact_person_name).trim(),
    contact_email: (body.contact_email ?? current.contact_email).trim(),
  };
}

export async function saveBasicInfo(db: Db, study: StudyRow, body: Partial<BasicInfoBody>): Promise<void> {
  const info = basicInfoOf(body, study);
  const problem = basicInfoProblem(info);
  if (problem) throw badRequest(problem);
  await updateStudy(db, study.id, { ...info, updated_at: nowIso() });
}

export async function saveConsent(db: Db, study: StudyRow, body: ConsentBody): Promise<void> {
  if (body.consent.length > CONSENT_MAX_CHARS) throw badRequest(studyMessages.consentTooLong);
  const stages = await listStages(db, study.id);
  const first = stages[0];
  if (!first) throw badRequest(studyMessages.stageNotFound);
  await db.transaction().execute(async (trx) => {
    await updateStage(trx, first.id, { consent_needed: body.consentNeeded ? 1 : 0, consent_content: sanitizeRichText(body.consent) });
    await updateStudy(trx, study.id, { updated_at: nowIso() });
  });
}

export interface StageEdit {
  _id: string;
  chin_name?: string;
  chin_progress_message?: string;
  chin_complete_message?: string;
  participant_group_list?: { _id: string; name?: string }[];
}

export interface WholeStudyEdit extends Partial<BasicInfoBody> {
  stage_list?: StageEdit[];
}

/** Save Changes: every part the body carries, each checked against the entry that gates it. */
export async function saveWholeStudy(db: Db, study: StudyRow, body: WholeStudyEdit, entries: readonly AccessEntry[]): Promise<void> {
  const info = basicInfoOf(body, study);
  const basicChanged =
    info.chin_name !== study.chin_name ||
    info.contact_person_name !== study.contact_person_name ||
    info.contact_email !== study.contact_email;
  if (basicChanged) {
    demand(entries, 'editBasicInfo');
    const problem = basicInfoProblem(info);
    if (problem) throw badRequest(problem);
  }

  const [stages, groups] = await Promise.all([listStages(db, study.id), listGroupsOfStudy(db, study.id)]);
  const stageUpdates: { id: string; changes: { chin_name: string; chin_progress_message: string; chin_complete_message: string } }[] = [];
  const groupUpdates: { id: string; name: string }[] = [];
  for (const edit of body.stage_list ?? []) {
    const stage = stages.find((s) => s.id === edit._id);
    if (!stage) throw badRequest(studyMessages.stageNotFound);
    const changes = {
      chin_name: edit.chin_name ?? stage.chin_name,
      chin_progress_message: edit.chin_progress_message ?? stage.chin_progress_message,
      chin_complete_message: edit.chin_complete_message ?? stage.chin_complete_message,
    };
    if (
      changes.chin_name !== stage.chin_name ||
      changes.chin_progress_message !== stage.chin_progress_message ||
      changes.chin_complete_message !== stage.chin_complete_message
    ) {
      demand(entries, 'editStageMessages');
      stageUpdates.push({ id: stage.id, changes });
    }
    for (const groupEdit of edit.participant_group_list ?? []) {
      const group = groups.find((g) => g.id === groupEdit._id && g.stage_id === stage.id);
      if (!group) throw badRequest(studyMessages.groupNotFound);
      if (groupEdit.name !== undefined && groupEdit.name !== group.name) groupUpdates.push({ id: group.id, name: groupEdit.name });
    }
  }

  await db.transaction().execute(async (trx) => {
    if (basicChanged) await updateStudy(trx, study.id, info);
    for (const u of stageUpdates) await updateStage(trx, u.id, u.changes);
    for (const g of groupUpdates) await updateGroup(trx, g.id, { name: g.name });
    await updateStudy(trx, study.id, { updated_at: nowIso() });
  });
}
