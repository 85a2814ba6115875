// A study for the participant app, seeded through the real API as a researcher and phones would: an active
// study with a consent form and a progress message whose group answers a long questionnaire once (questions of
// every kind, none hidden by a condition) and a one-question questionnaire at any time; one participant who
// signed up, joined and agreed (enrolled, with both tasks) and one who joined but has not agreed yet (invited,
// on the consent form). Used by the app's accessibility walk and its benchmark.
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { MultipleChoiceSet, Question, Questionnaire, ResponseItem, ResponseType } from '../../../src/shared/questionnaire/types';
import type { AppSession, AppTasksAnswer } from '../../../src/shared/types/participantApp';
import type { Study } from '../../../src/shared/types/study';
import type { Organization } from '../../../src/shared/organizations';
import { Api, seedLab, uniqueEmail } from './api';
import { markActive } from './plan';
import type { RunningServer } from './server';

export const APP_STUDY_NAME = '睡眠與情緒 Sleep and Mood';
export const LONG_QUESTIONNAIRE = { chin_name: 'Evening Check-in', abbrev: 'EVE' } as const;
export const SHORT_QUESTIONNAIRE = { chin_name: 'Quick Mood', abbrev: 'QM' } as const;
export const PROGRESS_MESSAGE = 'Thank you: please answer the evening check-in first.';
const PASSWORD = 'participant-pass-1';

/** The kinds the long questionnaire cycles through: a mix as researchers write them. */
const PATTERN: ResponseType[] = ['mc', 'text', 'slider', 'time', 'textarea', 'duration', 'text', 'instruction'];

function responseFor(type: ResponseType, i: number, setId: string): ResponseItem {
  const r = makeResponse(`r${i}`, type);
  if (type === 'mc') return { ...r, choices: setId, multiple: i % 16 === 8 };
  if (type === 'slider') return { ...r, min: 0, max: 100, min_label: 'Not at all', max_label: 'Extremely' };
  if (type === 'text' && i % 8 === 6) return { ...r, number_only: true, post_label: 'hours' };
  return { ...r, validation: { ...r.validation, required: type !== 'instruction' } };
}

/** `count` questions of every kind, with formatted text; every one shows (no visibility conditions). */
export function mixedQuestions(count: number, setId: string): Question[] {
  return Array.from({ length: count }, (_, i): Question => {
    const type = PATTERN[i % PATTERN.length];
    const q = makeQuestion(`q${i}`, `r${i}`, type === 'instruction' ? 'instruction' : 'question');
    return {
      ...q,
      question_num: type === 'instruction' ? '' : `Q${i + 1}`,
      html_question: `<p>Question ${i + 1}: <strong>how</strong> did you feel <em>this evening</em>?</p>`,
      guide: i % 5 === 0,
      html_guide: i % 5 === 0 ? '<p>Think of the last hour.</p>' : '',
      position: i,
      other_info: [responseFor(type, i, setId)],
    };
  });
}

export interface AppParticipant {
  email: string;
  password: string;
  session: AppSession;
}

export interface AppStudy {
  study: Study;
  longQuestionnaire: Questionnaire;
  /** Agreed to the consent form: sees the task list. */
  enrolled: AppParticipant;
  /** The enrolled participant's one-time task for the long questionnaire, and anytime task for the short one. */
  longTaskId: string;
  shortTaskId: string;
  /** Joined, not agreed yet: sees the consent form. */
  invited: AppParticipant;
}

async function signUpAndJoin(api: Api, studyCode: string, prefix: string): Promise<AppParticipant> {
  const email = uniqueEmail(prefix);
  const session = await api.call<AppSession>('POST', '/api/app/signup', { body: { email, password: PASSWORD } });
  await api.call('POST', '/api/app/studies/join', { token: session.token, body: { studyCode } });
  return { email, password: PASSWORD, session };
}

/**
 * Seeds the study on the organization's host (`api` sends its Host); `ownerApi` talks to the main host, where
 * the system owner creates the lab. `questions` is the long questionnaire's length.
 */
export async function seedAppStudy(ownerApi: Api, api: Api, server: RunningServer, organization: Organization, questions: number): Promise<AppStudy> {
  const { manager, managerPassword } = await seedLab(ownerApi, organization);
  const { token } = await api.login({ email: manager.email, password: managerPassword, organization });
  const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: APP_STUDY_NAME } });
  await api.call('PUT', `/api/studies/${study._id}/edit_basic`, {
    token,
    body: { chin_name: APP_STUDY_NAME, contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' },
  });

  const long = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: LONG_QUESTIONNAIRE });
  const { set } = await api.call<{ set: MultipleChoiceSet }>('POST', `/api/qx_list/${long._id}/mc`, {
    token,
    body: { name: 'Mood', choices: ['Calm', 'Happy', 'Sad', 'Tired'].map((name) => ({ name, value: name.toLowerCase() })) },
  });
  const longQuestionnaire = await api.call<Questionnaire>('PUT', `/api/qx_list/${long._id}/edit`, {
    token,
    body: { ...LONG_QUESTIONNAIRE, chin_content: mixedQuestions(questions, set._id) },
  });
  const short = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: SHORT_QUESTIONNAIRE });
  const only = { ...makeQuestion('q0', 'r0'), question_num: '1', html_question: '<p>How do you feel now?</p>' };
  await api.call('PUT', `/api/qx_list/${short._id}/edit`, { token, body: { ...SHORT_QUESTIONNAIRE, chin_content: [only] } });

  const stage = study.stage_list[0];
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: {
      stage_list: [
        {
          _id: stage._id,
          chin_progress_message: PROGRESS_MESSAGE,
          participant_group_list: [
            {
              _id: stage.participant_group_list[0]._id,
              questionnaire_list: [{ _id: long._id, ...LONG_QUESTIONNAIRE }],
              no_submission_limit_list: [{ _id: short._id, ...SHORT_QUESTIONNAIRE }],
            },
          ],
        },
      ],
    },
  });
  await api.call('PUT', `/api/studies/${study._id}/edit_consent`, {
    token,
    body: { consent: '<p>I agree that my answers are used for <strong>research</strong>.</p>', consentNeeded: true },
  });
  markActive(server.dataDir, study._id);

  const enrolled = await signUpAndJoin(api, study.study_code, `enrolled${organization}`);
  await api.call('POST', `/api/app/studies/${study._id}/consent`, { token: enrolled.session.token, body: { agree: true } });
  const tasks = await api.call<AppTasksAnswer>('GET', `/api/app/studies/${study._id}/tasks`, { token: enrolled.session.token });
  const longTask = tasks.once.find((t) => t.questionnaire._id === long._id);
  const shortTask = tasks.anytime.find((t) => t.questionnaire._id === short._id);
  if (!longTask || !shortTask) throw new Error(`The enrolled participant has not both tasks: ${JSON.stringify(tasks)}`);
  const invited = await signUpAndJoin(api, study.study_code, `invited${organization}`);
  return { study, longQuestionnaire, enrolled, longTaskId: longTask._id, shortTaskId: shortTask._id, invited };
}

/** The localStorage the app keeps for a signed-in participant (src/participant/api/sessionStore.ts). */
export const SESSION_KEY = 'participant-session';
