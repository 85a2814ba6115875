// Participations whose plan has ended in the study's last stage (PARTICIPANTS.md step 6), found and marked
// completed in SQL when they are read, so that nothing has to run at the moment the plan ends.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf, type Db } from './db';
import { OPEN_STATUSES } from './tasks';
import { MAX_MINUTES } from '../../shared/limits';

/** Which participations a read looks at: a study's (the Participant List), one participant's, or one. */
export type ParticipationScope = { studyId: string } | { participantId: string } | { participationId: string };

/** A diary task's local "today" per time zone of the tasks looked at (the database knows no time zones). */
export type TodayByZone = ReadonlyMap<string, string>;

/** The participation's current arrival: its plan is for the stage and group it is in now. */
const currentArrival = sql`(select e.id from enrolment_times e
  where e.participation_id = participations.id and e.assignment_num = participations.assignment_num)`;

/** The tasks of the current arrival's plan; each check below adds its kind, read through the tasks' index. */
const currentPlanTasks = sql`tasks t where t.participation_id = participations.id and t.enrolment_time_id = ${currentArrival}`;

/** The last day of a diary task (start + days - 1) as YYYY-MM-DD. */
function diaryLastDay(db: Db): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`to_char(cast(t.diary_start_date as date) + (t.number_of_days - 1), 'YYYY-MM-DD')`
    : sql<string>`date(t.diary_start_date, '+' || (t.number_of_days - 1) || ' days')`;
}

/**
 * Today in the task's zone. A zone not in the map (a plan made between the two reads) reads as the earliest
 * possible date, so its diary counts as still running and nothing is completed on a guess.
 */
function todayOfTask(today: TodayByZone): RawBuilder<string> {
  if (today.size === 0) return sql<string>`'0000-01-01'`;
  const cases = [...today].map(([zone, date]) => sql`when ${zone} then ${date}`);
  return sql<string>`case t.timezone ${sql.join(cases, sql` `)} else '0000-01-01' end`;
}

/**
 * True for a participation whose plan has ended, apart from its diaries: enrolled, arrived in the study's last
 * stage, with a plan that has EMA, diary or one-time tasks (one of only anytime tasks has no end), every EMA
 * window closed and every one-time questionnaire answered. Follow-ups (issue 34 part 1) hold the end back like any
 * prompt (a one-time trigger answered last would otherwise end the plan and cancel the follow-up it just planned),
 * but do not give an end to a plan of only anytime tasks. They plan no further follow-up, so the wait is bounded.
 */
function planEndedButDiaries(now: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`participations.status = 'enrolled'
    and participations.arrive_assigned = 1
    and participations.current_stage_id =
      (select s.id from stages s where s.study_id = participations.study_id order by s.stage_num desc limit 1)
    and exists (select 1 from ${currentPlanTasks} and t.kind in ('ema', 'diary', 'once') and t.trigger_submission_id is null)
    and not exists (select 1 from ${currentPlanTasks} and t.kind = 'ema' and t.notification_datetime >= ${now})
    and not exists (select 1 from ${currentPlanTasks} and t.kind = 'ema' and t.notification_datetime > ${windowFrom(now)}
      and t.window_closes_at > ${now})
    and not exists (select 1 from ${currentPlanTasks} and t.kind = 'once'
      and not exists (select 1 from submissions sub where sub.exclusive_task_id = t.id))`;
}

/** ... and every diary period over: its last day is before today in its zone. */
function planEnded(db: Db, now: string, today: TodayByZone): RawBuilder<SqlBool> {
  return sql<SqlBool>`${planEndedButDiaries(now)}
    and not exists (select 1 from ${currentPlanTasks} and t.kind = 'diary' and t.status <> 'cancelled'
      and ${diaryLastDay(db)} >= ${todayOfTask(today)})`;
}

