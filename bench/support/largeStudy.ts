// Seeds the study-editor benchmark's study through the API, as a researcher would build it: 10 stages, every
// stage but the first with 10 participant groups (stage 1 takes no other group, part 2 section 4), and every
// group with 3 EMA settings (fixed times, randomised periods, fixed times), one diary setting and both
// questionnaire lists. The Chromium benchmark (open in the editor, save round trip) imports seedLargeStudy.
import type { Api } from '../../__tests__/e2e/support/api';
import type { AssessmentListItem, DiarySetting, EmaSetting } from '../../src/shared/study/assessmentSettings';
import type { Study, StudyEditBody } from '../../src/shared/types/study';

export const LARGE_STUDY = { stages: 10, groupsPerStage: 10, emaPerGroup: 3 } as const;

export interface LargeStudy {
  study: Study;
  /** Every questionnaire the study's lists use. */
  questionnaires: AssessmentListItem[];
  groups: number;
  emaSettings: number;
  /** Size of the Save Changes body the editor sends for this study. */
  bodyBytes: number;
}

function emaSettings(q: readonly AssessmentListItem[]): EmaSetting[] {
  const base = { timezone: 'Asia/Hong_Kong', number_of_days: 14, day_one_eq_same_day: true, reminder_interval: 10, response_in: 30, zone_rule: 'setting' as const };
  return [
    { ...base, questionnaire_list: [q[0], q[1]], time_randomize: false, time_list: ['09:00', '13:00', '18:00', '21:30'], randomize_settings: [] },
    {
      ...base,
      questionnaire_list: [q[2]],
      time_randomize: true,
      time_list: [],
      randomize_settings: [
        { start_time: '09:00', end_time: '12:00' },
        { start_time: '14:00', end_time: '17:00' },
        { start_time: '19:00', end_time: '22:00' },
      ],
    },
    { ...base, questionnaire_list: [q[3]], time_randomize: false, time_list: ['22:00'], randomize_settings: [], day_one_eq_same_day: false },
  ].slice(0, LARGE_STUDY.emaPerGroup);
}

function diarySettings(q: readonly AssessmentListItem[]): DiarySetting[] {
  return [{ questionnaire_list: [q[4]], fix_start_date: true, start_date: '2030-01-06', number_of_days: 28, timezone: 'Asia/Hong_Kong', zone_rule: 'setting' }];
}

/** The Save Changes body that gives every group of the study its names, settings and lists. */
export function largeStudyBody(study: Study, q: readonly AssessmentListItem[]): StudyEditBody {
  return {
    chin_name: 'Benchmark study: 10 stages',
    contact_person_name: 'Dr. Bench',
    contact_email: 'bench@example.org',
    stage_list: study.stage_list.map((stage) => ({
      _id: stage._id,
      chin_name: `Stage ${stage.stage_num}`,
      chin_progress_message: `You are in stage ${stage.stage_num}. Please answer every notification.`,
      chin_complete_message: `Stage ${stage.stage_num} is complete. Thank you!`,
      participant_group_list: stage.participant_group_list.map((group) => {
        // Each group draws its questionnaires from a window of the list, so groups differ.
        const offset = (stage.stage_num * 3 + group.group_num) % (q.length - 7);
        const mine = q.slice(offset, offset + 8);
        return {
          _id: group._id,
          name: `Group ${stage.stage_num}.${group.group_num}`,
          ema_list: emaSettings(mine),
          diary_list: diarySettings(mine),
          questionnaire_list: [mine[5], mine[6]],
          no_submission_limit_list: [mine[7]],
        };
      }),
    })),
  };
}

/** Builds the study in the lab of the signed-in `token` (a lab manager holds every permission entry). */
export async function seedLargeStudy(api: Pick<Api, 'call'>, token: string): Promise<LargeStudy> {
  const questionnaires: AssessmentListItem[] = [];
  for (let i = 1; i <= 20; i += 1) {
    const created = await api.call<AssessmentListItem>('POST', '/api/qx_list', { token, body: { chin_name: `Questionnaire ${i}`, abbrev: `LQ${i}` } });
    questionnaires.push({ _id: created._id, chin_name: created.chin_name, abbrev: created.abbrev });
  }
  let study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Large study' } });
  for (let stage = 2; stage <= LARGE_STUDY.stages; stage += 1) {
    study = await api.call<Study>('PUT', `/api/studies/${study._id}/add_stage`, { token });
    const stageId = study.stage_list[stage - 1]._id;
    for (let group = 2; group <= LARGE_STUDY.groupsPerStage; group += 1) {
      study = await api.call<Study>('PUT', `/api/studies/${stageId}/add_group`, { token });
    }
  }
  const body = largeStudyBody(study, questionnaires);
  study = await api.call<Study>('PUT', `/api/studies/${study._id}/edit_except_consent`, { token, body });
  const groups = study.stage_list.flatMap((s) => s.participant_group_list);
  return {
    study,
    questionnaires,
    groups: groups.length,
    emaSettings: groups.reduce((n, g) => n + g.ema_list.length, 0),
    bodyBytes: JSON.stringify(body).length,
  };
}
