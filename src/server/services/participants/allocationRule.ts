// The standing allocation rule (issue 34, part 4): "or every newly consenting participant of stage 1". While a
// study has one, each participant who becomes enrolled in stage 1 (consent given in the app, or joining a study
// without a consent form) takes the next slot of the blocks allocationSlots makes from the rule's seed, in the
// transaction that enrols them, and is moved as Assign at random moves one (placeMove.ts). Slot n is the n-th
// participant allocated under the rule, so the first k equal what the one-off allocation gives those k in order.
import { randomInt } from 'node:crypto';
import type { Db } from '../../repositories/db';
import type { ParticipationRow, StudyRow } from '../../db/types';
import { allocationRuleProblem, allocationSlots, MAX_SEED, ratiosOf, type AllocationRule, type AllocationRuleBody } from '../../../shared/allocation';
import { badRequest } from '../../httpErrors';
import { newId, nowIso } from '../../ids';
import { listPlaces } from '../../repositories/participants';
import { insertAllocations } from '../../repositories/allocations';
import { deleteAllocationRule, findAllocationRule, saveAllocationRule, takeNextSlot, type AllocationRuleRow } from '../../repositories/allocationRules';
import { recordAudit, type AuditActor, type AuditEvent } from '../audit/record';
import { checkTarget } from './allocation';
import { assignedEvent, moveToPlace, type PlaceMove } from './placeMove';

function ruleOf(row: AllocationRuleRow): AllocationRule {
  return {
    stageId: row.stage_id,
    groupIds: JSON.parse(row.group_ids) as string[],
    ratios: JSON.parse(row.ratios) as number[],
    blockSize: Number(row.block_size),
    seed: Number(row.seed),
    allocatedCount: Number(row.allocated_count),
    setAt: row.set_at,
  };
}

/** What the audit trail keeps of a rule. */
function recorded(rule: AllocationRule) {
  return { stageId: rule.stageId, groupIds: rule.groupIds, ratios: rule.ratios, blockSize: rule.blockSize, seed: rule.seed };
}

export async function readAllocationRule(db: Db, study: StudyRow): Promise<AllocationRule | null> {
  const row = await findAllocationRule(db, study.id);
  return row ? ruleOf(row) : null;
}

/** Sets (or changes) the rule; a changed rule starts a new block sequence from slot 0. */
export async function setAllocationRule(db: Db, study: StudyRow, body: AllocationRuleBody, actor: AuditActor): Promise<AllocationRule> {
  const problem = allocationRuleProblem(body);
  if (problem) throw badRequest(problem);
  await checkTarget(db, study, body);
  const row: AllocationRuleRow = {
    study_id: study.id,
    rule_id: newId(),
    stage_id: body.stageId,
    group_ids: JSON.stringify(body.groupIds),
    ratios: JSON.stringify(ratiosOf(body)),
    block_size: body.blockSize,
    seed: body.seed ?? randomInt(0, MAX_SEED + 1),
    allocated_count: 0,
    set_at: nowIso(),
    set_by: actor.id,
  };
  const rule = ruleOf(row);
  await db.transaction().execute(async (trx) => {
    const before = await findAllocationRule(trx, study.id);
    await saveAllocationRule(trx, row);
    await recordAudit(trx, actor, {
      kind: before ? 'allocationRule.changed' : 'allocationRule.set',
      entityType: 'allocationRule',
      entityId: row.rule_id,
      studyId: study.id,
      labId: study.lab_id,
      before: before ? recorded(ruleOf(before)) : null,
      after: recorded(rule),
    });
  });
  return rule;
}

/** Turns the rule off; the participants it allocated stay where they are. Nothing to do when there is none. */
export async function turnOffAllocationRule(db: Db, study: StudyRow, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findAllocationRule(trx, study.id);
    if (!before) return;
    await deleteAllocationRule(trx, study.id);
    await recordAudit(trx, actor, {
      kind: 'allocationRule.turnedOff',
      entityType: 'allocationRule',
      entityId: before.rule_id,
      studyId: study.id,
      labId: study.lab_id,
      before: { ...recorded(ruleOf(before)), allocatedCount: Number(before.allocated_count) },
      after: null,
    });
  });
}

/**
 * Call in the transaction that has just enrolled the participation in stage 1. Allocates it by the study's
 * rule, if there is one: a pilot never, nor a participation not in stage 1; a rule whose stage or groups have
 * since been removed from the study allocates no one (and takes no slot). Answers the audit entries to record,
 * which the caller records last in the transaction (record.ts).
 */
export async function allocateOnEnrolment(trx: Db, study: Pick<StudyRow, 'id' | 'lab_id'>, participation: ParticipationRow): Promise<AuditEvent[]> {
  if (participation.pilot_offset_ms !== null && participation.pilot_offset_ms !== undefined) return [];
  const found = await findAllocationRule(trx, study.id);
  if (!found) return [];
  const places = await listPlaces(trx, study.id);
  if (places[0]?.stage_id !== participation.current_stage_id) return [];
  const rule = ruleOf(found);
  const stageGroups = new Set(places.filter((p) => p.stage_id === rule.stageId && p.stage_num > places[0].stage_num).map((p) => p.group_id));
  if (!rule.groupIds.every((g) => stageGroups.has(g))) return [];

  const taken = await takeNextSlot(trx, study.id);
  if (!taken) return [];
  const slot = allocationSlots(taken.slot + 1, rule.groupIds, rule.ratios, rule.blockSize, rule.seed)[taken.slot];
  const now = nowIso();
  await insertAllocations(trx, [
    {
      participation_id: participation.id,
      study_id: study.id,
      run_id: taken.rule.rule_id,
      seed: rule.seed,
      stage_id: rule.stageId,
      group_id: slot.groupId,
      block: slot.block,
      position: slot.position,
      allocated_at: now,
      allocated_by: taken.rule.set_by,
    },
  ]);
  const move: PlaceMove = {
    participationId: participation.id,
    participantId: participation.participant_id,
    from: { stageId: participation.current_stage_id, groupId: participation.current_group_id },
    to: { stageId: rule.stageId, groupId: slot.groupId },
  };
  await moveToPlace(trx, move, now);
  return [
    assignedEvent(study, move),
    {
      kind: 'participants.allocated',
      entityType: 'allocation',
      entityId: taken.rule.rule_id,
      studyId: study.id,
      labId: study.lab_id,
      before: null,
      after: { ...recorded(rule), slot: taken.slot + 1, allocations: [{ participantId: participation.participant_id, ...slot }] },
    },
  ];
}

/** Records the entries allocateOnEnrolment answered, in order. */
export async function recordAllocation(trx: Db, actor: AuditActor, events: readonly AuditEvent[]): Promise<void> {
  for (const event of events) await recordAudit(trx, actor, event);
}