/**
 * The earliest prompt whose window can still be open: a window is at most MAX_MINUTES long (the settings' rule;
 * a plan leaves out settings that break it). Bounding the search by the prompt time lets the tasks' index
 * (participation, kind, notification time) find open windows without reading the whole plan.
 */
function windowFrom(now: string): string {
  return new Date(Date.parse(now) - MAX_MINUTES * 60_000).toISOString();
}

/**
 * A study's or a participant's participations are judged on the real clock, so pilot ones (on a clock of their
 * own) are left to the calls that name them one by one with their clock's now.
 */
function inScope(scope: ParticipationScope): RawBuilder<SqlBool> {
  if ('studyId' in scope) return sql<SqlBool>`participations.study_id = ${scope.studyId} and participations.pilot_offset_ms is null`;
  if ('participantId' in scope) return sql<SqlBool>`participations.participant_id = ${scope.participantId} and participations.pilot_offset_ms is null`;
  return sql<SqlBool>`participations.id = ${scope.participationId}`;
}

/** Ids per statement when asking about many participations (well inside both databases' parameter limits). */
const ID_BATCH = 1000;

/**
 * The time zones of the diary tasks of the participations in scope whose plan has ended but for their diaries:
 * only they need "today" in a zone, and usually there are none, so the list reads no diary tasks at all.
 */
export async function diaryZonesToCheck(db: Db, scope: ParticipationScope, now: string): Promise<string[] | null> {
  const candidates = await db.selectFrom('participations').select('id').where(inScope(scope)).where(planEndedButDiaries(now)).execute();
  if (candidates.length === 0) return null;
  const zones = new Set<string>();
  for (let i = 0; i < candidates.length; i += ID_BATCH) {
    const ids = candidates.slice(i, i + ID_BATCH).map((c) => c.id);
    const rows = await db.selectFrom('tasks').select('timezone').distinct().where('participation_id', 'in', ids).where('kind', '=', 'diary').execute();
    for (const r of rows) if (r.timezone) zones.add(r.timezone);
  }
  return [...zones];
}

/**
 * Marks completed the participations in scope whose plan has ended, at `now`, and cancels their anytime tasks
 * (open for the whole stage, which is over). The search is a read; only when it finds some does anything write,
 * and the write checks the same conditions again, so a participant assigned elsewhere meanwhile stays as is.
 * Answers how many were marked.
 */
/** A participation the end of its plan has just completed. */
export interface CompletedParticipation {
  id: string;
  participant_id: string;
  study_id: string;
}

/**
 * `recordCompleted` runs last in the transaction that completed them (the audit trail's entries go in with the
 * change or not at all).
 */
export async function completeEndedPlans(
  db: Db,
  scope: ParticipationScope,
  now: string,
  today: TodayByZone,
  recordCompleted: (trx: Db, completed: CompletedParticipation[]) => Promise<void>,
): Promise<number> {
  const found = await db.selectFrom('participations').select('id').where(inScope(scope)).where(planEnded(db, now, today)).limit(1).execute();
  if (found.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('participations')
      .set({ status: 'completed', completed_at: now })
      .where(inScope(scope))
      .where(planEnded(trx, now, today))
      .returning(['id', 'participant_id', 'study_id'])
      .execute();
    // Every completed participation's anytime tasks and pending follow-ups end (an expired one stays expired).
    await trx
      .updateTable('tasks')
      .set({ status: 'cancelled', cancelled_at: now })
      .where((eb) => eb.or([eb('kind', '=', 'anytime'), eb.and([eb('trigger_submission_id', 'is not', null), eb('window_closes_at', '>', now)])]))
      .where('status', 'in', OPEN_STATUSES)
      .where('participation_id', 'in', (eb) =>
        eb.selectFrom('participations').select('participations.id').where(inScope(scope)).where('participations.status', '=', 'completed'),
      )
      .execute();
    if (marked.length > 0) await recordCompleted(trx, marked);
    return marked.length;
  });
}
