// Assign at random on the Participant List (issue 34, part 4): chosen enrolled participants of stage 1 are
// allocated by balanced blocks (src/shared/allocation.ts) to groups of a later stage, each moved there as Assign
// To Another Stage moves one (placeMove.ts). The allocations, every move's audit entry and one entry holding the
// seed and the whole list are committed together, or nothing is. The allocation list downloads as a CSV.
import { randomInt } from 'node:crypto';
import type { Db } from '../../repositories/db';
import type { StudyRow } from '../../db/types';
import {
  ALLOCATION_CSV_COLUMNS,
  allocationMessages,
  allocationProblem,
  allocationSlots,
  MAX_SEED,
  ratiosOf,
  type AllocateAnswer,
  type AllocateBody,
} from '../../../shared/allocation';
import { participantMessages, studyMessages } from '../../../shared/messages';
import { badRequest, conflict, notFound } from '../../httpErrors';
import { newId, nowIso } from '../../ids';
import { listPlaces } from '../../repositories/participants';
import { insertAllocations, listAllocationCandidates, listAllocationsOfStudy, type AllocationCandidate } from '../../repositories/allocations';
import { isUniqueViolation } from '../../repositories/uniqueViolation';
import { recordAudit, type AuditActor } from '../audit/record';
import { CSV_BOM, csvLine } from '../exports/csv';
import type { ByteSink } from '../exports/output';
import { assignedEvent, moveToPlace, type PlaceMove } from './placeMove';

/** The stage and groups asked for, checked against the study: a later stage, and groups of it; answers stage 1's id. */
export async function checkTarget(db: Db, study: Pick<StudyRow, 'id'>, body: Pick<AllocateBody, 'stageId' | 'groupIds'>): Promise<string> {
  const places = await listPlaces(db, study.id);
  const stagePlaces = places.filter((p) => p.stage_id === body.stageId);
  if (stagePlaces.length === 0) throw notFound(studyMessages.stageNotFound);
  const firstStage = places[0];
  if (stagePlaces[0].stage_num <= firstStage.stage_num) throw badRequest(allocationMessages.stageNotLater);
  const groups = new Set(stagePlaces.map((p) => p.group_id));
  if (!body.groupIds.every((g) => groups.has(g))) throw badRequest(allocationMessages.groupNotOfStage);
  return firstStage.stage_id;
}

/** The participants in the order asked, each of this study, not allocated before, enrolled and in stage 1. */
async function checkedCandidates(trx: Db, study: StudyRow, participantIds: readonly string[], firstStageId: string): Promise<AllocationCandidate[]> {
  const found = new Map((await listAllocationCandidates(trx, study.id, participantIds)).map((c) => [c.participant_id, c]));
  return participantIds.map((id) => {
    const candidate = found.get(id);
    if (!candidate) throw notFound(participantMessages.participantNotFound);
    if (candidate.allocated_run_id) throw conflict(allocationMessages.alreadyAllocated(candidate.participant_code));
    if (candidate.current_stage_id !== firstStageId) throw conflict(allocationMessages.notInFirstStage(candidate.participant_code));
    if (candidate.status !== 'enrolled') throw conflict(allocationMessages.notEnrolled(candidate.participant_code));
    return candidate;
  });
}

/** Allocates and moves the participants; answers the seed (drawn when not given) and who went to which group. */
export async function allocateAtRandom(db: Db, study: StudyRow, body: AllocateBody, actor: AuditActor): Promise<AllocateAnswer> {
  const problem = allocationProblem(body);
  if (problem) throw badRequest(problem);
  const firstStageId = await checkTarget(db, study, body);
  const seed = body.seed ?? randomInt(0, MAX_SEED + 1);
  const ratios = ratiosOf(body);
  const slots = allocationSlots(body.participantIds.length, body.groupIds, ratios, body.blockSize, seed);
  const runId = newId();

  const candidates = await db.transaction().execute(async (trx) => {
    const chosen = await checkedCandidates(trx, study, body.participantIds, firstStageId);
    const now = nowIso();
    // First the allocations: a participant allocated by another call meanwhile stops this one here.
    await insertAllocations(
      trx,
      chosen.map((c, i) => ({
        participation_id: c.participation_id,
        study_id: study.id,
        run_id: runId,
        seed,
        stage_id: body.stageId,
        group_id: slots[i].groupId,
        block: slots[i].block,
        position: slots[i].position,
        allocated_at: now,
        allocated_by: actor.id,
      })),
    ).catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(allocationMessages.allocatedMeanwhile) : error;
    });
    const moves: PlaceMove[] = chosen.map((c, i) => ({
      participationId: c.participation_id,
      participantId: c.participant_id,
      from: { stageId: c.current_stage_id, groupId: c.current_group_id },
      to: { stageId: body.stageId, groupId: slots[i].groupId },
    }));
    for (const move of moves) await moveToPlace(trx, move, now);
    // The audit entries last (record.ts): each move's, then the allocation's with its seed and list.
    for (const move of moves) await recordAudit(trx, actor, assignedEvent(study, move));
    await recordAudit(trx, actor, {
      kind: 'participants.allocated',
      entityType: 'allocation',
      entityId: runId,
      studyId: study.id,
      labId: study.lab_id,
      before: null,
      after: {
        seed,
        stageId: body.stageId,
        groupIds: body.groupIds,
        ratios,
        blockSize: body.blockSize,
        allocations: chosen.map((c, i) => ({ participantId: c.participant_id, participantCode: c.participant_code, ...slots[i] })),
      },
    });
    return chosen;
  });
  return { seed, allocations: candidates.map((c, i) => ({ participantId: c.participant_id, groupId: slots[i].groupId })) };
}

/** The study's allocation list as a CSV (RFC 4180, UTF-8 with a byte-order mark for Excel). */
export async function writeAllocationList(db: Db, studyId: string, sink: ByteSink): Promise<void> {
  const rows = await listAllocationsOfStudy(db, studyId);
  let text = CSV_BOM + csvLine(ALLOCATION_CSV_COLUMNS);
  for (const r of rows) text += csvLine([r.participant_code, r.group_name, r.block, r.position, r.stage_name, r.seed, r.allocated_at]);
  sink.write(Buffer.from(text, 'utf8'));
  sink.end();
}
