// The study editor's saves: basic information, the consent form, and the whole study ("Save Changes"),
// each allowed only with the permission entry that gates its part. They take the study row and the caller's
// entries, so the system owner's editor reuses them with every entry.
import type { Db } from '../../repositories/db';
import type { ParticipantGroupRow, StageRow, StudyRow } from '../../db/types';
import type { BasicInfoBody, ConsentBody, GroupEdit, StudyEditBody } from '../../../shared/types/study';
import type { AccessEntry } from '../../../shared/access';
import { basicInfoProblem, CONSENT_MAX_CHARS } from '../../../shared/studyRules';
import { groupSettingsProblem } from '../../../shared/study/assessmentSettings';
import { followupListProblem } from '../../../shared/study/followups';
import type { Question, Score } from '../../../shared/questionnaire/types';
import { findQuestionnairesOfLab } from '../../repositories/plans';
import { followupCandidate, followupDraft, storedFollowup } from './followupLists';
import { assessmentMessages, studyMessages } from '../../../shared/messages';
import { badRequest } from '../../httpErrors';
import { listGroupsOfStudy, listStages, updateGroup, updateStage, updateStudy } from '../../repositories/studies';
import { listQuestionnaireItems, replaceGroupReferences } from '../../repositories/groupQuestionnaires';
import {
  diaryCandidate,
  emaCandidate,
  idsOf,
  listColumns,
  readGroupLists,
  referencesOf,
  storedDiary,
  storedEma,
  withItems,
  type GroupLists,
  type ItemsById,
} from './groupLists';
import { demand } from '../identity/permissions';
import { sanitizeRichText } from './richText';
import { nowIso } from '../../ids';
import { liveEditImpact, type GroupListsEdit } from './liveEdits/liveEdit';
import type { LiveEditImpact } from '../../../shared/types/liveEdits';
import { recordAudit, type AuditActor } from '../audit/record';
import { fieldChanges } from '../audit/changes';

function storedBasicInfo(study: StudyRow): BasicInfoBody {
  return { chin_name: study.chin_name, contact_person_name: study.contact_person_name, contact_email: study.contact_email };
}

function basicInfoOf(body: Partial<BasicInfoBody>, current: StudyRow): BasicInfoBody {
  return {
    chin_name: (body.chin_name ?? current.chin_name).trim(),
    contact_person_name: (body.contact_person_name ?? current.contact_person_name).trim(),
    contact_email: (body.contact_email ?? current.contact_email).trim(),
  };
}

/** The audit entry of a study's part, when the part changed. */
async function recordStudyChange(trx: Db, actor: AuditActor, study: StudyRow, kind: 'study.basics.changed' | 'study.consent.changed' | 'study.settings.changed', before: unknown, after: unknown): Promise<void> {
  if (fieldChanges(before, after).length === 0) return;
  await recordAudit(trx, actor, { kind, entityType: 'study', entityId: study.id, studyId: study.id, labId: study.lab_id, before, after });
}

export async function saveBasicInfo(db: Db, study: StudyRow, body: Partial<BasicInfoBody>, actor: AuditActor): Promise<void> {
  const info = basicInfoOf(body, study);
  const problem = basicInfoProblem(info);
  if (problem) throw badRequest(problem);
  await db.transaction().execute(async (trx) => {
    await updateStudy(trx, study.id, { ...info, updated_at: nowIso() });
    await recordStudyChange(trx, actor, study, 'study.basics.changed', storedBasicInfo(study), info);
  });
}

export async function saveConsent(db: Db, study: StudyRow, body: ConsentBody, actor: AuditActor): Promise<void> {
  if (body.consent.length > CONSENT_MAX_CHARS) throw badRequest(studyMessages.consentTooLong);
  const stages = await listStages(db, study.id);
  const first = stages[0];
  if (!first) throw badRequest(studyMessages.stageNotFound);
  const consent = { consentNeeded: body.consentNeeded, consent: sanitizeRichText(body.consent) };
  await db.transaction().execute(async (trx) => {
    await updateStage(trx, first.id, { consent_needed: consent.consentNeeded ? 1 : 0, consent_content: consent.consent });
    await updateStudy(trx, study.id, { updated_at: nowIso() });
    // Each version of the text participants agree to stays in the trail, whole.
    await recordStudyChange(trx, actor, study, 'study.consent.changed', { consentNeeded: first.consent_needed === 1, consent: first.consent_content }, consent);
  });
}

export interface SaveOptions {
  /** The time zones the deployment offers (PORTAL_TIMEZONES). */
  timezones: readonly string[];
}

/**
 * Every questionnaire the body names must be the study's lab's: another lab's id is "not found". The settings
 * are read here first, so a field of the wrong type is refused before any query.
 */
