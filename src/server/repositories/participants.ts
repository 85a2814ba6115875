// Participant accounts and their participations in studies.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from './db';
import { ANSWER_PATH, prepared } from './prepared';
import type { ParticipantRow, ParticipantsTable, ParticipationRow, ParticipationsTable } from '../db/types';

export function insertParticipant(db: Db, row: Insertable<ParticipantsTable>): Promise<unknown> {
  return db.insertInto('participants').values(row).execute();
}

export function findParticipant(db: Db, id: string): Promise<ParticipantRow | undefined> {
  return db.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By the stored (lower-case) email. */
export function findParticipantByEmail(db: Db, email: string): Promise<ParticipantRow | undefined> {
  return db.selectFrom('participants').selectAll().where('email', '=', email).executeTakeFirst();
}

export function updateParticipantPassword(db: Db, id: string, passwordHash: string): Promise<unknown> {
  return db.updateTable('participants').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export function insertParticipation(db: Db, row: Insertable<ParticipationsTable>): Promise<unknown> {
  return db.insertInto('participations').values(row).execute();
}

const participationOf = prepared(2, (db: Db, participantId: string, studyId: string) =>
  db.selectFrom('participations').selectAll().where('participant_id', '=', participantId).where('study_id', '=', studyId),
  ANSWER_PATH,
);

/** Every app call about a study asks it: a prepared query. */
export async function findParticipation(db: Db, participantId: string, studyId: string): Promise<ParticipationRow | undefined> {
  return (await participationOf(db, participantId, studyId))[0];
}

export function findParticipationById(db: Db, id: string): Promise<ParticipationRow | undefined> {
  return db.selectFrom('participations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listParticipationsOfParticipant(db: Db, participantId: string): Promise<ParticipationRow[]> {
  return db
    .selectFrom('participations')
    .selectAll()
    .where('participant_id', '=', participantId)
    .orderBy('joined_at')
    .orderBy('id')
    .execute();
}

export function updateParticipation(db: Db, id: string, changes: Updateable<ParticipationsTable>): Promise<unknown> {
  return db.updateTable('participations').set(changes).where('id', '=', id).execute();
}

/** Ends (or enrols) a participation unless its status changed since it was read as `from`; true when it moved. */
export async function moveParticipationStatus(
  db: Db,
  id: string,
  from: string,
  changes: Pick<Updateable<ParticipationsTable>, 'status' | 'withdrawn_at' | 'completed_at' | 'consent_text' | 'consented_at'>,
): Promise<boolean> {
  const result = await db.updateTable('participations').set(changes).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a pilot's clock offset only over a smaller one, so that of two racing moves the later moment stays. */
export function raisePilotOffset(db: Db, id: string, offsetMs: number): Promise<unknown> {
  return db
    .updateTable('participations')
    .set({ pilot_offset_ms: offsetMs })
    .where('id', '=', id)
    .where('pilot_offset_ms', 'is not', null)
    .where('pilot_offset_ms', '<', offsetMs)
    .execute();
}

/**
 * Moves a participation to a stage and group: a new assignment, not yet arrived. Counting assignments is what
 * makes each arrival (and so each plan) happen once.
 */
export function assignParticipation(db: Db, id: string, stageId: string, groupId: string, now: string): Promise<unknown> {
  return db
    .updateTable('participations')
    .set((eb) => ({
      current_stage_id: stageId,
      current_group_id: groupId,
      arrive_assigned: 0,
      assignment_num: eb('assignment_num', '+', 1),
      assigned_at: now,
    }))
    .where('id', '=', id)
    .execute();
}

/** One row of the Participant List, before its arrivals are added. */
export interface ParticipantListRow {
  id: string;
  participant_code: string;
  email: string;
  participation_id: string;
  status: string;
  study_id: string;
  stage_id: string;
  stage_name: string;
  stage_num: number;
  group_id: string;
  group_name: string;
  group_num: number;
  arrive_assigned: number;
  /** 1 for a pilot participant (issue 20). */
  pilot: number;
  /** Whether the participation's plan holds a diary task that is not cancelled (SQLite 0/1, PostgreSQL boolean). */
  has_diary_tasks: number | boolean;
}

export interface PlaceFilter {
  stageId?: string;
  groupId?: string;
}

function listQuery(db: Db, studyId: string, filter: PlaceFilter) {
  let query = db
    .selectFrom('participations as pa')
    .innerJoin('participants as p', 'p.id', 'pa.participant_id')
    .innerJoin('stages as s', 's.id', 'pa.current_stage_id')
    .innerJoin('participant_groups as g', 'g.id', 'pa.current_group_id')
    .where('pa.study_id', '=', studyId);
  if (filter.stageId) query = query.where('pa.current_stage_id', '=', filter.stageId);
  if (filter.groupId) query = query.where('pa.current_group_id', '=', filter.groupId);
  return query;
}

/** A study's participants (optionally in one stage, or one stage and group), in the order they joined. */
export function listParticipantRows(db: Db, studyId: string, filter: PlaceFilter = {}, participantId?: string): Promise<ParticipantListRow[]> {
  let query = listQuery(db, studyId, filter).select([
    'p.id',
    'p.participant_code',
    'p.email',
    'pa.id as participation_id',
    'pa.status',
    'pa.study_id',
    's.id as stage_id',
    's.chin_name as stage_name',
    's.stage_num',
    'g.id as group_id',
    'g.name as group_name',
    'g.group_num',
    'pa.arrive_assigned',
    'p.pilot',
    // One EXISTS per row on tasks' (participation_id, kind, ...) index: the list stays one query at any size.
    (eb) =>
      eb
        .exists(
          eb
            .selectFrom('tasks as t')
            .select('t.id')
            .whereRef('t.participation_id', '=', 'pa.id')
            .where('t.kind', '=', 'diary')
            .where('t.status', '!=', 'cancelled'),
        )
        .as('has_diary_tasks'),
  ]);
  if (participantId) query = query.where('p.id', '=', participantId);
  return query.orderBy('pa.joined_at').orderBy('pa.id').execute();
}

/** The arrivals of the same participations, oldest first within each. */
export function listArrivalsOfStudy(
  db: Db,
  studyId: string,
  filter: PlaceFilter = {},
  participantId?: string,
): Promise<{ participation_id: string; start_datetime: string }[]> {
  let query = listQuery(db, studyId, filter)
    .innerJoin('enrolment_times as e', 'e.participation_id', 'pa.id')
    .select(['e.participation_id', 'e.start_datetime']);
  if (participantId) query = query.where('pa.participant_id', '=', participantId);
  return query.orderBy('e.participation_id').orderBy('e.assignment_num').execute();
}

export interface PlaceRow {
  stage_id: string;
  stage_num: number;
  stage_name: string;
  chin_progress_message: string;
  chin_complete_message: string;
  consent_needed: number;
  consent_content: string;
  group_id: string;
  group_num: number;
  group_name: string;
}

function placeQuery(db: Db, studyId: string) {
  return db
    .selectFrom('stages as s')
    .innerJoin('participant_groups as g', 'g.stage_id', 's.id')
    .select([
      's.id as stage_id',
      's.stage_num',
      's.chin_name as stage_name',
      's.chin_progress_message',
      's.chin_complete_message',
      's.consent_needed',
      's.consent_content',
      'g.id as group_id',
      'g.group_num',
      'g.name as group_name',
    ])
    .where('s.study_id', '=', studyId);
}

/** A stage of the study and a group of that stage; undefined when either is not there. */
export function findPlace(db: Db, studyId: string, stageId: string, groupId: string): Promise<PlaceRow | undefined> {
  return placeQuery(db, studyId).where('s.id', '=', stageId).where('g.id', '=', groupId).executeTakeFirst();
}

/** Stage 1, group 1: where every participation starts. */
export function findFirstPlace(db: Db, studyId: string): Promise<PlaceRow | undefined> {
  return placeQuery(db, studyId).orderBy('s.stage_num').orderBy('g.group_num').limit(1).executeTakeFirst();
}

/** The stage (with consent) of the first stage of a study: consent is read from there. */
export function findConsentStage(db: Db, studyId: string): Promise<{ consent_needed: number; consent_content: string } | undefined> {
  return db
    .selectFrom('stages')
    .select(['consent_needed', 'consent_content'])
    .where('study_id', '=', studyId)
    .orderBy('stage_num')
    .limit(1)
    .executeTakeFirst();
}

export function listPlaces(db: Db, studyId: string): Promise<PlaceRow[]> {
  return placeQuery(db, studyId).orderBy('s.stage_num').orderBy('g.group_num').execute();
}

export function findActiveStudyByCode(db: Db, studyCode: string) {
  return db
    .selectFrom('studies')
    .select(['id', 'lab_id', 'active_status'])
    .where('study_code', '=', studyCode)
    .where('active_status', '!=', 'inactive')
    .executeTakeFirst();
}

export function findStudyLab(db: Db, studyId: string): Promise<{ lab_id: string } | undefined> {
  return db.selectFrom('studies').select('lab_id').where('id', '=', studyId).executeTakeFirst();
}

export function findStudyLabs(db: Db, studyIds: string[]): Promise<{ id: string; lab_id: string }[]> {
  return db.selectFrom('studies').select(['id', 'lab_id']).where('id', 'in', studyIds).execute();
}

/** A participant's participations with what the app shows of each: study, stage (and its messages), group. */
export function listAppParticipationRows(db: Db, participantId: string, studyId?: string) {
  let query = db
    .selectFrom('participations as pa')
    .innerJoin('studies as st', 'st.id', 'pa.study_id')
    .innerJoin('stages as s', 's.id', 'pa.current_stage_id')
    .innerJoin('participant_groups as g', 'g.id', 'pa.current_group_id')
    .selectAll('pa')
    .select([
      'st.chin_name as study_name',
      'st.study_code',
      'st.lab_id',
      's.chin_name as stage_name',
      's.stage_num',
      's.chin_progress_message',
      's.chin_complete_message',
      'g.name as group_name',
      'g.group_num',
    ])
    .where('pa.participant_id', '=', participantId);
  if (studyId) query = query.where('pa.study_id', '=', studyId);
  return query.orderBy('pa.joined_at').orderBy('pa.id').execute();
}

export type AppParticipationRow = Awaited<ReturnType<typeof listAppParticipationRows>>[number];

export function listArrivalsOfParticipant(db: Db, participantId: string) {
  return db
    .selectFrom('enrolment_times as e')
    .innerJoin('participations as pa', 'pa.id', 'e.participation_id')
    .select(['e.participation_id', 'e.start_datetime'])
    .where('pa.participant_id', '=', participantId)
    .orderBy('e.participation_id')
    .orderBy('e.assignment_num')
    .execute();
}

/** Consent is read from the first stage of each study. */
export function listConsentOfStudies(db: Db, studyIds: readonly string[]) {
  if (studyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stages')
    .innerJoin('studies', 'studies.id', 'stages.study_id')
    .select(['stages.study_id', 'stages.consent_needed', 'stages.consent_content', 'studies.keep_answers_on_erasure'])
    .where('stages.study_id', 'in', studyIds)
    .where('stages.stage_num', '=', 1)
    .execute();
}

/** Whether any participation is placed in the stage or the group (which then cannot be deleted). */
export async function hasParticipationsIn(db: Db, place: { stageId: string } | { groupId: string }): Promise<boolean> {
  const query = db.selectFrom('participations').select('id');
  const row = await ('stageId' in place ? query.where('current_stage_id', '=', place.stageId) : query.where('current_group_id', '=', place.groupId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
