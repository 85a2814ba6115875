// Many EMA prompts made due at one moment, for the push sender's load: participants of a study written straight
// into the database (as the server writes them: an account, an enrolled participation with its arrival, one EMA
// prompt each and, for those given one, a push subscription at the test push service), then every prompt's moment
// set to "now" in one statement, or spread over a span. Used by the reliability tests of two server processes and
// by the push and reach benchmarks (bench/push.ts, bench/reach.ts).
// The tally counts what the push service received per task, so that a loss or a duplicate shows.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/types';
import type { PushPayload } from '../../../src/shared/push';
import type { BrowserSubscription, PushService, ReceivedPush } from './pushService';

const id = () => randomBytes(16).toString('hex');
/** Rows per insert: well under SQLite's and PostgreSQL's limits on parameters (tasks have 22 columns). */
const CHUNK = 400;

export interface PromptStudy {
  studyId: string;
  stageId: string;
  groupId: string;
  questionnaireId: string;
}

export interface SeededPrompts {
  taskIds: string[];
  /** Each participant's address, by task (the address a prompt email goes to). */
  emails: Map<string, string>;
  /** Makes every prompt due now, its window open for `openMs`; answers the moment (ms). */
  makeDue(openMs: number): Promise<number>;
  /**
   * Spreads the prompts' moments over `spanMs` from `startAt` (ms), a step a second in the order of the
   * subscriptions given, each window open for `openMs`; answers each task's moment (ms).
   */
  spreadDue(startAt: number, spanMs: number, openMs: number): Promise<Map<string, number>>;
}

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * One participant per subscription, each with one EMA prompt in the study's first stage and group, not yet due;
 * a null subscription: a participant without push (the prompt is for the email sender).
 */
export async function seedPrompts(db: Kysely<Database>, study: PromptStudy, subscriptions: readonly (BrowserSubscription | null)[]): Promise<SeededPrompts> {
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 24 * 3_600_000).toISOString();
  const versionId = `load-${id()}`;
  await db
    .insertInto('questionnaire_versions')
    .values({ id: versionId, questionnaire_id: study.questionnaireId, chin_name: 'Check-in', abbrev: 'CHK', content: '[]', mc_sets: '[]', created_at: now })
    .execute();
  const people = subscriptions.map((subscription, i) => ({
    subscription,
    participantId: id(),
    participationId: id(),
    arrivalId: id(),
    taskId: id(),
    code: `L${String(i).padStart(7, '0')}`,
  }));
  await inChunks(people, (chunk) =>
    db.insertInto('participants').values(chunk.map((p) => ({ id: p.participantId, participant_code: p.code, email: `${p.code.toLowerCase()}@load.test`, password_hash: 'not-a-hash', created_by: null, created_at: now }))).execute(),
  );
  await inChunks(people, (chunk) =>
    db
      .insertInto('participations')
      .values(chunk.map((p) => ({
        id: p.participationId, participant_id: p.participantId, study_id: study.studyId, status: 'enrolled', current_stage_id: study.stageId, current_group_id: study.groupId,
        arrive_assigned: 1, assignment_num: 1, assigned_at: now, joined_at: now, consent_text: null, consented_at: null, withdrawn_at: null, completed_at: null,
      })))
      .execute(),
  );
  await inChunks(people, (chunk) =>
    db
      .insertInto('enrolment_times')
      .values(chunk.map((p) => ({ id: p.arrivalId, participation_id: p.participationId, assignment_num: 1, stage_id: study.stageId, group_id: study.groupId, start_datetime: now, plan_seed: 'load' })))
      .execute(),
  );
  await inChunks(people, (chunk) =>
    db
      .insertInto('tasks')
      .values(chunk.map((p) => ({
        id: p.taskId, participation_id: p.participationId, enrolment_time_id: p.arrivalId, study_id: study.studyId, stage_id: study.stageId, group_id: study.groupId,
        kind: 'ema', questionnaire_id: study.questionnaireId, questionnaire_version_id: versionId, setting_index: 0, prompt_task_id: null,
        notification_datetime: later, timezone: 'Asia/Hong_Kong', reminder: 0, window_closes_at: later, diary_start_date: null, number_of_days: null,
        status: 'planned', delivered_at: null, opened_at: null, completed_at: null, cancelled_at: null, delivered_received_at: null, opened_received_at: null,
      })))
      .execute(),
  );
  const subscribed = people.flatMap((p) => (p.subscription ? [{ ...p, subscription: p.subscription }] : []));
  await inChunks(subscribed, (chunk) =>
    db
      .insertInto('push_subscriptions')
      .values(chunk.map((p) => ({ id: id(), participant_id: p.participantId, endpoint: p.subscription.body.endpoint, p256dh: p.subscription.body.keys.p256dh, auth: p.subscription.body.keys.auth, created_at: now, updated_at: now })))
      .execute(),
  );
  const taskIds = people.map((p) => p.taskId);
  return {
    taskIds,
    emails: new Map(people.map((p) => [p.taskId, `${p.code.toLowerCase()}@load.test`])),
    async makeDue(openMs) {
      const at = Date.now();
      await db
        .updateTable('tasks')
        .set({ notification_datetime: new Date(at).toISOString(), window_closes_at: new Date(at + openMs).toISOString() })
        .where('questionnaire_version_id', '=', versionId)
        .execute();
      return at;
    },
    async spreadDue(startAt, spanMs, openMs) {
      const steps = Math.max(1, Math.floor(spanMs / 1000));
      const perStep = Math.ceil(taskIds.length / steps);
      const moments = new Map<string, number>();
      for (let step = 0; step * perStep < taskIds.length; step += 1) {
        const ids = taskIds.slice(step * perStep, (step + 1) * perStep);
        const at = startAt + step * 1000;
        await db.updateTable('tasks').set({ notification_datetime: new Date(at).toISOString(), window_closes_at: new Date(at + openMs).toISOString() }).where('id', 'in', ids).execute();
        for (const taskId of ids) moments.set(taskId, at);
      }
      return moments;
    },
  };
}

