import { studyMessages, assessmentMessages } from '../../../src/shared/messages';
import { studyActivationCheck } from '../../../src/shared/study/activation';
import { newDiarySetting, newEmaSetting } from '../../../src/shared/study/assessmentSettings';
import { newStudyNameProblem, STUDY_NAME_MAX } from '../../../src/shared/studyRules';
import type { ParticipantGroup, Stage, Study } from '../../../src/shared/types/study';

const item = { _id: 'q1', chin_name: 'Mood', abbrev: 'MOOD' };

function group(num: number, overrides: Partial<ParticipantGroup> = {}): ParticipantGroup {
  return {
    _id: `g${num}`,
    name: '',
    group_num: num,
    stage: 's',
    ema_list: [],
    diary_list: [],
    questionnaire_list: [],
    questionnaire_list_free_to_choose: false,
    no_submission_limit_list: [item],
    followup_list: [],
    ...overrides,
  };
}

function stage(num: number, overrides: Partial<Stage> = {}): Stage {
  return {
    _id: `s${num}`,
    stage_num: num,
    chin_name: `Stage ${num} name`,
    chin_progress_message: '',
    chin_complete_message: '',
    consent_info: { consent_needed: num === 1, chin_content: '<p>I agree</p>' },
    participant_group_list: [group(1)],
    ...overrides,
  };
}

const runnable = (stages: Stage[] = [stage(1)]): Pick<Study, 'chin_name' | 'stage_list'> => ({ chin_name: 'Sleep', stage_list: stages });

/** The problems alone, as most cases here check them. */
const studyActivationProblems = (...args: Parameters<typeof studyActivationCheck>) => studyActivationCheck(...args).problems;

describe('studyActivationCheck', () => {
  it('finds nothing in a study that can run, whichever assessment list a group uses', () => {
    expect(studyActivationProblems(runnable())).toEqual([]);
    const once = group(1, { no_submission_limit_list: [], questionnaire_list: [item] });
    const ema = group(2, { no_submission_limit_list: [], ema_list: [{ ...newEmaSetting(), questionnaire_list: [item], time_list: ['09:00'] }] });
    const diary = group(3, { no_submission_limit_list: [], diary_list: [{ ...newDiarySetting(), questionnaire_list: [item] }] });
    expect(studyActivationProblems(runnable([stage(1), stage(2, { participant_group_list: [once, ema, diary] })]))).toEqual([]);
  });

  it('lists every problem in the editor order: name, consent, then each stage; a group without assessment is a warning', () => {
    const study = {
      chin_name: '  ',
      stage_list: [
        stage(2, { chin_name: '', participant_group_list: [group(2, { no_submission_limit_list: [] }), group(1)] }),
        stage(1, { consent_info: { consent_needed: true, chin_content: '<p><br></p>' } }),
      ],
    };
    expect(studyActivationCheck(study)).toEqual({
      problems: [studyMessages.studyNameRequired, studyMessages.activationConsentEmpty, `Stage 2: ${studyMessages.activationStageUnnamed}`],
      warnings: [`Stage 2, Participant Group 2: ${studyMessages.activationGroupNoTasks}`],
    });
  });

  it('lets a consent-and-wait stage 1 run, with a warning for its group (issue 31)', () => {
    const wait = stage(1, { participant_group_list: [group(1, { no_submission_limit_list: [] })] });
    expect(studyActivationCheck(runnable([wait, stage(2)]))).toEqual({
      problems: [],
      warnings: [`Stage 1, Participant Group 1: ${studyMessages.activationGroupNoTasks}`],
    });
  });

  it('refuses a study with no assessment anywhere, and warns of each group', () => {
    const empty = (num: number) => stage(num, { participant_group_list: [group(1, { no_submission_limit_list: [] })] });
    expect(studyActivationCheck(runnable([empty(1), empty(2)]))).toEqual({
      problems: [studyMessages.activationStudyNoAssessment],
      warnings: [`Stage 1, Participant Group 1: ${studyMessages.activationGroupNoTasks}`, `Stage 2, Participant Group 1: ${studyMessages.activationGroupNoTasks}`],
    });
  });

  it('has no warning for a study whose every group has an assessment', () => {
    expect(studyActivationCheck(runnable([stage(1), stage(2)])).warnings).toEqual([]);
  });

  it('takes an image or a video as consent content, and no consent needed as enough', () => {
    const consent = (consent_needed: boolean, chin_content: string) => runnable([stage(1, { consent_info: { consent_needed, chin_content } })]);
    expect(studyActivationProblems(consent(true, '<p><img src="https://x.org/a.png"></p>'))).toEqual([]);
    expect(studyActivationProblems(consent(true, '<iframe src="https://x.org/v"></iframe>'))).toEqual([]);
    expect(studyActivationProblems(consent(false, ''))).toEqual([]);
    expect(studyActivationProblems(consent(true, '&nbsp;'))).toEqual([studyMessages.activationConsentEmpty]);
  });

  it('checks each EMA and diary setting by the shared rules, a setting without questionnaire, and the offered zones', () => {
    const g = group(1, {
      ema_list: [
        { ...newEmaSetting(), questionnaire_list: [item], time_list: ['09:00'], reminder_interval: 20, response_in: 15 },
        { ...newEmaSetting('Europe/Paris'), questionnaire_list: [], time_list: ['09:00'] },
      ],
      diary_list: [{ ...newDiarySetting(), questionnaire_list: [item], number_of_days: 0 }],
    });
    const where = 'Stage 1, Participant Group 1';
    expect(studyActivationProblems(runnable([stage(1, { participant_group_list: [g] })]), ['Asia/Hong_Kong'])).toEqual([
      `${where}, EMA setting 1: ${assessmentMessages.reminderNotBelowResponseIn}`,
      `${where}, EMA setting 2: ${studyMessages.activationSettingNoQuestionnaire}`,
      `${where}, EMA setting 2: ${assessmentMessages.timezoneNotOffered}`,
      `${where}, Diary setting 1: ${assessmentMessages.daysLargerThanZero}`,
    ]);
  });
});

describe('newStudyNameProblem', () => {
  it('asks for a name and bounds it', () => {
    expect(newStudyNameProblem('')).toBe(studyMessages.studyNameRequired);
    expect(newStudyNameProblem('   ')).toBe(studyMessages.studyNameRequired);
    expect(newStudyNameProblem('x'.repeat(STUDY_NAME_MAX))).toBeNull();
    expect(newStudyNameProblem('x'.repeat(STUDY_NAME_MAX + 1))).toBe(studyMessages.studyNameTooLong);
  });
});