async function questionnairesOfBody(db: Db, study: StudyRow, body: StudyEditBody): Promise<ItemsById> {
  const ids = idsOf(
    (body.stage_list ?? []).flatMap((stage) =>
      (stage.participant_group_list ?? []).flatMap((g) => [
        ...(g.ema_list ?? []).flatMap((s) => emaCandidate(s).questionnaire_list),
        ...(g.diary_list ?? []).flatMap((s) => diaryCandidate(s).questionnaire_list),
        ...idsOf(g.questionnaire_list ?? []),
        ...idsOf(g.no_submission_limit_list ?? []),
        ...(g.followup_list ?? []).flatMap((rule) => {
          const candidate = followupCandidate(rule);
          return [...(candidate.trigger_questionnaire ? [candidate.trigger_questionnaire] : []), ...candidate.questionnaire_list];
        }),
      ]),
    ),
  );
  const found = await listQuestionnaireItems(db, study.lab_id, ids);
  if (found.length !== ids.length) throw badRequest(assessmentMessages.questionnaireNotFound);
  return new Map(found.map((item) => [item._id, item]));
}

/** The questions and scores of each trigger questionnaire the body's follow-up rules name (all the lab's: checked above). */
type TriggerQuestions = ReadonlyMap<string, { questions: readonly Question[]; scores: readonly Score[] }>;

async function triggerQuestionsOfBody(db: Db, study: StudyRow, body: StudyEditBody): Promise<TriggerQuestions> {
  const ids = (body.stage_list ?? []).flatMap((stage) =>
    (stage.participant_group_list ?? []).flatMap((g) => (g.followup_list ?? []).flatMap((rule) => followupCandidate(rule).trigger_questionnaire ?? [])),
  );
  const rows = await findQuestionnairesOfLab(db, study.lab_id, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, { questions: JSON.parse(row.content) as Question[], scores: JSON.parse(row.scores) as Score[] }]));
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A group's lists after the edit, or null when nothing in them changed. A changed setting list needs its
 * permission entry and must pass the shared rules, each setting against the group's others.
 */
function editedLists(group: ParticipantGroupRow, edit: GroupEdit, entries: readonly AccessEntry[], items: ItemsById, options: SaveOptions, triggers: TriggerQuestions): GroupLists | null {
  const stored = readGroupLists(group);
  const next: GroupLists = { ...stored };
  let changed = false;

  if (edit.ema_list) {
    const candidates = edit.ema_list.map(emaCandidate);
    if (!sameJson(candidates, stored.ema_list.map(emaCandidate))) {
      demand(entries, 'editEma');
      const drafts = candidates.map((c) => withItems(c, items));
      const problem = groupSettingsProblem(drafts, [], options.timezones);
      if (problem) throw badRequest(problem);
      next.ema_list = candidates.map(storedEma);
      changed = true;
    }
  }
  if (edit.diary_list) {
    const candidates = edit.diary_list.map(diaryCandidate);
    if (!sameJson(candidates, stored.diary_list.map(diaryCandidate))) {
      demand(entries, 'editDiary');
      const drafts = candidates.map((c) => withItems(c, items));
      const problem = groupSettingsProblem([], drafts, options.timezones);
      if (problem) throw badRequest(problem);
      next.diary_list = candidates.map(storedDiary);
      changed = true;
    }
  }
  if (edit.followup_list) {
    const candidates = edit.followup_list.map(followupCandidate);
    if (!sameJson(candidates, stored.followup_list.map(followupCandidate))) {
      // A follow-up is an EMA prompt: the EMA entry gates its rules (docs/decisions.md).
      demand(entries, 'editEma');
      const problem = followupListProblem(candidates.map((c) => followupDraft(c, items)), (id) => triggers.get(id)?.questions, (id) => triggers.get(id)?.scores);
      if (problem) throw badRequest(problem);
      next.followup_list = candidates.map(storedFollowup);
      changed = true;
    }
  }
  // The one-time and anytime lists and their order: no permission entry gates them (part 2 section 6).
  for (const key of ['questionnaire_list', 'no_submission_limit_list'] as const) {
    const list = edit[key];
    if (list && !sameJson(idsOf(list), stored[key])) {
      next[key] = idsOf(list);
      changed = true;
    }
  }
  return changed ? next : null;
}

interface GroupUpdate {
  id: string;
  name?: string;
  lists?: GroupLists;
}

interface PlannedSave {
  info: BasicInfoBody;
  basicChanged: boolean;
  /** The study's stages and groups as they were before the save. */
  stages: StageRow[];
  groups: ParticipantGroupRow[];
  stageUpdates: StageUpdate[];
  groupUpdates: GroupUpdate[];
  /** The groups whose settings lists change, for the impact on plans already made. */
  groupEdits: GroupListsEdit[];
}

/**
 * What Save Changes would write: every part the body carries, each checked against the entry that gates it
 * only when it changes. Settings are checked by the shared rules with the offered zones. Nothing is written.
 */
