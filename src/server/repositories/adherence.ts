// What the adherence alerts read (services/alerts): each enrolled, non-pilot participation's last closed EMA
// prompts with whether each was answered in its window, and the latest sign of the participant's app; and the
// digests' once-a-day rows (migration 0020).
import { sql } from 'kysely';
import type { Db } from './db';
import { isUniqueViolation } from './uniqueViolation';

export interface JudgedParticipation {
  participation_id: string;
  participant_id: string;
  participant_code: string;
  email: string;
  joined_at: string;
}

export function listJudgedParticipations(db: Db, studyId: string): Promise<JudgedParticipation[]> {
  return db
    .selectFrom('participations as pa')
    .innerJoin('participants as p', 'p.id', 'pa.participant_id')
    .select(['pa.id as participation_id', 'p.id as participant_id', 'p.participant_code', 'p.email', 'pa.joined_at'])
    .where('pa.study_id', '=', studyId)
    .where('pa.status', '=', 'enrolled')
    .where('pa.pilot_offset_ms', 'is', null)
    .orderBy('p.participant_code')
    .execute();
}

export interface ClosedPrompt {
  participation_id: string;
  answered: number | string;
}

/**
 * Per participation of the study, its last `limit` closed EMA prompts (newest first), each with whether it was
 * answered in its window. A window function numbers them per participation (SQLite and PostgreSQL both have it).
 */
export async function lastClosedPrompts(db: Db, studyId: string, now: string, limit: number): Promise<ClosedPrompt[]> {
  const result = await sql<ClosedPrompt>`
    select participation_id, answered from (
      select t.participation_id as participation_id,
        case when s.id is not null and s.late = 0 then 1 else 0 end as answered,
        row_number() over (partition by t.participation_id order by t.notification_datetime desc, t.id desc) as n
      from tasks t
      join participations pa on pa.id = t.participation_id
      left join submissions s on s.exclusive_task_id = t.id
      where t.study_id = ${studyId} and pa.status = 'enrolled' and pa.pilot_offset_ms is null
        and t.kind = 'ema' and t.prompt_task_id is null and t.status <> 'cancelled'
        and t.notification_datetime <= ${now}
        and (s.id is not null or t.status = 'expired' or t.window_closes_at <= ${now})
    ) ranked where n <= ${limit}`.execute(db);
  return result.rows;
}

export interface LastSeen {
  participation_id: string;
  seen_at: string | null;
}

/** Per participation of the study: the latest report of its app (a prompt shown or opened, an answer received). */
export async function lastAppReports(db: Db, studyId: string): Promise<LastSeen[]> {
  const result = await sql<LastSeen>`
    select participation_id, max(seen_at) as seen_at from (
      select participation_id, max(delivered_received_at) as seen_at from tasks where study_id = ${studyId} group by participation_id
      union all
      select participation_id, max(opened_received_at) as seen_at from tasks where study_id = ${studyId} group by participation_id
      union all
      select participation_id, max(received_at) as seen_at from submissions where study_id = ${studyId} group by participation_id
    ) reports group by participation_id`.execute(db);
  return result.rows;
}

/**
 * Per participant: their latest sign-in (a session made) or device report (the app's start or coming to the
 * front, participant_devices.last_seen_at), whichever is later: the same moment the Participant List shows as
 * last seen, when the app reported.
 */
export async function lastSignInsOrReports(db: Db, participantIds: readonly string[]): Promise<{ participant_id: string; signed_in_at: string | null }[]> {
  if (participantIds.length === 0) return [];
  const [sessions, devices] = await Promise.all([
    db
      .selectFrom('participant_sessions')
      .select((eb) => ['participant_id', eb.fn.max('created_at').as('signed_in_at')])
      .where('participant_id', 'in', participantIds)
      .groupBy('participant_id')
      .execute(),
    db.selectFrom('participant_devices').select(['participant_id', 'last_seen_at']).where('participant_id', 'in', participantIds).execute(),
  ]);
  const latest = new Map<string, string | null>(sessions.map((s) => [s.participant_id, s.signed_in_at]));
  for (const d of devices) {
    const kept = latest.get(d.participant_id) ?? null;
    if (d.last_seen_at && (!kept || Date.parse(d.last_seen_at) > Date.parse(kept))) latest.set(d.participant_id, d.last_seen_at);
  }
  return [...latest].map(([participant_id, signed_in_at]) => ({ participant_id, signed_in_at }));
}

/** The zone the study's plan was made in (its tasks keep it), or null before any plan. */
export async function planZoneOfStudy(db: Db, studyId: string): Promise<string | null> {
  const row = await db.selectFrom('tasks').select('timezone').where('study_id', '=', studyId).where('timezone', 'is not', null).limit(1).executeTakeFirst();
  return row?.timezone ?? null;
}

export interface AlertingStudy {
  id: string;
  lab_id: string;
  chin_name: string;
  contact_email: string;
  organization: number;
  alert_response_rate: number;
  alert_prompts: number;
  alert_silent_hours: number;
}

/** Active studies with adherence alerts on and a contact email to write to. */
export function listAlertingStudies(db: Db): Promise<AlertingStudy[]> {
  return db
    .selectFrom('studies as s')
    .innerJoin('labs as l', 'l.id', 's.lab_id')
    .select(['s.id', 's.lab_id', 's.chin_name', 's.contact_email', 'l.organization', 's.alert_response_rate', 's.alert_prompts', 's.alert_silent_hours'])
    .where('s.active_status', '=', 'active')
    .where('s.adherence_alerts', '=', 1)
    .where('s.contact_email', '!=', '')
    .execute();
}

/** Claims the study's digest of the day: true for the one process whose row went in. */
export async function claimDigest(db: Db, studyId: string, day: string, now: string): Promise<boolean> {
  try {
    await db.insertInto('alert_digests').values({ study_id: studyId, day, sent_at: now, participants: 0 }).execute();
    return true;
  } catch (error: unknown) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function recordDigest(db: Db, studyId: string, day: string, participants: number): Promise<void> {
  await db.updateTable('alert_digests').set({ participants }).where('study_id', '=', studyId).where('day', '=', day).execute();
}

/** Gives the day back (the email failed): the next round tries again. */
export async function releaseDigest(db: Db, studyId: string, day: string): Promise<void> {
  await db.deleteFrom('alert_digests').where('study_id', '=', studyId).where('day', '=', day).execute();
}
