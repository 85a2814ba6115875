// What the answer page's and the outbox's tests share: a fresh IndexedDB (fake-indexeddb) per test, the
// questionnaire they answer, and crypto.randomUUID where jsdom lacks it.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import { RESPONSE_CHECKS } from '../../src/shared/questionnaire/rules';
import type { Question, ResponseItem, ResponseValidation } from '../../src/shared/questionnaire/types';
import type { AppQuestionnaire } from '../../src/shared/types/participantApp';
import { forgetAppDb } from '../../src/participant/queue/outboxDb';

export function freshIndexedDb(): void {
  Object.assign(globalThis, { indexedDB: new IDBFactory() });
  if (typeof crypto.randomUUID !== 'function') Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
  forgetAppDb();
}

const validation = (changes: Partial<ResponseValidation>): ResponseValidation => ({ required: false, regex_string: '', identical_to_prev_question: false, earlier: null, ...changes });

function question(qpos: number, num: string, response: Partial<ResponseItem>): Question {
  return { ...makeQuestion(`q${qpos}`, `r${qpos}`), question_num: num, position: qpos, html_question: `<p>Question text ${num}</p>`, other_info: [{ ...makeResponse(`r${qpos}`, 'text'), position: 0, ...response }] };
}

/** Email (required), eight digits, the same again, mood (mc, required). */
export function checkedQuestionnaire(): AppQuestionnaire {
  return {
    _id: 'q-bg',
    chin_name: 'Background',
    abbrev: 'BG',
    createdAt: '2026-11-01T00:00:00.000Z',
    user: null,
    chin_content: [
      question(0, '1', { validation: validation({ required: true, regex_string: RESPONSE_CHECKS.email }) }),
      question(1, '2', { number_only: true, validation: validation({ regex_string: RESPONSE_CHECKS.eightDigits }) }),
      question(2, '3', { validation: validation({ identical_to_prev_question: true }) }),
      question(3, '4', { ...makeResponse('r3', 'mc'), position: 0, choices: 'set-mood', validation: validation({ required: true }) }),
    ],
    shuffle_runs: [],
    mc_sets: [
      {
        _id: 'set-mood',
        name: 'Mood',
        questionnaire: 'q-bg',
        choices: [
          { name: 'Happy', value: 'happy', position: 0 },
          { name: 'Sad', value: 'sad', position: 1 },
        ],
      },
    ],
    media: { urls: {}, expiresAt: '2026-12-01T00:00:00.000Z' },
    earlier_answers: {},
  };
}
