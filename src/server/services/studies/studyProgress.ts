// Study Progress of one stage and group (issue 7): per participant, the prompts planned so far and what became
// of them, the diary days and one-time questionnaires; per day of the study, the group's delivery and
// response rates. The database sums; this module only names the days, divides and sorts.
import { DateTime } from 'luxon';
import type { StudyRow } from '../../db/types';
import type { ParticipationStatus } from '../../../shared/types/participant';
import type { ParticipantProgress, PromptCounts, StudyDayProgress, StudyProgressAnswer, StudyProgressBody } from '../../../shared/types/progress';
import { compareLeastCompliant, progressFlag, promptRates, rate, RECENT_HOURS } from '../../../shared/progress';
import { studyMessages } from '../../../shared/messages';
import type { Db } from '../../repositories/db';
import { findPlace, listPlaces } from '../../repositories/participants';
import {
  countDiaryDays,
  countOnceTasks,
  countPrompts,
  countPromptsByDay,
  listPilotParticipations,
  listProgressParticipants,
  listProgressZones,
  type ProgressPlace,
  type ZoneDay,
} from '../../repositories/progress';
import { notFound } from '../../httpErrors';
import { diaryDaysLeft, localDate } from '../plan/diaryDays';
import { nowIso } from '../../ids';
import { offsetOf } from '../pilot/clock';

/** At most this many days back from today are named per zone (ten years): older answers are not counted. */
const MAX_DAYS = 3660;
const DAY_MS = 86_400_000;

const int = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

export function zoneIsKnown(timezone: string): boolean {
  return DateTime.now().setZone(timezone).isValid;
}

type CountRow = Awaited<ReturnType<typeof countPrompts>>[number];

/** A participant's prompts of one kind by what became of them. */
function promptCounts(c: CountRow | undefined): PromptCounts {
  return {
    planned: int(c?.planned),
    delivered: int(c?.delivered),
    opened: int(c?.opened),
    completed: int(c?.completed),
    late: int(c?.late),
    expired: int(c?.expired),
    open: int(c?.open),
    closed: int(c?.closed),
    closedDelivered: int(c?.closed_delivered),
  };
}

/** Every local day of a zone from `from` to today, with the instants each spans. */
function zoneDays(timezone: string, from: string, now: string): ZoneDay[] {
  const today = DateTime.fromISO(localDate(now, timezone), { zone: timezone });
  let day = DateTime.fromISO(from, { zone: timezone });
  if (!day.isValid || today.diff(day, 'days').days > MAX_DAYS) day = today.minus({ days: MAX_DAYS });
  const days: ZoneDay[] = [];
  for (; day <= today; day = day.plus({ days: 1 })) {
    const next = day.plus({ days: 1 });
    days.push({ timezone, day: day.toISODate() ?? '', starts: day.toJSDate().toISOString(), ends: next.toJSDate().toISOString() });
  }
  return days;
}

/** The days the counts need: from the earliest arrival (or earlier diary start) to today, in each zone. */
async function daysToName(db: Db, place: ProgressPlace, now: string): Promise<ZoneDay[]> {
  const zones = await listProgressZones(db, place);
  return zones.flatMap(({ timezone, first_arrival, first_diary }) => {
    if (!timezone || !first_arrival || !zoneIsKnown(timezone)) return [];
    const arrivalDay = localDate(first_arrival, timezone);
    const from = first_diary && first_diary < arrivalDay ? first_diary : arrivalDay;
    return zoneDays(timezone, from, now);
  });
}

/** The stage and group must be the study's; either missing answers 404. */
export async function findProgressPlace(db: Db, study: StudyRow, body: StudyProgressBody): Promise<ProgressPlace> {
  const place = await findPlace(db, study.id, body.stageId, body.groupId);
  if (place) return { studyId: study.id, stageId: place.stage_id, groupId: place.group_id };
  const stageKnown = (await listPlaces(db, study.id)).some((p) => p.stage_id === body.stageId);
  throw notFound(stageKnown ? studyMessages.groupNotFound : studyMessages.stageNotFound);
}

/** Day 1 is the arrival day, in the zone the prompt was planned in. */
export function studyDay(day: string, arrivedAt: string, timezone: string): number {
  return Math.round((Date.parse(day) - Date.parse(localDate(arrivedAt, timezone))) / DAY_MS) + 1;
}

/**
 * The place's progress: its real participations on the real clock and, when asked (`includePilot`), each pilot
 * participation on its own clock (issue 20). Pilot data is left out unless asked.
 */
export async function studyProgress(db: Db, place: ProgressPlace, now = nowIso(), includePilot = false): Promise<StudyProgressAnswer> {
  const parts = [await progressOf(db, place, now)];
  if (includePilot) {
    for (const pilot of await listPilotParticipations(db, place)) {
      const pilotNow = new Date(Date.parse(now) + offsetOf(pilot)).toISOString();
      parts.push(await progressOf(db, { ...place, pilotParticipationId: pilot.id }, pilotNow));
    }
  }
  const rows = parts.flatMap((part) => part.rows);
  rows.sort(compareLeastCompliant);
  const arrivals = new Map(parts.flatMap((part) => [...part.arrivals]));
  return { asOf: now, participants: rows, days: groupDays(parts.flatMap((part) => part.byDay), arrivals) };
}

