// Which follow-up prompts an answer plans (issue 34 part 1): the rules of the task's group whose trigger is the
// answered questionnaire and whose `when` the answers meet (judged by the visibility conditions' own code) and
// whose `score_when` the answer's scores meet, each
// planned after_minutes after the answer on the participation's clock, with its window and reminders like an EMA
// prompt's. Only planned here; written with the answer, in its transaction, and counted there against
// max_per_day (repositories/followupWrites.ts). An answer to a follow-up plans none (no chains of follow-ups).
import { DateTime } from 'luxon';
import type { Db } from '../../repositories/db';
import type { ParticipationRow, TaskRow } from '../../db/types';
import type { AnswerItem } from '../../../shared/types/participantApp';
import { conditionsHold } from '../../../shared/questionnaire/visibility';
import { visibilityAnswers } from '../../../shared/questionnaire/answers';
import { DEFAULT_TIMEZONE } from '../../../shared/study/assessmentSettings';
import type { FollowupPlan } from '../../repositories/followupWrites';
import { findStudyLab } from '../../repositories/participants';
import { isStoredFollowup, withScoreWhen, type StoredFollowupRule } from '../studies/followupLists';
import { scoreConditionsHold } from '../../../shared/study/scoreConditions';
import { planQuestionnaires } from '../plan/questionnaireVersions';
import { reminderTimes } from '../plan/emaPlan';
import { newIds } from '../../ids';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The group's rules; none when the group has none or its document is not one (it is checked when saved). */
async function rulesOfGroup(db: Db, groupId: string): Promise<StoredFollowupRule[]> {
  const row = await db.selectFrom('participant_groups').select('followup_list').where('id', '=', groupId).executeTakeFirst();
  if (!row || row.followup_list === '[]') return [];
  const value: unknown = JSON.parse(row.followup_list);
  return Array.isArray(value) ? value.filter(isStoredFollowup).map(withScoreWhen) : [];
}

/** The trigger task's zone (an EMA or diary setting's), else the deployment's default zone. */
function zoneOf(task: TaskRow): string {
  return task.timezone ?? DEFAULT_TIMEZONE;
}

/** The follow-up tasks one rule plans for one answer. */
function rowsOf(rule: StoredFollowupRule, ruleIndex: number, task: TaskRow, submittedAt: string, versions: Awaited<ReturnType<typeof planQuestionnaires>>): FollowupPlan | null {
  const questionnaires = rule.questionnaire_list.flatMap((id) => versions.get(id) ?? []);
  if (questionnaires.length === 0) return null;
  const at = Date.parse(submittedAt) + rule.after_minutes * MINUTE;
  const zone = zoneOf(task);
  const day = DateTime.fromMillis(at, { zone }).startOf('day');
  const windowClosesAt = iso(at + rule.response_in * MINUTE);
  const reminders = reminderTimes(at, rule.reminder_interval, rule.response_in).map(iso);
  const ids = newIds(questionnaires.length * (1 + reminders.length));
  let next = 0;
  const rows: TaskRow[] = [];
  for (const q of questionnaires) {
    const promptId = ids[next++];
    const row = (id: string, notification: string, promptTaskId: string | null): TaskRow => ({
      id,
      participation_id: task.participation_id,
      enrolment_time_id: task.enrolment_time_id,
      study_id: task.study_id,
      stage_id: task.stage_id,
      group_id: task.group_id,
      kind: 'ema',
      questionnaire_id: q.questionnaireId,
      questionnaire_version_id: q.versionId,
      setting_index: ruleIndex,
      prompt_task_id: promptTaskId,
      notification_datetime: notification,
      timezone: zone,
      reminder: promptTaskId === null ? 0 : 1,
      window_closes_at: windowClosesAt,
      diary_start_date: null,
      number_of_days: null,
      status: 'planned',
      delivered_at: null,
      opened_at: null,
      completed_at: null,
      cancelled_at: null,
      delivered_received_at: null,
      opened_received_at: null,
    });
    rows.push(row(promptId, iso(at), null));
    for (const reminderAt of reminders) rows.push(row(ids[next++], reminderAt, promptId));
  }
  return { ruleIndex, maxPerDay: rule.max_per_day, dayStart: day.toUTC().toISO() ?? '', dayEnd: day.plus({ days: 1 }).toUTC().toISO() ?? '', rows };
}

/**
 * The follow-ups an answer to `task` plans; none for an answer to a follow-up, or from a participation no longer
 * enrolled. `submittedAt` is on the participation's clock, so a pilot's follow-up comes on its clock. `scores` are
 * the answer's, as computed to be stored with it (a null one meets no score condition).
 */
export async function plannedFollowups(
  db: Db,
  participation: ParticipationRow,
  task: TaskRow & { trigger_submission_id?: string | null },
  answers: readonly AnswerItem[],
  scores: Readonly<Record<string, number | null>>,
  submittedAt: string,
): Promise<FollowupPlan[]> {
  if (participation.status !== 'enrolled' || task.trigger_submission_id) return [];
  const rules = await rulesOfGroup(db, task.group_id);
  const given = visibilityAnswers(answers);
  const meets = (rule: StoredFollowupRule) => rule.trigger_questionnaire === task.questionnaire_id && conditionsHold(rule.when, given) && scoreConditionsHold(rule.score_when, scores);
  const met = rules.flatMap((rule, index) => (meets(rule) ? [{ rule, index }] : []));
  if (met.length === 0) return [];
  const study = await findStudyLab(db, task.study_id);
  if (!study) return [];
  const versions = await planQuestionnaires(db, study.lab_id, met.flatMap((m) => m.rule.questionnaire_list));
  return met.flatMap(({ rule, index }) => rowsOf(rule, index, task, submittedAt, versions) ?? []);
}
