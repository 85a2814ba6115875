// The research team's messages to participants (migration 0020): one row per participant, read and delivered on
// its own.
import type { Insertable } from 'kysely';
import type { Db } from './db';
import type { ParticipantMessagesTable } from '../db/types';

export interface RecipientRow {
  participant_id: string;
  email: string;
  app_language: string | null;
  prompt_emails: number;
  status: string;
}

/** The study's participations of the given participants, with what delivering a message to them needs. */
export function recipientsInStudy(db: Db, studyId: string, participantIds: readonly string[]): Promise<RecipientRow[]> {
  if (participantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participations as p')
    .innerJoin('participants as pt', 'pt.id', 'p.participant_id')
    .select(['p.participant_id', 'pt.email', 'pt.app_language', 'pt.prompt_emails', 'p.status'])
    .where('p.study_id', '=', studyId)
    .where('p.participant_id', 'in', participantIds)
    .execute();
}

export async function insertMessages(db: Db, rows: Insertable<ParticipantMessagesTable>[]): Promise<void> {
  // A statement per few hundred rows: SQLite allows some thousands of bound values per statement.
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('participant_messages').values(rows.slice(i, i + 200)).execute();
}

export async function recordDeliveries(db: Db, ids: readonly string[], delivery: string, at: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('participant_messages').set({ delivery, delivered_at: at }).where('id', 'in', ids).execute();
}

export interface AppMessageRow {
  id: string;
  study_id: string;
  study_name: string;
  text: string;
  created_at: string;
  read_at: string | null;
}

function appMessages(db: Db, participantId: string) {
  return db
    .selectFrom('participant_messages as m')
    .innerJoin('studies as s', 's.id', 'm.study_id')
    .select(['m.id', 'm.study_id', 's.chin_name as study_name', 'm.text', 'm.created_at', 'm.read_at'])
    .where('m.participant_id', '=', participantId);
}

/** The participant's messages, newest first. */
export function listAppMessages(db: Db, participantId: string, limit: number): Promise<AppMessageRow[]> {
  return appMessages(db, participantId).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
}

export function findAppMessage(db: Db, participantId: string, id: string): Promise<AppMessageRow | undefined> {
  return appMessages(db, participantId).where('m.id', '=', id).executeTakeFirst();
}

export async function countUnread(db: Db, participantId: string): Promise<number> {
  const row = await db
    .selectFrom('participant_messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('participant_id', '=', participantId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the participant's message read unless it already was: the first moment stays. */
export async function markRead(db: Db, participantId: string, id: string, at: string): Promise<void> {
  await db.updateTable('participant_messages').set({ read_at: at }).where('id', '=', id).where('participant_id', '=', participantId).where('read_at', 'is', null).execute();
}
