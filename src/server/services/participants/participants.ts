// The researcher's side of participants (part 2 sections 2.5 and 7): the Participant List, Create New
// Participant, Assign To Another Stage, the EMA Schedule, the Assigned Diary Assessments.
import { recordAudit, type AuditActor } from '../audit/record';
import type { Db } from '../../repositories/db';
import type { StudyRow } from '../../db/types';
import type {
  DiaryTasksAnswer,
  EmaTask,
  EmaTaskScope,
  Participant,
  ParticipationStatus,
} from '../../../shared/types/participant';
import { assignProblem, newParticipantProblem } from '../../../shared/participants';
import { participantMessages, studyMessages } from '../../../shared/messages';
import { badRequest, conflict, notFound } from '../../httpErrors';
import {
  findParticipation,
  findPlace,
  listArrivalsOfStudy,
  listParticipantRows,
  listPlaces,
  type ParticipantListRow,
  type PlaceFilter,
} from '../../repositories/participants';
import { listDiaryTasks, listEmaTasksWithAnswers, submittedTimesOfTasks } from '../../repositories/tasks';
import { assignStatusProblem, type ParticipationEnd } from '../../../shared/participationStatus';
import type { ParticipantDevice } from '../../../shared/devices';
import { createParticipantAccount, startParticipation } from './participantAccounts';
import { allocateOnEnrolment, recordAllocation } from './allocationRule';
import { devicesByParticipant } from './devices';
import { completeEndedParticipations, endParticipation } from './participationEnd';
import { diaryDaysLeft } from '../plan/diaryDays';
import { statusAsRead } from '../plan/taskStatus';
import { nowIso } from '../../ids';
import { participationNow } from '../pilot/clock';
import { deliveryOf } from './emaDelivery';
import { assignedEvent, moveToPlace, type PlaceMove } from './placeMove';

function toParticipant(row: ParticipantListRow, arrivals: string[], device: ParticipantDevice | null): Participant {
  return {
    _id: row.id,
    participant_code: row.participant_code,
    email: row.email,
    study: row.study_id,
    current_stage: row.stage_id,
    current_group: row.group_id,
    pilot: row.pilot === 1,
    device,
    participation: [
      {
        _id: row.participation_id,
        status: row.status as ParticipationStatus,
        study: row.study_id,
        current_stage: { _id: row.stage_id, chin_name: row.stage_name, stage_num: row.stage_num },
        current_group: { _id: row.group_id, name: row.group_name, group_num: row.group_num },
        arrive_assigned: row.arrive_assigned === 1,
        has_diary_tasks: Boolean(row.has_diary_tasks),
        enrolment_time: arrivals.map((start_datetime) => ({ start_datetime })),
      },
    ],
  };
}

/**
 * The study's participants (all, in one stage, or in one stage and group), in the order they joined. Those whose
 * last stage's plan has ended are marked completed first, so the list shows it.
 */
export async function readParticipants(db: Db, studyId: string, filter: PlaceFilter = {}, participantId?: string): Promise<Participant[]> {
  await completeEndedParticipations(db, { studyId });
  const [rows, arrivals, devices] = await Promise.all([
    listParticipantRows(db, studyId, filter, participantId),
    listArrivalsOfStudy(db, studyId, filter, participantId),
    devicesByParticipant(db, studyId, participantId),
  ]);
  const byParticipation = new Map<string, string[]>();
  for (const a of arrivals) {
    const list = byParticipation.get(a.participation_id);
    if (list) list.push(a.start_datetime);
    else byParticipation.set(a.participation_id, [a.start_datetime]);
  }
  return rows.map((r) => toParticipant(r, byParticipation.get(r.participation_id) ?? [], devices.get(r.id) ?? null));
}

async function readOne(db: Db, studyId: string, participantId: string): Promise<Participant> {
  const [participant] = await readParticipants(db, studyId, {}, participantId);
  if (!participant) throw notFound(participantMessages.participantNotFound);
  return participant;
}

export interface CreateInStudyInput {
  email?: string;
  password?: string;
  confirmPassword?: string;
}

function aboutParticipant(study: StudyRow, participantId: string) {
  return { entityType: 'participant', entityId: participantId, studyId: study.id, labId: study.lab_id };
}

/** Create New Participant: a new account that starts in stage 1, group 1 of the study. */
export async function createInStudy(db: Db, study: StudyRow, input: CreateInStudyInput, createdBy: string, actor: AuditActor): Promise<Participant> {
  const problem = newParticipantProblem(input, input.confirmPassword !== undefined);
  if (problem) throw badRequest(problem);
  const participant = await db.transaction().execute(async (trx) => {
    const account = await createParticipantAccount(trx, { email: input.email ?? '', password: input.password ?? '', createdBy });
    const started = await startParticipation(trx, account.id, study.id);
    // Enrolled at once (no consent form): allocated by the study's standing rule, if any; the entries last.
    const allocation = started.status === 'enrolled' ? await allocateOnEnrolment(trx, study, started) : [];
    await recordAudit(trx, actor, { ...aboutParticipant(study, account.id), kind: 'participant.created', before: null, after: { email: account.email } });
    await recordAllocation(trx, actor, allocation);
    return account;
  });
  return readOne(db, study.id, participant.id);
}

