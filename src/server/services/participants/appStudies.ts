// The participant app's study calls: join by study code, list participations, consent, withdraw, and the tasks
// (whose first call after an assignment records the arrival and makes the plan).
import type { Db } from '../../repositories/db';
import type { ParticipantRow, ParticipationRow } from '../../db/types';
import type {
  AppDiaryTask,
  AppEmaTask,
  AppOpenTask,
  AppParticipation,
  AppTasksAnswer,
  OpenTaskStatus,
} from '../../../shared/types/participantApp';
import type { ParticipationStatus } from '../../../shared/types/participant';
import { participantMessages, pilotMessages, studyMessages } from '../../../shared/messages';
import { badRequest, conflict, forbidden, notFound } from '../../httpErrors';
import {
  findActiveStudyByCode,
  findParticipation,
  findStudyLab,
  listAppParticipationRows,
  listArrivalsOfParticipant,
  listConsentOfStudies,
  listParticipationsOfParticipant,
  moveParticipationStatus,
  type AppParticipationRow,
} from '../../repositories/participants';
import { findArrival } from '../../repositories/plans';
import { listTasksOfArrival, submittedTimesOfTasks } from '../../repositories/tasks';
import { startParticipation } from './participantAccounts';
import { allocateOnEnrolment, recordAllocation } from './allocationRule';
import type { AuditActor } from '../audit/record';
import { completeEndedParticipations, endParticipation } from './participationEnd';
import { arrive } from '../plan/arrival';
import { diaryDaysLeft } from '../plan/diaryDays';
import { statusAsRead } from '../plan/taskStatus';
import { participationNow } from '../pilot/clock';

/** The trail names the participant by id only: their email stays out of an entry that can never be erased. */
function participantActor(participantId: string): AuditActor {
  return { kind: 'participant', id: participantId, email: null };
}

async function readParticipations(db: Db, participantId: string, studyId?: string): Promise<AppParticipation[]> {
  const rows = await listAppParticipationRows(db, participantId, studyId);
  const [arrivals, consents] = await Promise.all([
    listArrivalsOfParticipant(db, participantId),
    listConsentOfStudies(db, rows.map((r) => r.study_id)),
  ]);
  return rows.map((r: AppParticipationRow) => {
    const consent = consents.find((c) => c.study_id === r.study_id);
    return {
      _id: r.id,
      study: { _id: r.study_id, chin_name: r.study_name, study_code: r.study_code },
      status: r.status as ParticipationStatus,
      current_stage: {
        _id: r.current_stage_id,
        chin_name: r.stage_name,
        stage_num: r.stage_num,
        chin_progress_message: r.chin_progress_message,
        chin_complete_message: r.chin_complete_message,
      },
      current_group: { _id: r.current_group_id, name: r.group_name, group_num: r.group_num },
      consent: { consent_needed: consent?.consent_needed === 1, chin_content: consent?.consent_content ?? '', keep_answers_on_erasure: consent?.keep_answers_on_erasure === 1 },
      arrive_assigned: r.arrive_assigned === 1,
      enrolment_time: arrivals.filter((a) => a.participation_id === r.id).map((a) => ({ start_datetime: a.start_datetime })),
    };
  });
}

/** The participant's participations; any whose last stage's plan has ended reads as completed. */
export async function listParticipations(db: Db, participant: ParticipantRow): Promise<AppParticipation[]> {
  await completeEndedParticipations(db, { participantId: participant.id });
  // A pilot participant's participations each read their own clock.
  if (participant.pilot === 1) {
    for (const p of await listParticipationsOfParticipant(db, participant.id)) {
      await completeEndedParticipations(db, { participationId: p.id }, participationNow(p));
    }
  }
  return readParticipations(db, participant.id);
}

async function readOne(db: Db, participantId: string, studyId: string): Promise<AppParticipation> {
  const [one] = await readParticipations(db, participantId, studyId);
  if (!one) throw notFound(participantMessages.studyNotJoined);
  return one;
}

/** The participant's participation in a study; a study not joined (or another's) answers 404. */
async function participationOf(db: Db, participantId: string, studyId: string) {
  const participation = await findParticipation(db, participantId, studyId);
  if (!participation) throw notFound(participantMessages.studyNotJoined);
  return participation;
}

/**
 * Joining by code (or a join link, which calls this too). A pilot account only runs the pilot it was made for
 * (issue 31): joined to a study by code, its participation would be a real one and its answers real data.
 */
export async function joinStudy(db: Db, participant: ParticipantRow, studyCode: string): Promise<AppParticipation> {
  if (participant.pilot === 1) throw forbidden(pilotMessages.pilotCannotJoin);
  const study = await findActiveStudyByCode(db, studyCode.trim().toUpperCase());
  if (!study) throw notFound(participantMessages.studyCodeUnknown);
  // Enrolled at once (no consent form): allocated by the study's standing rule, if any, in the same transaction.
  await db.transaction().execute(async (trx) => {
    const started = await startParticipation(trx, participant.id, study.id);
    if (started.status === 'enrolled') await recordAllocation(trx, participantActor(participant.id), await allocateOnEnrolment(trx, study, started));
  });
  return readOne(db, participant.id, study.id);
}

/**
 * Enrols an invited participation and allocates it by the study's standing rule, if any, in one transaction.
 * The status moves only from `invited`: of two identical calls at once the second moves nothing and allocates
 * nothing (false).
 */
