// Questionnaires and sets as the server answers them, built with the shared operations' own makers.
import { makeQuestion, makeResponse } from '../../../../src/shared/questionnaire/operations';
import type {
  MultipleChoiceSet,
  Question,
  Questionnaire,
  QuestionnaireSummary,
  ResponseItem,
  ResponseType,
} from '../../../../src/shared/questionnaire/types';
import { managerSession } from '../../support/fixtures';
import { signedIn } from '../../testUtils';

export const asManager = { auth: signedIn({ labUser: managerSession() }) };

export function response(id: string, type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(id, type), ...changes };
}

/** A question at its position, numbered, with the given responses (one text response by default). */
export function question(id: string, num: string, responses: ResponseItem[] = [response(`${id}-r0`, 'text')], changes: Partial<Question> = {}): Question {
  return { ...makeQuestion(id, `${id}-r0`), question_num: num, html_question: `<p>Text of ${num || id}</p>`, other_info: responses.map((r, j) => ({ ...r, position: j })), ...changes };
}

export function positioned(questions: Question[]): Question[] {
  return questions.map((q, i) => ({ ...q, position: i }));
}

export const moodSet: MultipleChoiceSet = {
  _id: 'set1',
  name: 'Mood',
  questionnaire: 'qx1',
  choices: [
    { name: 'Happy', value: 'happy', position: 0 },
    { name: 'Sad', value: 'sad', position: 1 },
  ],
};

export function questionnaire(chin_content: Question[] = [], changes: Partial<Questionnaire> = {}): Questionnaire {
  return {
    _id: 'qx1',
    chin_name: 'Sleep Diary',
    abbrev: 'SD1',
    createdAt: '2024-05-02T08:00:00.000Z',
    user: { _id: 'm1', email: 'manager@example.org' },
    scores: [],
    shuffle_runs: [],
    chin_content: positioned(chin_content),
    ...changes,
  };
}

export function summary(id: string, name: string, code: string, email: string | null = 'manager@example.org'): QuestionnaireSummary {
  return { _id: id, chin_name: name, abbrev: code, createdAt: '2024-05-02T08:00:00.000Z', user: email ? { _id: 'm1', email } : null };
}
