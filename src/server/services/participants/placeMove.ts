// Moving a participation to another stage and group, as Assign To Another Stage does and as random allocation
// (issue 34) does for each participant it allocates: what is left of the previous plan is cancelled (answers and
// expired tasks stay as they were) and the new assignment waits for the app, which makes its plan when it next
// loads its tasks (arrive_assigned false). The audit entry is recorded by the caller, last in its transaction.
import type { Db } from '../../repositories/db';
import type { StudyRow } from '../../db/types';
import { assignParticipation } from '../../repositories/participants';
import { cancelOpenTasks } from '../../repositories/tasks';
import type { AuditEvent } from '../audit/record';

export interface Place {
  stageId: string;
  groupId: string;
}

export interface PlaceMove {
  participationId: string;
  participantId: string;
  from: Place;
  to: Place;
}

/** Call inside the transaction that records the move. */
export async function moveToPlace(trx: Db, move: PlaceMove, now: string): Promise<void> {
  await cancelOpenTasks(trx, move.participationId, now);
  await assignParticipation(trx, move.participationId, move.to.stageId, move.to.groupId, now);
}

/** The move's audit entry: where the participant was and where they are now. */
export function assignedEvent(study: Pick<StudyRow, 'id' | 'lab_id'>, move: PlaceMove): AuditEvent {
  return {
    kind: 'participant.assigned',
    entityType: 'participant',
    entityId: move.participantId,
    studyId: study.id,
    labId: study.lab_id,
    before: move.from,
    after: move.to,
  };
}