async function enrol(db: Db, participation: ParticipationRow, consent: { consent_text: string; consented_at: string } | null): Promise<boolean> {
  const study = await findStudyLab(db, participation.study_id);
  if (!study) throw notFound(studyMessages.studyNotFound);
  return db.transaction().execute(async (trx) => {
    const moved = await moveParticipationStatus(trx, participation.id, 'invited', { status: 'enrolled', ...consent });
    if (!moved) return false;
    const events = await allocateOnEnrolment(trx, { id: participation.study_id, lab_id: study.lab_id }, { ...participation, status: 'enrolled' });
    await recordAllocation(trx, participantActor(participation.participant_id), events);
    return true;
  });
}

/**
 * A participation waiting for consent in a study that no longer asks for it (the form was switched off after
 * the participant joined) is enrolled, as joining would have done.
 */
async function enrolWhenConsentDropped(db: Db, participation: ParticipationRow): Promise<ParticipationRow> {
  if (participation.status !== 'invited') return participation;
  const [consent] = await listConsentOfStudies(db, [participation.study_id]);
  if (consent?.consent_needed === 1) return participation;
  await enrol(db, participation, null);
  return participationOf(db, participation.participant_id, participation.study_id);
}

/** Agreeing to stage 1's consent form: the text agreed to and the moment are kept. */
export async function giveConsent(db: Db, participant: ParticipantRow, studyId: string, agree: boolean): Promise<AppParticipation> {
  const participation = await participationOf(db, participant.id, studyId);
  const current = await readOne(db, participant.id, studyId);
  if (!current.consent.consent_needed) {
    if ((await enrolWhenConsentDropped(db, participation)).status !== participation.status) return readOne(db, participant.id, studyId);
    throw conflict(participantMessages.consentNotNeeded);
  }
  if (participation.status === 'withdrawn') throw conflict(participantMessages.alreadyWithdrawn);
  if (participation.status !== 'invited') throw conflict(participantMessages.alreadyEnrolled);
  if (!agree) throw badRequest(participantMessages.consentMustAgree);
  // A consent sent twice at once: the second finds the participation enrolled already.
  if (!(await enrol(db, participation, { consent_text: current.consent.chin_content, consented_at: participationNow(participation) }))) {
    throw conflict(participantMessages.alreadyEnrolled);
  }
  return readOne(db, participant.id, studyId);
}

/** Withdrawing keeps every answer; what is left of the plan is cancelled (as when the researcher withdraws). */
export async function withdraw(db: Db, participant: ParticipantRow, studyId: string): Promise<AppParticipation> {
  const participation = await participationOf(db, participant.id, studyId);
  const study = await findStudyLab(db, studyId);
  if (!study) throw notFound(studyMessages.studyNotFound);
  await endParticipation(db, participation, 'withdrawn', 'participant', { actor: participantActor(participant.id), labId: study.lab_id });
  return readOne(db, participant.id, studyId);
}

/**
 * The tasks of the current assignment's plan. The first call after an assignment records the arrival and makes
 * the plan; later calls read it. Until consent is given there are none.
 */
export async function tasksOf(db: Db, participant: ParticipantRow, studyId: string, labId: () => Promise<string>): Promise<AppTasksAnswer> {
  let participation = await enrolWhenConsentDropped(db, await participationOf(db, participant.id, studyId));
  if (participation.status === 'invited') throw conflict(participantMessages.notEnrolled);
  if (participation.status === 'enrolled' && participation.arrive_assigned === 0) {
    await arrive(db, participation, await labId(), participationNow(participation));
    participation = await participationOf(db, participant.id, studyId);
  }
  if (participation.status === 'enrolled') await completeEndedParticipations(db, { participationId: participation.id }, participationNow(participation));
  const arrival = await findArrival(db, participation.id, participation.assignment_num);
  if (!arrival) return { ema: [], diary: [], once: [], anytime: [] };
  const rows = await listTasksOfArrival(db, arrival.id, ['ema', 'diary', 'once', 'anytime']);
  const now = participationNow(participation);
  const diaryRows = rows.filter((t) => t.kind === 'diary');
  const submitted = await submittedTimesOfTasks(db, diaryRows.map((t) => t.id));
  const questionnaire = (t: (typeof rows)[number]) => ({ _id: t.questionnaire_id, chin_name: t.chin_name, abbrev: t.abbrev });
  const ema: AppEmaTask[] = [];
  const diary: AppDiaryTask[] = [];
  const once: AppOpenTask[] = [];
  const anytime: AppOpenTask[] = [];
  for (const t of rows) {
    if (t.kind === 'ema') {
      ema.push({
        _id: t.id,
        kind: 'ema',
        prompt_id: t.prompt_task_id,
        questionnaire: questionnaire(t),
        notification_datetime: t.notification_datetime ?? '',
        timezone: t.timezone ?? '',
        reminder: t.reminder === 1,
        window_closes_at: t.window_closes_at ?? '',
        status: statusAsRead(t, now),
        followup: t.trigger_submission_id !== null,
        trigger_submission_id: t.trigger_submission_id,
      });
    } else if (t.kind === 'diary') {
      const days = { diary_start_date: t.diary_start_date ?? '', number_of_days: t.number_of_days ?? 0, timezone: t.timezone ?? '' };
      diary.push({
        _id: t.id,
        kind: 'diary',
        questionnaire: questionnaire(t),
        diary_task_start_date: days.diary_start_date,
        number_of_days_required: days.number_of_days,
        days_left: t.status === 'cancelled' ? 0 : diaryDaysLeft(days, submitted.filter((s) => s.task_id === t.id).map((s) => s.submitted_at), now),
        timezone: days.timezone,
      });
    } else {
      const list = t.kind === 'once' ? once : anytime;
      list.push({ _id: t.id, kind: t.kind as 'once' | 'anytime', questionnaire: questionnaire(t), status: t.status as OpenTaskStatus });
    }
  }
  return { ema, diary, once, anytime };
}