async function plannedSave(db: Db, study: StudyRow, body: StudyEditBody, entries: readonly AccessEntry[], options: SaveOptions): Promise<PlannedSave> {
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

  const items = await questionnairesOfBody(db, study, body);
  const triggers = await triggerQuestionsOfBody(db, study, body);
  const [stages, groups] = await Promise.all([listStages(db, study.id), listGroupsOfStudy(db, study.id)]);
  const planned: PlannedSave = { info, basicChanged, stages, groups, stageUpdates: [], groupUpdates: [], groupEdits: [] };
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
      planned.stageUpdates.push({ id: stage.id, changes });
    }
    for (const groupEdit of edit.participant_group_list ?? []) {
      const group = groups.find((g) => g.id === groupEdit._id && g.stage_id === stage.id);
      if (!group) throw badRequest(studyMessages.groupNotFound);
      const update: GroupUpdate = { id: group.id };
      if (groupEdit.name !== undefined && groupEdit.name !== group.name) update.name = groupEdit.name;
      const lists = editedLists(group, groupEdit, entries, items, options, triggers);
      if (lists) {
        update.lists = lists;
        planned.groupEdits.push({ group, stageId: stage.id, before: readGroupLists(group), after: lists, items });
      }
      if (update.name !== undefined || update.lists) planned.groupUpdates.push(update);
    }
  }
  return planned;
}

/** The impact Save Changes would have on participants already in their stage (same checks as the save). */
export async function previewWholeStudy(db: Db, study: StudyRow, body: StudyEditBody, entries: readonly AccessEntry[], options: SaveOptions): Promise<LiveEditImpact> {
  const planned = await plannedSave(db, study, body, entries, options);
  return liveEditImpact(db, study, planned.groupEdits);
}

/**
 * Save Changes, written in one transaction. On a live study the changes named in `apply_now` also re-plan the
 * future of participants already in their stage, in the same transaction; the others reach only later arrivals.
 */
export async function saveWholeStudy(
  db: Db,
  study: StudyRow,
  body: StudyEditBody,
  entries: readonly AccessEntry[],
  options: SaveOptions,
  actor: AuditActor,
): Promise<LiveEditImpact> {
  const { info, basicChanged, stages, groups, stageUpdates, groupUpdates, groupEdits } = await plannedSave(db, study, body, entries, options);
  return db.transaction().execute(async (trx) => {
    if (basicChanged) await updateStudy(trx, study.id, info);
    for (const u of stageUpdates) await updateStage(trx, u.id, u.changes);
    for (const g of groupUpdates) {
      await updateGroup(trx, g.id, { ...(g.name !== undefined ? { name: g.name } : {}), ...(g.lists ? listColumns(g.lists) : {}) });
      if (g.lists) await replaceGroupReferences(trx, g.id, referencesOf(g.lists));
    }
    const applyNow = new Set(body.apply_now ?? []);
    const applied = await liveEditImpact(trx, study, groupEdits, applyNow);
    await updateStudy(trx, study.id, { updated_at: nowIso() });
    if (basicChanged) await recordStudyChange(trx, actor, study, 'study.basics.changed', storedBasicInfo(study), info);
    await recordStudyChange(trx, actor, study, 'study.settings.changed', settingsBefore(stages, groups, stageUpdates, groupUpdates), settingsAfter(stageUpdates, groupUpdates));
    // The plans re-planned now: which changes reached whom, and how (the impact the researcher confirmed).
    const replanned = applied.changes.filter((change) => applyNow.has(change.key) && change.participants.length > 0);
    if (replanned.length > 0) {
      await recordAudit(trx, actor, { kind: 'plan.changed', entityType: 'study', entityId: study.id, studyId: study.id, labId: study.lab_id, before: null, after: { changes: replanned } });
    }
    return applied;
  });
}

type StageUpdate = { id: string; changes: { chin_name: string; chin_progress_message: string; chin_complete_message: string } };

/** What Save Changes changed in stages and groups, keyed by their ids, as it was before. */
function settingsBefore(stages: StageRow[], groups: ParticipantGroupRow[], stageUpdates: StageUpdate[], groupUpdates: GroupUpdate[]) {
  return {
    stages: Object.fromEntries(
      stageUpdates.map((u) => {
        const s = stages.find((stage) => stage.id === u.id);
        return [u.id, { chin_name: s?.chin_name, chin_progress_message: s?.chin_progress_message, chin_complete_message: s?.chin_complete_message }];
      }),
    ),
    groups: Object.fromEntries(
      groupUpdates.map((u) => {
        const g = groups.find((group) => group.id === u.id);
        return [u.id, { ...(u.name !== undefined ? { name: g?.name } : {}), ...(u.lists && g ? readGroupLists(g) : {}) }];
      }),
    ),
  };
}

function settingsAfter(stageUpdates: StageUpdate[], groupUpdates: GroupUpdate[]) {
  return {
    stages: Object.fromEntries(stageUpdates.map((u) => [u.id, u.changes])),
    groups: Object.fromEntries(groupUpdates.map((u) => [u.id, { ...(u.name !== undefined ? { name: u.name } : {}), ...(u.lists ?? {}) }])),
  };
}
