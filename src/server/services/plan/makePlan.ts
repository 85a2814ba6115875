// Turns a group's settings and an arrival into the plan's task rows (PARTICIPANTS.md "The plan"): EMA prompts
// and reminders, diary tasks, one-time and anytime tasks, one per questionnaire each.
import type { TaskRow } from '../../db/types';
import type { GroupPlanInput } from './groupPlanInput';
import type { PlannedQuestionnaire } from './questionnaireVersions';
import { emaPrompts } from './emaPlan';
import { seededRandom } from './seededRandom';
import { localDate } from './diaryDays';
import { newIds } from '../../ids';
import { arrivalZoneOf, planZoneOf, type PhoneZones } from './zones';

export interface PlanContext {
  participationId: string;
  enrolmentTimeId: string;
  studyId: string;
  stageId: string;
  groupId: string;
  arrivalIso: string;
  seed: string;
  questionnaires: ReadonlyMap<string, PlannedQuestionnaire>;
  /** The phone's zones, for settings that follow the participant (zones.ts). */
  phone: PhoneZones;
}

/** Every column named in every row: a multi-row insert then needs no DEFAULT, which SQLite lacks there. */
type TaskInsert = TaskRow;

const iso = (ms: number) => new Date(ms).toISOString();

/** Every questionnaire id a group's plan needs. */
export function questionnaireIdsOf(input: GroupPlanInput): string[] {
  return [
    ...input.ema.flatMap((e) => e.setting.questionnaire_list.map((q) => q._id)),
    ...input.diary.flatMap((d) => d.setting.questionnaire_list.map((q) => q._id)),
    ...input.once,
    ...input.anytime,
  ];
}

interface RowFields {
  id: string;
  kind: string;
  questionnaire: PlannedQuestionnaire;
  setting_index?: number | null;
  prompt_task_id?: string | null;
  notification_datetime?: string | null;
  timezone?: string | null;
  reminder?: number;
  window_closes_at?: string | null;
  diary_start_date?: string | null;
  number_of_days?: number | null;
}

/** One row, every column in the table's order (one object shape for all rows, cheap to build by the thousand). */
function taskRow(ctx: PlanContext, f: RowFields): TaskInsert {
  return {
    id: f.id,
    participation_id: ctx.participationId,
    enrolment_time_id: ctx.enrolmentTimeId,
    study_id: ctx.studyId,
    stage_id: ctx.stageId,
    group_id: ctx.groupId,
    kind: f.kind,
    questionnaire_id: f.questionnaire.questionnaireId,
    questionnaire_version_id: f.questionnaire.versionId,
    setting_index: f.setting_index ?? null,
    prompt_task_id: f.prompt_task_id ?? null,
    notification_datetime: f.notification_datetime ?? null,
    timezone: f.timezone ?? null,
    reminder: f.reminder ?? 0,
    window_closes_at: f.window_closes_at ?? null,
    diary_start_date: f.diary_start_date ?? null,
    number_of_days: f.number_of_days ?? null,
    status: 'planned',
    delivered_at: null,
    opened_at: null,
    completed_at: null,
    cancelled_at: null,
    delivered_received_at: null,
    opened_received_at: null,
  };
}

export function planRows(input: GroupPlanInput, ctx: PlanContext): TaskInsert[] {
  const rows: TaskInsert[] = [];
  const arrivalMs = Date.parse(ctx.arrivalIso);
  const known = (ids: readonly { _id: string }[]) => ids.flatMap((q) => ctx.questionnaires.get(q._id) ?? []);

  for (const { index, setting } of input.ema) {
    const questionnaires = known(setting.questionnaire_list);
    if (questionnaires.length === 0) continue;
    const timezone = planZoneOf(setting, ctx.phone);
    const prompts = emaPrompts({ ...setting, timezone }, arrivalMs, seededRandom(ctx.seed, `ema:${index}`), arrivalZoneOf(setting, ctx.phone));
    const perPrompt = 1 + (prompts[0]?.reminders.length ?? 0);
    const ids = newIds(prompts.length * questionnaires.length * perPrompt);
    let next = 0;
    for (const prompt of prompts) {
      const windowClosesAt = iso(prompt.windowClosesAt);
      const reminderTimes = prompt.reminders.map(iso);
      const at = iso(prompt.at);
      for (const questionnaire of questionnaires) {
        const promptId = ids[next++];
        const fields: RowFields = { id: promptId, kind: 'ema', questionnaire, setting_index: index, timezone, window_closes_at: windowClosesAt, notification_datetime: at };
        rows.push(taskRow(ctx, fields));
        fields.prompt_task_id = promptId;
        fields.reminder = 1;
        for (const reminderAt of reminderTimes) {
          fields.id = ids[next++];
          fields.notification_datetime = reminderAt;
          rows.push(taskRow(ctx, fields));
        }
      }
    }
  }

  for (const { index, setting } of input.diary) {
    const start = setting.fix_start_date && setting.start_date ? setting.start_date : localDate(ctx.arrivalIso, arrivalZoneOf(setting, ctx.phone));
    for (const questionnaire of known(setting.questionnaire_list)) {
      rows.push(
        taskRow(ctx, {
          id: newIds(1)[0],
          kind: 'diary',
          questionnaire,
          setting_index: index,
          timezone: planZoneOf(setting, ctx.phone),
          diary_start_date: start,
          number_of_days: setting.number_of_days,
        }),
      );
    }
  }

  for (const [kind, list] of [
    ['once', input.once],
    ['anytime', input.anytime],
  ] as const) {
    for (const questionnaire of known([...new Set(list)].map((_id) => ({ _id })))) {
      rows.push(taskRow(ctx, { id: newIds(1)[0], kind, questionnaire }));
    }
  }
  return rows;
}
