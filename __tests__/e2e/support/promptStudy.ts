// The journeys of how a prompt reaches the phone (promptEmail.test.ts, pushFallback.test.ts): an active study that
// prompts once a day from tomorrow, seeded through the API; participants who consented and have the plan, their
// first prompt moved due a few seconds from now (support/plan.ts); and what the server recorded in its own SQLite
// file: the prompt's delivery ledger and the participant's push subscriptions.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { makeQuestion } from '../../../src/shared/questionnaire/operations';
import { newEmaSetting } from '../../../src/shared/study/assessmentSettings';
import type { Questionnaire } from '../../../src/shared/questionnaire/types';
import type { CreateParticipantAnswer } from '../../../src/shared/types/participant';
import type { AppSession, AppTasksAnswer } from '../../../src/shared/types/participantApp';
import type { Study } from '../../../src/shared/types/study';
import { seedLab, uniqueEmail } from './api';
import { markActive, movePlanBack } from './plan';
import type { Product } from './product';

export const PROMPT_STUDY = {
  name: 'Mood Prompts',
  questionnaire: { chin_name: 'Mood Now', abbrev: 'MOOD' },
  question: 'How do you feel right now?',
  zone: 'Asia/Hong_Kong',
} as const;

export const PARTICIPANT_PASSWORD = 'participant-pass-1';

export interface PromptStudy {
  study: Study;
  manager: { email: string; password: string };
  /** The manager's API token. */
  token: string;
}

export interface PromptedParticipant {
  email: string;
  code: string;
  /** The participant's app session token. */
  appToken: string;
  /** Their first prompt (not a reminder), still ahead in the plan. */
  promptId: string;
  plannedAt: number;
}

/** An active study whose stage 1, group 1 prompts once a day at 09:00 (Hong Kong) for two days from tomorrow. */
export async function seedPromptStudy(product: Product): Promise<PromptStudy> {
  const { api } = product;
  const { manager, managerPassword } = await seedLab(api);
  const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
  const { name, questionnaire } = PROMPT_STUDY;
  const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: name } });
  await api.call('PUT', `/api/studies/${study._id}/edit_basic`, { token, body: { chin_name: name, contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' } });
  const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: questionnaire });
  const question = { ...makeQuestion('q1', 'r1'), question_num: '1', html_question: `<p>${PROMPT_STUDY.question}</p>` };
  await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { ...created, chin_content: [question] } });
  const stage = study.stage_list[0];
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: {
      stage_list: [
        {
          _id: stage._id,
          participant_group_list: [
            {
              _id: stage.participant_group_list[0]._id,
              ema_list: [
                {
                  ...newEmaSetting(PROMPT_STUDY.zone),
                  questionnaire_list: [{ _id: created._id, ...questionnaire }],
                  time_list: ['09:00'],
                  number_of_days: 2,
                  day_one_eq_same_day: false,
                },
              ],
            },
          ],
        },
      ],
    },
  });
  markActive(product.server.dataDir, study._id);
  return { study, manager: { email: manager.email, password: managerPassword }, token };
}

/** A participant created by the manager, signed in to the app's API and consented, with their plan's first prompt. */
export async function enrolPrompted(product: Product, seeded: PromptStudy, label: string): Promise<PromptedParticipant> {
  const { api } = product;
  const { study, token } = seeded;
  const email = uniqueEmail(label);
  const { participant } = await api.call<CreateParticipantAnswer>('POST', `/api/participants/${study._id}/create`, {
    token,
    body: { studyId: study._id, email, password: PARTICIPANT_PASSWORD, confirmPassword: PARTICIPANT_PASSWORD },
  });
  const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password: PARTICIPANT_PASSWORD } });
  // Agreeing is refused when the study asks for no consent; either way the participant is enrolled.
  await api.call('POST', `/api/app/studies/${study._id}/consent`, { token: session.token, body: { agree: true } }).catch(() => undefined);
  const planned = await api.call<AppTasksAnswer>('GET', `/api/app/studies/${study._id}/tasks`, { token: session.token });
  const [prompt] = planned.ema.filter((t) => !t.reminder).sort((a, b) => a.notification_datetime.localeCompare(b.notification_datetime));
  if (!prompt || Date.parse(prompt.notification_datetime) <= Date.now()) throw new Error(`No prompt ahead in the plan: ${JSON.stringify(planned.ema)}`);
  return { email, code: participant.participant_code, appToken: session.token, promptId: prompt._id, plannedAt: Date.parse(prompt.notification_datetime) };
}

/** Reads the server's own SQLite file (read-only), waiting for its writers as they wait for each other. */
function readServerDb<T>(product: Product, read: (db: SQLite.Database) => T): T {
  const db = new SQLite(path.join(product.server.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

/** A prompt's delivery as the server recorded it (the delivery ledger, migration 0016). */
export interface Ledger {
  notification_datetime: string;
  sent_at: string | null;
  delivery_channel: string | null;
  push_result: string | null;
  received_at: string | null;
  email_due_at: string | null;
  email_result: string | null;
  email_done_at: string | null;
}

export function ledgerOf(product: Product, taskId: string): Ledger {
  return readServerDb(product, (db) =>
    db
      .prepare('select notification_datetime, sent_at, delivery_channel, push_result, received_at, email_due_at, email_result, email_done_at from tasks where id = ?')
      .get(taskId) as Ledger,
  );
}

/** The ledger once `done` holds of it, or as it is after `timeoutMs` (the caller's expectation then says what is missing). */
export async function ledgerWhen(product: Product, taskId: string, done: (ledger: Ledger) => boolean, timeoutMs = 10_000): Promise<Ledger> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const ledger = ledgerOf(product, taskId);
    if (done(ledger) || Date.now() > end) return ledger;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Moves the participant's plan so that their first prompt is due `leadMs` from now; answers its moment (ms). */
export function promptDueIn(product: Product, participant: PromptedParticipant, leadMs: number): number {
  movePlanBack(product.server.dataDir, participant.email, (participant.plannedAt - Date.now() - leadMs) / 3_600_000);
  return Date.parse(ledgerOf(product, participant.promptId).notification_datetime);
}

/** The push subscriptions the server holds for the participant. */
export function subscriptionCount(product: Product, email: string): number {
  return readServerDb(product, (db) => {
    const row = db.prepare('select count(*) as n from push_subscriptions s join participants p on p.id = s.participant_id where p.email = ?').get(email.toLowerCase()) as { n: number };
    return row.n;
  });
}
