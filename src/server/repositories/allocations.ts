// Random allocation (issue 34, part 4): the participations a call asks to allocate, the allocations stored, and
// the study's allocation list for its download.
import type { Insertable } from 'kysely';
import type { Db } from './db';
import type { AllocationsTable } from '../db/types';

/** A participation asked to be allocated, with what decides whether it may be. */
export interface AllocationCandidate {
  participation_id: string;
  participant_id: string;
  participant_code: string;
  status: string;
  current_stage_id: string;
  current_group_id: string;
  /** Set when the participation has been allocated already. */
  allocated_run_id: string | null;
}

/** The study's participations of the given participants (others' are not found), allocated or not. */
export function listAllocationCandidates(db: Db, studyId: string, participantIds: readonly string[]): Promise<AllocationCandidate[]> {
  return db
    .selectFrom('participations as pa')
    .innerJoin('participants as p', 'p.id', 'pa.participant_id')
    .leftJoin('allocations as a', 'a.participation_id', 'pa.id')
    .select([
      'pa.id as participation_id',
      'pa.participant_id',
      'p.participant_code',
      'pa.status',
      'pa.current_stage_id',
      'pa.current_group_id',
      'a.run_id as allocated_run_id',
    ])
    .where('pa.study_id', '=', studyId)
    .where('pa.participant_id', 'in', [...participantIds])
    .execute();
}

/** Stores one call's allocations; a participation allocated already makes it fail (the primary key). */
export function insertAllocations(db: Db, rows: Insertable<AllocationsTable>[]): Promise<unknown> {
  return db.insertInto('allocations').values(rows).execute();
}

export interface AllocationListRow {
  participant_code: string;
  group_name: string;
  block: number;
  position: number;
  stage_name: string;
  stage_num: number;
  seed: number;
  allocated_at: string;
}

/** Every allocation of the study, call after call, each in its list's order. */
export function listAllocationsOfStudy(db: Db, studyId: string): Promise<AllocationListRow[]> {
  return db
    .selectFrom('allocations as a')
    .innerJoin('participations as pa', 'pa.id', 'a.participation_id')
    .innerJoin('participants as p', 'p.id', 'pa.participant_id')
    .innerJoin('stages as s', 's.id', 'a.stage_id')
    .innerJoin('participant_groups as g', 'g.id', 'a.group_id')
    .select(['p.participant_code', 'g.name as group_name', 'a.block', 'a.position', 's.chin_name as stage_name', 's.stage_num', 'a.seed', 'a.allocated_at'])
    .where('a.study_id', '=', studyId)
    .orderBy('a.allocated_at')
    .orderBy('a.run_id')
    .orderBy('a.block')
    .orderBy('a.position')
    .execute();
}