/** What a push service received per task: each task's count, pushes that could not be read, and when the last new task arrived. */
export class PushTally {
  readonly counts = new Map<string, number>();
  unreadable = 0;
  /** Pushes to a path no subscription of the tally has. */
  strangers = 0;
  lastNewAt = 0;
  /** When each task's first push arrived (ms). */
  readonly firstAt = new Map<string, number>();
  /** Called with each task at its first push (the reach benchmark reports it received, as a phone would). */
  onFirst?: (taskId: string) => void;
  private readonly byPath = new Map<string, BrowserSubscription>();
  private readonly waiting: { count: number; resolve: () => void }[] = [];

  /** The subscriptions whose pushes count. */
  watch(subscriptions: readonly BrowserSubscription[]): void {
    for (const s of subscriptions) this.byPath.set(s.path, s);
  }

  /** Give this to startPushService. */
  readonly onPush = (push: ReceivedPush): void => {
    const subscription = this.byPath.get(push.path);
    if (!subscription || push.status >= 300) {
      this.strangers += 1;
      return;
    }
    let taskId: string;
    try {
      taskId = (subscription.read(push.body) as PushPayload).taskId;
    } catch {
      this.unreadable += 1;
      return;
    }
    const seen = this.counts.get(taskId) ?? 0;
    this.counts.set(taskId, seen + 1);
    if (seen === 0) {
      this.lastNewAt = Date.now();
      this.firstAt.set(taskId, this.lastNewAt);
      this.onFirst?.(taskId);
      for (const w of this.waiting.splice(0)) {
        if (this.counts.size >= w.count) w.resolve();
        else this.waiting.push(w);
      }
    }
  };

  /** Resolves once `count` different tasks have arrived, or after `timeoutMs` (answers whether they all did). */
  until(count: number, timeoutMs: number): Promise<boolean> {
    if (this.counts.size >= count) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiting.push({ count, resolve: () => { clearTimeout(timer); resolve(true); } });
    });
  }

  /** Of the tasks expected: how many never arrived, and how many arrivals were more than the first. */
  check(taskIds: readonly string[]): { lost: number; duplicates: number; unexpected: number } {
    const expected = new Set(taskIds);
    let lost = 0;
    let duplicates = 0;
    for (const taskId of taskIds) {
      const n = this.counts.get(taskId) ?? 0;
      if (n === 0) lost += 1;
      else duplicates += n - 1;
    }
    const unexpected = [...this.counts.keys()].filter((t) => !expected.has(t)).length;
    return { lost, duplicates, unexpected };
  }

  reset(): void {
    this.counts.clear();
    this.firstAt.clear();
    this.unreadable = 0;
    this.strangers = 0;
    this.lastNewAt = 0;
  }
}

/**
 * Waits until the senders are done with every task (each pushed, or given up) and the push service has no push
 * left to answer: any duplicate has arrived by then. Throws after `timeoutMs`.
 */
export async function pushesSettled(db: Kysely<Database>, taskIds: readonly string[], service: PushService, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const open = await db.selectFrom('tasks').select(({ fn }) => fn.countAll<number>().as('n')).where('id', 'in', taskIds).where('push_done_at', 'is', null).executeTakeFirstOrThrow();
    if (Number(open.n) === 0 && service.inFlight === 0) return;
    if (Date.now() > end) throw new Error(`Waited ${timeoutMs} ms for the senders to be done: ${open.n} tasks open, ${service.inFlight} pushes unanswered`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