/** One clock's participations of the place: their rows, their counts by local day and their arrivals. */
async function progressOf(db: Db, place: ProgressPlace, now: string) {
  const recentFrom = new Date(Date.parse(now) - RECENT_HOURS * 3_600_000).toISOString();
  const [participants, days] = await Promise.all([listProgressParticipants(db, place), daysToName(db, place, now)]);
  const [prompts, byDay, diary, once, followups] = await Promise.all([
    countPrompts(db, place, now, recentFrom),
    days.length ? countPromptsByDay(db, place, now, days) : Promise.resolve([]),
    days.length ? countDiaryDays(db, place, days) : Promise.resolve([]),
    countOnceTasks(db, place),
    countPrompts(db, place, now, recentFrom, true),
  ]);

  const promptsOf = new Map(prompts.map((p) => [p.participation_id, p]));
  const followupsOf = new Map(followups.map((p) => [p.participation_id, p]));
  const onceOf = new Map(once.map((o) => [o.participation_id, o]));
  const diaryOf = new Map<string, { daysDone: number; daysLeft: number }>();
  for (const task of diary) {
    const sums = diaryOf.get(task.participation_id) ?? { daysDone: 0, daysLeft: 0 };
    sums.daysDone += int(task.days_done);
    if (task.status !== 'cancelled' && task.diary_start_date && task.number_of_days && task.timezone && zoneIsKnown(task.timezone)) {
      const span = { diary_start_date: task.diary_start_date, number_of_days: task.number_of_days, timezone: task.timezone };
      // Days left count from today, so only today's answer matters: the last day answered tells whether there is one.
      const answeredToday = task.last_day === localDate(now, task.timezone);
      sums.daysLeft += diaryDaysLeft(span, answeredToday ? [now] : [], now);
    }
    diaryOf.set(task.participation_id, sums);
  }

  const rows: ParticipantProgress[] = participants.map((p) => {
    const c = promptsOf.get(p.participation_id);
    const counts = promptCounts(c);
    const followupCounts = promptCounts(followupsOf.get(p.participation_id));
    const recentCompleted = int(c?.recent_completed);
    const recentDelivered = int(c?.recent_delivered);
    const recent = {
      planned: int(c?.recent_planned),
      closed: int(c?.recent_closed),
      delivered: recentDelivered,
      completed: recentCompleted,
      response: rate(recentCompleted, recentDelivered),
    };
    const o = onceOf.get(p.participation_id);
    return {
      _id: p.participant_id,
      participant_code: p.participant_code,
      email: p.email,
      status: p.status as ParticipationStatus,
      arrived_at: p.arrived_at,
      prompts: counts,
      rates: promptRates(counts),
      recent,
      flag: progressFlag(recent),
      diary: diaryOf.get(p.participation_id) ?? { daysDone: 0, daysLeft: 0 },
      once: { done: int(o?.done), total: int(o?.total) },
      followups: followupCounts,
      followupRates: promptRates(followupCounts),
    };
  });
  return { rows, byDay, arrivals: new Map(participants.map((p) => [p.participation_id, p.arrived_at])) };
}

/** A day's rates, over its closed prompts as the participants' are. */
function promptRatesOfDay(s: { completed: number; closed: number; closedDelivered: number }) {
  const { delivery, response } = promptRates(s);
  return { delivery, response };
}

/** The group's series: each participant's local days turned into days of the study, then summed. */
function groupDays(
  byDay: readonly {
    participation_id: string;
    timezone: string;
    day: string;
    planned: number | string;
    delivered: number | string;
    completed: number | string;
    closed: number | string;
    closed_delivered: number | string;
  }[],
  arrivals: Map<string, string | null>,
): StudyDayProgress[] {
  type DaySums = { planned: number; delivered: number; completed: number; closed: number; closedDelivered: number; participants: Set<string> };
  const sums = new Map<number, DaySums>();
  for (const row of byDay) {
    const arrivedAt = arrivals.get(row.participation_id);
    if (!arrivedAt) continue;
    const day = studyDay(row.day, arrivedAt, row.timezone);
    const sum = sums.get(day) ?? { planned: 0, delivered: 0, completed: 0, closed: 0, closedDelivered: 0, participants: new Set<string>() };
    sum.planned += int(row.planned);
    sum.delivered += int(row.delivered);
    sum.completed += int(row.completed);
    sum.closed += int(row.closed);
    sum.closedDelivered += int(row.closed_delivered);
    sum.participants.add(row.participation_id);
    sums.set(day, sum);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, s]) => ({
      day,
      participants: s.participants.size,
      planned: s.planned,
      delivered: s.delivered,
      completed: s.completed,
      closed: s.closed,
      closedDelivered: s.closedDelivered,
      ...promptRatesOfDay(s),
    }));
}
