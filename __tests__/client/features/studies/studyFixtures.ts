// Studies as the server answers them, for the studies slice and page tests.
import { ALL_ACCESS, ACCESS, accessKey, type AccessName } from '../../../../src/shared/access';
import type { ParticipantGroup, Stage, Study, StudySummary } from '../../../../src/shared/types/study';

export function group(stageNum: number, groupNum: number, overrides: Partial<ParticipantGroup> = {}): ParticipantGroup {
  return {
    _id: `group${stageNum}-${groupNum}`,
    name: stageNum === 1 && groupNum === 1 ? 'Everyone' : '',
    group_num: groupNum,
    stage: `stage${stageNum}`,
    ema_list: [],
    diary_list: [],
    questionnaire_list: [],
    questionnaire_list_free_to_choose: false,
    no_submission_limit_list: [],
    followup_list: [],
    ...overrides,
  };
}

export function stage(num: number, overrides: Partial<Stage> = {}): Stage {
  return {
    _id: `stage${num}`,
    stage_num: num,
    chin_name: num === 1 ? 'Baseline' : '',
    chin_progress_message: '',
    chin_complete_message: '',
    consent_info: { consent_needed: num === 1, chin_content: num === 1 ? '<p>Please read carefully.</p>' : '' },
    participant_group_list: [group(num, 1)],
    ...overrides,
  };
}

export function study(overrides: Partial<Study> = {}): Study {
  return {
    _id: 's1',
    chin_name: 'Sleep Diary Study',
    study_code: 'ABC234',
    active_status: 'inactive',
    createdAt: '2024-05-06T08:00:00.000Z',
    contact_person_name: 'Dr. Chan',
    contact_email: 'chan@example.org',
    lab: 'lab1',
    stage_list: [stage(1)],
    ...overrides,
  };
}

/** A study that can be activated: study 1 with an anytime questionnaire in its one group. */
export function runnableStudy(overrides: Partial<Study> = {}): Study {
  const item = { _id: 'q1', chin_name: 'Mood', abbrev: 'MOOD' };
  return study({ stage_list: [stage(1, { participant_group_list: [group(1, 1, { no_submission_limit_list: [item] })] })], ...overrides });
}

/** A consent-and-wait design (issue 31): stage 1's group has no assessment, stage 2's group has one. */
export function waitingStudy(): Study {
  const item = { _id: 'q1', chin_name: 'Mood', abbrev: 'MOOD' };
  return study({ stage_list: [stage(1), stage(2, { chin_name: 'Assigned', participant_group_list: [group(2, 1, { questionnaire_list: [item] })] })] });
}

export function summary(overrides: Partial<StudySummary> = {}): StudySummary {
  return { _id: 's1', chin_name: 'Sleep Diary Study', study_code: 'ABC234', active_status: 'inactive', createdAt: '2024-05-06T08:00:00.000Z', ...overrides };
}

export const inactiveStudy = summary();
export const activeStudy = summary({ _id: 's2', chin_name: 'Mood EMA', study_code: 'XYZ789', active_status: 'active', createdAt: '2024-05-01T08:00:00.000Z' });

/** Every permission entry but the named ones. */
export function accessWithout(...names: AccessName[]) {
  const left = new Set(names.map((n) => accessKey(ACCESS[n])));
  return ALL_ACCESS.filter((e) => !left.has(accessKey(e)));
}