/** Assign To Another Stage: the move of placeMove.ts, for one participant. */
export async function assignToPlace(
  db: Db,
  study: StudyRow,
  participantId: string,
  place: { stageId?: string; groupId?: string },
  actor: AuditActor,
): Promise<Participant> {
  const problem = assignProblem(place);
  if (problem) throw badRequest(problem);
  const participation = await findParticipation(db, participantId, study.id);
  if (!participation) throw notFound(participantMessages.participantNotFound);
  const statusProblem = assignStatusProblem(participation.status as ParticipationStatus);
  if (statusProblem) throw conflict(statusProblem);
  const target = await findPlace(db, study.id, place.stageId ?? '', place.groupId ?? '');
  if (!target) {
    const stageKnown = (await listPlaces(db, study.id)).some((p) => p.stage_id === place.stageId);
    throw notFound(stageKnown ? studyMessages.groupNotFound : studyMessages.stageNotFound);
  }
  const move: PlaceMove = {
    participationId: participation.id,
    participantId,
    from: { stageId: participation.current_stage_id, groupId: participation.current_group_id },
    to: { stageId: target.stage_id, groupId: target.group_id },
  };
  await db.transaction().execute(async (trx) => {
    await moveToPlace(trx, move, nowIso());
    await recordAudit(trx, actor, assignedEvent(study, move));
  });
  return readOne(db, study.id, participantId);
}

async function participationOf(db: Db, studyId: string, participantId: string) {
  const participation = await findParticipation(db, participantId, studyId);
  if (!participation) throw notFound(participantMessages.participantNotFound);
  return participation;
}

/** Withdraw or Mark As Completed on the Participant List: the same move as the participant's own withdrawal. */
export async function setParticipationStatus(db: Db, study: StudyRow, participantId: string, to: ParticipationEnd, actor: AuditActor): Promise<Participant> {
  const participation = await participationOf(db, study.id, participantId);
  await endParticipation(db, participation, to, 'researcher', { actor, labId: study.lab_id });
  return readOne(db, study.id, participantId);
}

/**
 * EMA Schedule: the notifications still to come, soonest first (the specification's call); with scope 'all' every
 * notification of the participation's stored plan, in time order, each with the phone's moments and its answer.
 */
export async function emaTasksOf(db: Db, studyId: string, participantId: string, scope: EmaTaskScope): Promise<EmaTask[]> {
  const participation = await participationOf(db, studyId, participantId);
  const now = participationNow(participation);
  const rows = await listEmaTasksWithAnswers(db, participation.id, scope === 'upcoming' ? now : null);
  return rows.map((t) => ({
    _id: t.id,
    notification_datetime: t.notification_datetime ?? '',
    timezone: t.timezone ?? '',
    reminder: t.reminder === 1,
    questionnaire: { _id: t.questionnaire_id, chin_name: t.chin_name, abbrev: t.abbrev },
    window_closes_at: t.window_closes_at ?? '',
    status: statusAsRead(t, now),
    delivered_at: t.delivered_at,
    opened_at: t.opened_at,
    answered_at: t.answered_at,
    answered_late: Number(t.answered_late ?? 0) === 1,
    delivery: deliveryOf(t),
    trigger_submission_id: t.trigger_submission_id,
  }));
}

/** Assigned Diary Assessments with the days left of each. */
export async function diaryTasksOf(db: Db, studyId: string, participantId: string): Promise<DiaryTasksAnswer> {
  const participation = await participationOf(db, studyId, participantId);
  const rows = await listDiaryTasks(db, participation.id);
  const submitted = await submittedTimesOfTasks(db, rows.map((r) => r.id));
  const now = participationNow(participation);
  const daysLeft: Record<string, number> = {};
  const diaryAxTasks = rows.map((t) => {
    const task = {
      _id: t.id,
      diary_task_start_date: t.diary_start_date ?? '',
      questionnaire: { _id: t.questionnaire_id, chin_name: t.chin_name, abbrev: t.abbrev },
      number_of_days_required: t.number_of_days ?? 0,
      timezone: t.timezone ?? '',
    };
    const times = submitted.filter((s) => s.task_id === t.id).map((s) => s.submitted_at);
    daysLeft[t.id] = diaryDaysLeft({ diary_start_date: task.diary_task_start_date, number_of_days: task.number_of_days_required, timezone: task.timezone }, times, now);
    return task;
  });
  return { diaryAxTasks, daysLeft };
}
