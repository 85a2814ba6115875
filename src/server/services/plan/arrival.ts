// The arrival (PARTICIPANTS.md, step 5): the first tasks call after an assignment records an enrolment_time,
// sets arrive_assigned and stores the plan, all in one transaction. Exactly one caller wins the claim on the
// participation row, so two racing calls, in one process or in several on one database, make one plan.
import type { Db } from '../../repositories/db';
import type { ParticipationRow } from '../../db/types';
import { claimArrival, insertEnrolmentTime } from '../../repositories/plans';
import { insertTasks } from '../../repositories/tasks';
import { newId, nowIso } from '../../ids';
import { groupPlanInput } from './groupPlanInput';
import { planQuestionnaires } from './questionnaireVersions';
import { planRows, questionnaireIdsOf } from './makePlan';
import { newPlanSeed } from './seededRandom';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record';
import { reportedZone } from '../../repositories/participantDevices';
import { isKnownZone } from './zones';

/**
 * Records the arrival and makes the plan, unless this assignment's arrival has happened. True when it did now.
 * The audit trail gets the plan's outline (stage, group, tasks per kind) as the system's, in the same transaction.
 * The zone the phone reported by then is kept with the arrival, for the settings that follow the participant.
 */
export async function arrive(db: Db, participation: ParticipationRow, labId: string, now: string = nowIso()): Promise<boolean> {
  if (participation.status !== 'enrolled' || participation.arrive_assigned === 1) return false;
  return db.transaction().execute(async (trx) => {
    if (!(await claimArrival(trx, participation.id, participation.assignment_num))) return false;
    const enrolmentTimeId = newId();
    const seed = newPlanSeed();
    const reported = await reportedZone(trx, participation.participant_id);
    const zone = reported !== null && isKnownZone(reported) ? reported : null;
    await insertEnrolmentTime(trx, {
      id: enrolmentTimeId,
      participation_id: participation.id,
      assignment_num: participation.assignment_num,
      stage_id: participation.current_stage_id,
      group_id: participation.current_group_id,
      start_datetime: now,
      plan_seed: seed,
      arrival_zone: zone,
      phone_zone: zone,
    });
    const input = await groupPlanInput(trx, participation.study_id, participation.current_group_id, labId);
    const questionnaires = await planQuestionnaires(trx, labId, questionnaireIdsOf(input));
    const rows = planRows(input, {
      participationId: participation.id,
      enrolmentTimeId,
      studyId: participation.study_id,
      stageId: participation.current_stage_id,
      groupId: participation.current_group_id,
      arrivalIso: now,
      seed,
      questionnaires,
      phone: { arrival: zone, now: zone },
    });
    await insertTasks(trx, rows);
    const tasks: Record<string, number> = {};
    for (const row of rows) tasks[row.kind] = (tasks[row.kind] ?? 0) + 1;
    await recordAudit(trx, SYSTEM_ACTOR, {
      kind: 'plan.made',
      entityType: 'participant',
      entityId: participation.participant_id,
      studyId: participation.study_id,
      labId,
      before: null,
      after: { stage: participation.current_stage_id, group: participation.current_group_id, arrival: now, phone_zone: zone, tasks },
    });
    return true;
  });
}
