// Adding and deleting stages and participant groups (part 2 sections 2.2 and 4). Each change runs in one
// transaction that first locks the study, so stage_num and group_num stay 1..n with no gaps, whoever else
// changes the study at the same time. Stage 1 and group 1 are never deleted, and stage 1 gets no other group.
import type { Db } from '../../repositories/db';
import type { ParticipantGroupRow, StudyRow } from '../../db/types';
import type { AccessEntry } from '../../../shared/access';
import { studyMessages } from '../../../shared/messages';
import { badRequest, conflict, notFound } from '../../httpErrors';
import {
  closeGroupGap,
  closeStageGap,
  deleteGroup as deleteGroupRow,
  deleteStage as deleteStageRow,
  findGroupInStudy,
  findStageByNum,
  findStageInStudy,
  listGroupsByNum,
  lockStudy,
  maxGroupNum,
  maxStageNum,
} from '../../repositories/studies';
import { hasParticipationsIn } from '../../repositories/participants';
import { addStageWithGroup, insertBlankGroup } from './studies';
import { demand } from '../identity/permissions';
import { nowIso } from '../../ids';
import { recordAudit, type AuditActor } from '../audit/record';

/** What a structure change added or removed, for the audit trail. */
interface StructurePart {
  stage: number;
  group?: number;
}

/** A number written in a path: digits only, else not a number at all. */
function pathNumber(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** Runs the change with the study locked, and records what it added (after) or removed (before). */
function inStudy(db: Db, study: StudyRow, actor: AuditActor, change: (trx: Db) => Promise<{ added?: StructurePart; removed?: StructurePart }>): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await lockStudy(trx, study.id, nowIso());
    const { added, removed } = await change(trx);
    await recordAudit(trx, actor, { kind: 'study.structure.changed', entityType: 'study', entityId: study.id, studyId: study.id, labId: study.lab_id, before: removed ?? null, after: added ?? null });
  });
}

/** Add Stage: a new last stage with its group 1. */
export async function addStage(db: Db, study: StudyRow, entries: readonly AccessEntry[], actor: AuditActor): Promise<void> {
  demand(entries, 'addStage');
  await inStudy(db, study, actor, async (trx) => {
    const stage = (await maxStageNum(trx, study.id)) + 1;
    await addStageWithGroup(trx, study.id, stage);
    return { added: { stage, group: 1 } };
  });
}

/** Add Participant Group: a new last group of the stage; never on stage 1. */
export async function addGroup(db: Db, study: StudyRow, stageId: string, entries: readonly AccessEntry[], actor: AuditActor): Promise<void> {
  demand(entries, 'addGroup');
  await inStudy(db, study, actor, async (trx) => {
    const stage = await findStageInStudy(trx, study.id, stageId);
    if (!stage) throw notFound(studyMessages.stageNotFound);
    if (stage.stage_num === 1) throw badRequest(studyMessages.noGroupOnStageOne);
    const group = (await maxGroupNum(trx, stage.id)) + 1;
    await insertBlankGroup(trx, stage.id, group);
    return { added: { stage: stage.stage_num, group } };
  });
}

/** Delete Stage by its number; the stages after it move up one. */
export async function deleteStage(db: Db, study: StudyRow, stageNumText: string, entries: readonly AccessEntry[], actor: AuditActor): Promise<void> {
  demand(entries, 'deleteStage');
  const stageNum = pathNumber(stageNumText);
  if (stageNum === null) throw notFound(studyMessages.stageNotFound);
  if (stageNum === 1) throw badRequest(studyMessages.stageOneNotDeletable);
  await inStudy(db, study, actor, async (trx) => {
    const stage = await findStageByNum(trx, study.id, stageNum);
    if (!stage) throw notFound(studyMessages.stageNotFound);
    // Participations keep their stage (no cascade): a researcher moves the participants before deleting it.
    if (await hasParticipationsIn(trx, { stageId: stage.id })) throw conflict(studyMessages.stageHasParticipants);
    await deleteStageRow(trx, stage.id);
    await closeStageGap(trx, study.id, stage.stage_num);
    return { removed: { stage: stage.stage_num } };
  });
}

/**
 * The group a delete_group path names. The specification shows the call both with a group's id and with a
 * group number: an id names one group; a number names a group only when exactly one stage has a group with
 * that number (group numbers restart in every stage), otherwise the caller is asked for the id.
 */
async function namedGroup(db: Db, study: StudyRow, ref: string): Promise<ParticipantGroupRow> {
  const byId = await findGroupInStudy(db, study.id, ref);
  if (byId) return byId;
  const groupNum = pathNumber(ref);
  if (groupNum === null) throw notFound(studyMessages.groupNotFound);
  const candidates = await listGroupsByNum(db, study.id, groupNum);
  if (candidates.length === 0) throw notFound(studyMessages.groupNotFound);
  if (groupNum !== 1 && candidates.length > 1) throw badRequest(studyMessages.groupNumberUnclear);
  return candidates[0];
}

/** Delete Group by its id (or its number, see namedGroup); the groups after it in its stage move up one. */
export async function deleteGroup(db: Db, study: StudyRow, groupRef: string, entries: readonly AccessEntry[], actor: AuditActor): Promise<void> {
  // Part 2 section 6: STUDY/DELETE/STUDY_STAGE also gates Delete Group.
  demand(entries, 'deleteStage');
  await inStudy(db, study, actor, async (trx) => {
    const group = await namedGroup(trx, study, groupRef);
    if (group.group_num === 1) throw badRequest(studyMessages.groupOneNotDeletable);
    if (await hasParticipationsIn(trx, { groupId: group.id })) throw conflict(studyMessages.groupHasParticipants);
    await deleteGroupRow(trx, group.id);
    await closeGroupGap(trx, group.stage_id, group.group_num);
    const stage = await findStageInStudy(trx, study.id, group.stage_id);
    return { removed: { stage: stage?.stage_num ?? 0, group: group.group_num } };
  });
}
