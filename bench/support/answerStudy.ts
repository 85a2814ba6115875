// The answers benchmark's study, set up over HTTP as a researcher and the app would: a lab manager's active
// study whose first group answers one questionnaire at any time; the questionnaire has 20 required questions
// (5 single choices from a set of 5, 5 sliders 0-100, 5 numbers, 5 texts). Then each participant signs up in
// the app, joins with the study code and asks for the tasks (their arrival and plan), as a phone does.
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import type { Question, ResponseItem } from '../../src/shared/questionnaire/types';
import type { AnswerItem, AppSession, AppTasksAnswer } from '../../src/shared/types/participantApp';
import type { StudyEditBody } from '../../src/shared/types/study';
import { request, seedStudyOverHttp, type JsonAnswer, type ServerProcess } from '../../__tests__/server/support/serverProcess';

const PER_KIND = 5;
const CHOICES = ['never', 'rarely', 'sometimes', 'often', 'always'];
/** Sign-ups at once: each hashes a password (argon2), so a few in parallel fill the server's cores. */
const SIGNUPS_AT_ONCE = 4;

export interface AnswerStudy {
  studyId: string;
  questionnaireId: string;
  participants: { token: string; taskId: string }[];
  /** The 20 answers a phone sends, the same for every submission. */
  answers: AnswerItem[];
}

function must<T>(answer: JsonAnswer<T>, status: number, what: string): T {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

function question(pos: number, text: string, response: Partial<ResponseItem>): Question {
  const r: ResponseItem = { ...makeResponse(`r${pos}`), ...response, validation: { ...makeResponse('').validation, required: true } };
  return { ...makeQuestion(`q${pos}`, `r${pos}`), question_num: String(pos + 1), html_question: `<p>${text}</p>`, position: pos, other_info: [r] };
}

/** Single choices, sliders, numbers and texts, PER_KIND of each, in that order. */
function questionsAndAnswers(setId: string): { questions: Question[]; answers: AnswerItem[] } {
  const questions: Question[] = [];
  const answers: AnswerItem[] = [];
  const add = (text: string, response: Partial<ResponseItem>, value: AnswerItem['value']) => {
    answers.push({ question_pos: questions.length, response_pos: 0, value });
    questions.push(question(questions.length, text, response));
  };
  for (let i = 0; i < PER_KIND; i += 1) add(`How often did you feel this way (${i + 1})?`, { type: 'mc', choices: setId, multiple: false }, [CHOICES[i % CHOICES.length]]);
  for (let i = 0; i < PER_KIND; i += 1) add(`How strong is the feeling (${i + 1})?`, { type: 'slider', min: 0, max: 100, min_label: 'not at all', max_label: 'very' }, 17 + i * 13);
  for (let i = 0; i < PER_KIND; i += 1) add(`How many times (${i + 1})?`, { type: 'text', number_only: true }, String(3 + i));
  for (let i = 0; i < PER_KIND; i += 1) add(`What were you doing (${i + 1})?`, { type: 'text' }, `I was at home with my family, reading a book after dinner (${i + 1})`);
  return { questions, answers };
}

/** The study, its questionnaire and `count` participants who have joined and seen their tasks. */
export async function seedAnswerStudy(server: ServerProcess, count: number): Promise<AnswerStudy> {
  const seeded = await seedStudyOverHttp(server);
  const manager = seeded.manager;
  const created = must(
    await request<{ set: { _id: string } }>(server, 'POST', `/api/qx_list/${seeded.questionnaireId}/mc`, manager, { name: 'Frequency', choices: CHOICES.map((c) => ({ name: c, value: c })) }),
    201,
    'choice set',
  );
  const { questions, answers } = questionsAndAnswers(created.set._id);
  must(await request(server, 'PUT', `/api/qx_list/${seeded.questionnaireId}/edit`, manager, { chin_name: 'Check-in', abbrev: 'CHK', chin_content: questions }), 200, 'edit questionnaire');
  const study = must(await request<{ stage_list: { _id: string }[] }>(server, 'GET', `/api/studies/${seeded.studyId}`, manager), 200, 'study');
  const anytime: StudyEditBody = {
    stage_list: [{ _id: study.stage_list[0]._id, participant_group_list: [{ _id: seeded.groupId, no_submission_limit_list: [{ _id: seeded.questionnaireId, chin_name: 'Check-in', abbrev: 'CHK' }] }] }],
  };
  must(await request(server, 'PUT', `/api/studies/${seeded.studyId}/edit_except_consent`, manager, anytime), 200, 'group lists');

  const participants: AnswerStudy['participants'] = new Array(count);
  const join = async (i: number) => {
    const session = must(await request<AppSession>(server, 'POST', '/api/app/signup', undefined, { email: `answers-${i}@bench.test`, password: 'participant-pass-1' }), 201, 'sign-up');
    must(await request(server, 'POST', '/api/app/studies/join', session.token, { studyCode: seeded.studyCode }), 201, 'join');
    const tasks = must(await request<AppTasksAnswer>(server, 'GET', `/api/app/studies/${seeded.studyId}/tasks`, session.token), 200, 'tasks');
    participants[i] = { token: session.token, taskId: tasks.anytime[0]._id };
  };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) await join(i);
  };
  await Promise.all(Array.from({ length: SIGNUPS_AT_ONCE }, worker));
  return { studyId: seeded.studyId, questionnaireId: seeded.questionnaireId, participants, answers };
}
