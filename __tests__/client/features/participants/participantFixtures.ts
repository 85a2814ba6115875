// Participants, their study and their tasks as the server answers them, for the participant page tests.
import { newDiarySetting } from '../../../../src/shared/study/assessmentSettings';
import type { DiaryTask, EmaTask, EmaTaskDelivery, Participant, ParticipationStatus } from '../../../../src/shared/types/participant';
import type { ParticipantDevice } from '../../../../src/shared/devices';
import type { Stage, Study } from '../../../../src/shared/types/study';
import { stage, study } from '../studies/studyFixtures';

const group = (stageNum: number, num: number, name: string, diary = false) => ({
  _id: `group${stageNum}-${num}`,
  name,
  group_num: num,
  stage: `stage${stageNum}`,
  ema_list: [],
  diary_list: diary ? [newDiarySetting()] : [],
  questionnaire_list: [],
  questionnaire_list_free_to_choose: false,
  no_submission_limit_list: [],
  followup_list: [],
});

/** Stage 1 (one group); stage 2 "Intervention" with group 1 "Diary" (a diary setting) and group 2 "Control". */
export const twoStageStudy: Study = study({
  _id: 's1',
  active_status: 'active',
  stage_list: [
    stage(1),
    { ...stage(2), chin_name: 'Intervention', participant_group_list: [group(2, 1, 'Diary', true), group(2, 2, 'Control')] } as Stage,
  ],
});

interface ParticipantOptions {
  id: string;
  code?: string;
  email?: string;
  status?: ParticipationStatus;
  stageNum?: number;
  groupNum?: number;
  arrived?: boolean;
  arrivals?: string[];
  /** Whether the server says the stored plan holds diary tasks. */
  diary?: boolean;
  /** A pilot participant (issue 20). */
  pilot?: boolean;
  /** The phone as the app reported it (issue 33); none by default. */
  device?: ParticipantDevice | null;
}

export function participant(o: ParticipantOptions): Participant {
  const stageNum = o.stageNum ?? 1;
  const groupNum = o.groupNum ?? 1;
  const theStage = twoStageStudy.stage_list[stageNum - 1];
  const theGroup = theStage.participant_group_list[groupNum - 1];
  return {
    _id: o.id,
    participant_code: o.code ?? o.id.toUpperCase(),
    email: o.email ?? `${o.id}@example.org`,
    study: 's1',
    current_stage: theStage._id,
    current_group: theGroup._id,
    pilot: o.pilot ?? false,
    device: o.device ?? null,
    participation: [
      {
        _id: `pp-${o.id}`,
        status: o.status ?? 'enrolled',
        study: 's1',
        current_stage: { _id: theStage._id, chin_name: theStage.chin_name, stage_num: stageNum },
        current_group: { _id: theGroup._id, name: theGroup.name, group_num: groupNum },
        arrive_assigned: o.arrived ?? false,
        has_diary_tasks: o.diary ?? false,
        enrolment_time: (o.arrivals ?? []).map((start_datetime) => ({ start_datetime })),
      },
    ],
  };
}

export const questionnaire = (abbrev: string) => ({ _id: `q-${abbrev}`, chin_name: `Questionnaire ${abbrev}`, abbrev });

/** A notification's ledger before it went out. */
export const NOT_SENT: EmaTaskDelivery = { channel: null, sent_at: null, push_result: null, received_at: null, email_due_at: null, email_result: null, emailed_at: null };

export function emaTask(id: string, at: string, abbrev: string, overrides: Partial<EmaTask> = {}): EmaTask {
  return {
    _id: id,
    notification_datetime: at,
    timezone: 'Asia/Hong_Kong',
    reminder: false,
    questionnaire: questionnaire(abbrev),
    window_closes_at: new Date(Date.parse(at) + 15 * 60_000).toISOString(),
    status: 'planned',
    delivered_at: null,
    opened_at: null,
    answered_at: null,
    answered_late: false,
    trigger_submission_id: null,
    ...overrides,
    delivery: { ...NOT_SENT, ...overrides.delivery },
  };
}

export function diaryTask(id: string, abbrev: string, start: string, days: number): DiaryTask {
  return { _id: id, diary_task_start_date: start, questionnaire: questionnaire(abbrev), number_of_days_required: days, timezone: 'Asia/Hong_Kong' };
}
