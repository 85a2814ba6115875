// Study Progress: counts over the stored plan of one stage and group, summed by the database (GROUP BY), so
// the answer costs rows per participant (and per participant and day), never rows per task. The rules the
// counts follow are in src/shared/progress.ts.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/types';
import type { Db } from './db';

export interface ProgressPlace {
  studyId: string;
  stageId: string;
  groupId: string;
  /**
   * One pilot participation of the place, counted on its own clock; without it the place's real participations
   * only (pilot ones are left out, issue 20).
   */
  pilotParticipationId?: string;
}

/** The pilot participations of the place, each to be counted on its clock. */
export function listPilotParticipations(db: Db, place: ProgressPlace) {
  return db
    .selectFrom('participations as pa')
    .select(['pa.id', 'pa.pilot_offset_ms'])
    .where('pa.study_id', '=', place.studyId)
    .where('pa.current_stage_id', '=', place.stageId)
    .where('pa.current_group_id', '=', place.groupId)
    .where('pa.pilot_offset_ms', 'is not', null)
    .execute();
}

/**
 * One calendar day in a time zone, as the instants it spans: [starts, ends). Days are joined to prompts and
 * answers by these instants, which is how the counts get local days on SQLite, which knows no time zones.
 */
export interface ZoneDay {
  timezone: string;
  day: string;
  starts: string;
  ends: string;
}

type Count = number | string;

/** The group's participations with their current arrival (null until the participant loads the assessments). */
export function listProgressParticipants(db: Db, place: ProgressPlace) {
  return db
    .selectFrom('participations as pa')
    .innerJoin('participants as p', 'p.id', 'pa.participant_id')
    .leftJoin('enrolment_times as e', (join) => join.onRef('e.participation_id', '=', 'pa.id').onRef('e.assignment_num', '=', 'pa.assignment_num'))
    .select(['pa.id as participation_id', 'p.id as participant_id', 'p.participant_code', 'p.email', 'pa.status', 'e.start_datetime as arrived_at'])
    .where('pa.study_id', '=', place.studyId)
    .where('pa.current_stage_id', '=', place.stageId)
    .where('pa.current_group_id', '=', place.groupId)
    .where((eb) => (place.pilotParticipationId ? eb('pa.id', '=', place.pilotParticipationId) : eb('pa.pilot_offset_ms', 'is', null)))
    .execute();
}

/** Tasks of the current arrival of the group's participations. */
function currentTasks(db: Db, place: ProgressPlace) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('participations as pa', 'pa.id', 't.participation_id')
    .innerJoin('enrolment_times as e', (join) => join.onRef('e.id', '=', 't.enrolment_time_id').onRef('e.assignment_num', '=', 'pa.assignment_num'))
    .where('pa.study_id', '=', place.studyId)
    .where('pa.current_stage_id', '=', place.stageId)
    .where('pa.current_group_id', '=', place.groupId)
    .where((eb) => (place.pilotParticipationId ? eb('pa.id', '=', place.pilotParticipationId) : eb('pa.pilot_offset_ms', 'is', null)));
}

type PromptScope = ExpressionBuilder<Database & { t: Database['tasks']; s: Database['submissions'] }, 't' | 's'>;

/** Rows counted where the condition holds. */
function countWhere(eb: PromptScope, condition: Expression<SqlBool>) {
  return eb.fn.sum<Count>(eb.case().when(condition).then(1).else(0).end());
}

/** Prompts that reached the phone: the prompt or a reminder reported shown, or answered. */
function delivered(eb: PromptScope, column: 'delivered_at' | 'opened_at') {
  return eb.or([
    eb(`t.${column}`, 'is not', null),
    eb('s.id', 'is not', null),
    eb.exists(eb.selectFrom('tasks as r').select('r.id').whereRef('r.prompt_task_id', '=', 't.id').where(`r.${column}`, 'is not', null)),
  ]);
}

/**
 * A prompt whose outcome is known: answered, or its response window closed. Only these count in the rates, so a
 * prompt still open is neither missed nor unanswered.
 */
function settled(eb: PromptScope, now: string) {
  return eb.or([eb('s.id', 'is not', null), eb('t.status', '=', 'expired'), eb('t.window_closes_at', '<=', now)]);
}

/**
 * EMA prompts (not reminders, not cancelled) whose notification time has passed, each with its answer if any:
 * the plan's prompts, or (followups) the follow-up prompts answers planned, counted as their own kind.
 */
function duePrompts(db: Db, place: ProgressPlace, now: string, followups = false) {
  return currentTasks(db, place)
    .leftJoin('submissions as s', 's.exclusive_task_id', 't.id')
    .where('t.kind', '=', 'ema')
    .where('t.trigger_submission_id', followups ? 'is not' : 'is', null)
    .where('t.prompt_task_id', 'is', null)
    .where('t.status', '!=', 'cancelled')
    .where('t.notification_datetime', '<=', now);
}

