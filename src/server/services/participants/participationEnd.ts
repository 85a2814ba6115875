// A participation's end (PARTICIPANTS.md step 6). Withdrawing, by the researcher or by the participant, and
// completing by the researcher go through endParticipation: the status and its moment are recorded and what is
// left of the plan is cancelled, answers kept. Completion by the plan's end is applied when participations are
// read (completeEndedParticipations), as `expired` is for tasks: no timer has to run when the plan ends.
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from '../audit/record';
import type { Db } from '../../repositories/db';
import type { ParticipationRow } from '../../db/types';
import type { ParticipationStatus } from '../../../shared/types/participant';
import { endProblem, type EndingParty, type ParticipationEnd } from '../../../shared/participationStatus';
import { conflict } from '../../httpErrors';
import { findParticipationById, moveParticipationStatus } from '../../repositories/participants';
import { completeEndedPlans, diaryZonesToCheck, type CompletedParticipation, type ParticipationScope } from '../../repositories/planEnds';
import { findStudyLabs } from '../../repositories/participants';
import { cancelOpenTasks } from '../../repositories/tasks';
import { localDate } from '../plan/diaryDays';
import { nowIso } from '../../ids';
import { participationNow } from '../pilot/clock';

/**
 * Marks completed the participations in scope whose last stage's plan has ended; answers how many. `now` is the
 * real clock unless the scope is one participation, whose clock (pilot or real) the caller passes.
 */
export async function completeEndedParticipations(db: Db, scope: ParticipationScope, now: string = nowIso()): Promise<number> {
  const zones = await diaryZonesToCheck(db, scope, now);
  if (zones === null) return 0;
  const today = new Map(zones.map((zone) => [zone, localDate(now, zone)]));
  return completeEndedPlans(db, scope, now, today, recordCompletions);
}

/** The plan's end completed them: the system did it, one entry per participant. */
async function recordCompletions(trx: Db, completed: CompletedParticipation[]): Promise<void> {
  const studyIds = [...new Set(completed.map((c) => c.study_id))];
  const labs = new Map((await findStudyLabs(trx, studyIds)).map((s) => [s.id, s.lab_id]));
  for (const participation of completed) {
    await recordAudit(trx, SYSTEM_ACTOR, {
      kind: 'participant.completed',
      entityType: 'participant',
      entityId: participation.participant_id,
      studyId: participation.study_id,
      labId: labs.get(participation.study_id) ?? null,
      before: { status: 'enrolled' },
      after: { status: 'completed' },
    });
  }
}

/** Who moved a participation, for the audit trail: a researcher's withdrawal or completion names them. */
export interface EndingAudit {
  actor: AuditActor;
  labId: string;
}

/** Moves the participation from `from` to `to` unless its status changed meanwhile; true when it moved. */
async function moveFrom(db: Db, participation: ParticipationRow, from: ParticipationStatus, to: ParticipationEnd, audit?: EndingAudit): Promise<boolean> {
  const participationId = participation.id;
  return db.transaction().execute(async (trx) => {
    const now = participationNow(participation);
    const moment = to === 'withdrawn' ? { withdrawn_at: now } : { completed_at: now };
    if (!(await moveParticipationStatus(trx, participationId, from, { status: to, ...moment }))) return false;
    await cancelOpenTasks(trx, participationId, now);
    if (audit) {
      await recordAudit(trx, audit.actor, {
        kind: to === 'withdrawn' ? 'participant.withdrawn' : 'participant.completed',
        entityType: 'participant',
        entityId: participation.participant_id,
        studyId: participation.study_id,
        labId: audit.labId,
        before: { status: from },
        after: { status: to },
      });
    }
    return true;
  });
}

/**
 * A status changes at most twice (invited, enrolled, then an end), so the third read finds an end and refuses:
 * the loop cannot run out.
 */
const MOVE_TRIES = 3;

/**
 * Withdraws or completes a participation: 409 with the shared message when the move makes no sense from its
 * status (read after any completion by the plan's end, so the answer is true). The status changes only from
 * the status read, so of two racing calls one moves it and the other is judged on the new status.
 */

export async function endParticipation(db: Db, participation: ParticipationRow, to: ParticipationEnd, who: EndingParty, audit?: EndingAudit): Promise<void> {
  await completeEndedParticipations(db, { participationId: participation.id }, participationNow(participation));
  for (let attempt = 0; attempt < MOVE_TRIES; attempt += 1) {
    const from = ((await findParticipationById(db, participation.id))?.status ?? participation.status) as ParticipationStatus;
    const problem = endProblem(from, to, who);
    if (problem) throw conflict(problem);
    if (await moveFrom(db, participation, from, to, audit)) return;
  }
  throw new Error(`participation ${participation.id} changed status ${MOVE_TRIES} times during one call`);
}