/** Per participation: the prompts planned so far by what became of them, and those of the recent hours. */
export function countPrompts(db: Db, place: ProgressPlace, now: string, recentFrom: string, followups = false) {
  return duePrompts(db, place, now, followups)
    .select((eb) => {
      const unanswered = eb('s.id', 'is', null);
      const windowClosed = eb.or([eb('t.status', '=', 'expired'), eb('t.window_closes_at', '<=', now)]);
      const completed = eb.and([eb('s.id', 'is not', null), eb('s.late', '=', 0)]);
      const recent = eb('t.notification_datetime', '>', recentFrom);
      const closedDelivered = eb.and([settled(eb, now), delivered(eb, 'delivered_at')]);
      return [
        't.participation_id',
        eb.fn.countAll<Count>().as('planned'),
        countWhere(eb, delivered(eb, 'delivered_at')).as('delivered'),
        countWhere(eb, delivered(eb, 'opened_at')).as('opened'),
        countWhere(eb, completed).as('completed'),
        countWhere(eb, eb('s.late', '=', 1)).as('late'),
        countWhere(eb, eb.and([unanswered, windowClosed])).as('expired'),
        countWhere(eb, eb.and([unanswered, eb.not(windowClosed)])).as('open'),
        countWhere(eb, settled(eb, now)).as('closed'),
        countWhere(eb, closedDelivered).as('closed_delivered'),
        countWhere(eb, recent).as('recent_planned'),
        countWhere(eb, eb.and([recent, settled(eb, now)])).as('recent_closed'),
        countWhere(eb, eb.and([recent, closedDelivered])).as('recent_delivered'),
        countWhere(eb, eb.and([recent, completed])).as('recent_completed'),
      ];
    })
    .groupBy('t.participation_id')
    .execute();
}

/** The days as a table the queries can join: (values (zone, day, starts, ends), ...) as d. */
function daysTable(days: readonly ZoneDay[]) {
  const rows = days.map((d) => sql`(${d.timezone}, ${d.day}, ${d.starts}, ${d.ends})`);
  return sql<{ column1: string; column2: string; column3: string; column4: string }>`(values ${sql.join(rows)})`.as('d');
}

/** Per participation and local day: prompts planned so far, delivered and completed, closed and closed delivered. */
export function countPromptsByDay(db: Db, place: ProgressPlace, now: string, days: readonly ZoneDay[]) {
  return duePrompts(db, place, now)
    .innerJoin(daysTable(days), (join) =>
      join
        .onRef('d.column1', '=', 't.timezone')
        .onRef('t.notification_datetime', '>=', 'd.column3')
        .onRef('t.notification_datetime', '<', 'd.column4'),
    )
    .select((eb) => [
      't.participation_id',
      'd.column1 as timezone',
      'd.column2 as day',
      eb.fn.countAll<Count>().as('planned'),
      countWhere(eb, delivered(eb, 'delivered_at')).as('delivered'),
      countWhere(eb, eb.and([eb('s.id', 'is not', null), eb('s.late', '=', 0)])).as('completed'),
      countWhere(eb, settled(eb, now)).as('closed'),
      countWhere(eb, eb.and([settled(eb, now), delivered(eb, 'delivered_at')])).as('closed_delivered'),
    ])
    .groupBy(['t.participation_id', 'd.column1', 'd.column2'])
    .execute();
}

/**
 * Per diary task: the local days from its start on which an answer in time came (late answers, after the last
 * day, do not count), and the last such day. Cancelled tasks are listed too: their days done still count.
 */
export function countDiaryDays(db: Db, place: ProgressPlace, days: readonly ZoneDay[]) {
  return currentTasks(db, place)
    .where('t.kind', '=', 'diary')
    .leftJoin('submissions as s', (join) => join.onRef('s.task_id', '=', 't.id').on('s.late', '=', 0))
    .leftJoin(daysTable(days), (join) =>
      join
        .onRef('d.column1', '=', 't.timezone')
        .onRef('s.submitted_at', '>=', 'd.column3')
        .onRef('s.submitted_at', '<', 'd.column4')
        .onRef('d.column2', '>=', 't.diary_start_date'),
    )
    .select((eb) => [
      't.id',
      't.participation_id',
      't.status',
      't.diary_start_date',
      't.number_of_days',
      't.timezone',
      eb.fn.count<Count>('d.column2').distinct().as('days_done'),
      eb.fn.max('d.column2').as('last_day'),
    ])
    .groupBy(['t.id', 't.participation_id', 't.status', 't.diary_start_date', 't.number_of_days', 't.timezone'])
    .execute();
}

/** Per participation: one-time questionnaires planned (not cancelled, or answered) and answered. */
export function countOnceTasks(db: Db, place: ProgressPlace) {
  return currentTasks(db, place)
    .leftJoin('submissions as s', 's.exclusive_task_id', 't.id')
    .where('t.kind', '=', 'once')
    .where((eb) => eb.or([eb('t.status', '!=', 'cancelled'), eb('s.id', 'is not', null)]))
    .select((eb) => ['t.participation_id', eb.fn.countAll<Count>().as('total'), eb.fn.count<Count>('s.id').as('done')])
    .groupBy('t.participation_id')
    .execute();
}

/** The zones the group's EMA and diary tasks were planned in, with the earliest arrival and diary start in each. */
export function listProgressZones(db: Db, place: ProgressPlace) {
  return currentTasks(db, place)
    .where('t.kind', 'in', ['ema', 'diary'])
    .where('t.timezone', 'is not', null)
    .select((eb) => [
      't.timezone',
      eb.fn.min('e.start_datetime').as('first_arrival'),
      eb.fn.min('t.diary_start_date').as('first_diary'),
    ])
    .groupBy('t.timezone')
    .execute();
}
