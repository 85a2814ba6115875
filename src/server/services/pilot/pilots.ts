// Pilot participations (issue 20): made by a lab user to walk a study's schedule on a simulated clock held here.
// A pilot participant is flagged (participants.pilot), has an address on a reserved domain and is never mailed
// or pushed; its participation's clock offset only grows; a reset removes its answers and plan, recorded.
import { recordAudit, type AuditActor } from '../audit/record';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Db } from '../../repositories/db';
import type { ParticipationRow, StudyRow } from '../../db/types';
import type { CreatedPilot, CreatePilotBody, Pilot, PilotClockBody, PilotTask } from '../../../shared/types/pilot';
import { pilotMessages, studyMessages } from '../../../shared/messages';
import { badRequest, conflict, notFound } from '../../httpErrors';
import {
  findConsentStage,
  findFirstPlace,
  findParticipant,
  findParticipationById,
  listPlaces,
  raisePilotOffset,
  updateParticipation,
} from '../../repositories/participants';
import { findStudyInLab } from '../../repositories/studies';
import { findArrival } from '../../repositories/plans';
import { listTasksOfArrival, nextPromptOfArrival } from '../../repositories/tasks';
import { resetPilotPlan } from '../../repositories/pilots';
import { createParticipantAccount, startParticipation } from '../participants/participantAccounts';
import { startSession } from '../participants/participantSessions';
import { arrive } from '../plan/arrival';
import { completeEndedParticipations } from '../participants/participationEnd';
import { statusAsRead } from '../plan/taskStatus';
import { newId, nowIso } from '../../ids';
import { isPilot, offsetOf, participationNow } from './clock';

/** The reserved domain of pilot addresses (RFC 2606 `.invalid`: no mail can ever be delivered there). */
export const PILOT_EMAIL_DOMAIN = 'pilot.invalid';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The first moment of the year 10000: beyond it an ISO-8601 moment has no four-digit year. */
const MOMENT_END_MS = 253_402_300_800_000;

async function placeFor(db: Db, studyId: string, body: CreatePilotBody) {
  if (!body.stageId) {
    if (body.groupId) throw badRequest(pilotMessages.groupNeedsStage);
    const first = await findFirstPlace(db, studyId);
    if (!first) throw notFound(studyMessages.studyNotFound);
    return first;
  }
  const places = (await listPlaces(db, studyId)).filter((p) => p.stage_id === body.stageId);
  if (places.length === 0) throw notFound(studyMessages.stageNotFound);
  const place = body.groupId ? places.find((p) => p.group_id === body.groupId) : [...places].sort((a, b) => a.group_num - b.group_num)[0];
  if (!place) throw notFound(studyMessages.groupNotFound);
  return place;
}

/** A pilot participant joined, consented (when the study asks) and placed; also while the study is inactive. */
export async function createPilot(ctx: AppContext, study: StudyRow, body: CreatePilotBody, createdBy: string, actor: AuditActor): Promise<CreatedPilot> {
  const place = await placeFor(ctx.db, study.id, body);
  const consent = await findConsentStage(ctx.db, study.id);
  const id = newId();
  const { participant, participation } = await ctx.db.transaction().execute(async (trx) => {
    const account = await createParticipantAccount(trx, {
      email: `pilot-${id}@${PILOT_EMAIL_DOMAIN}`,
      // Nobody signs in with it: the portal opens the app with the session answered here.
      password: randomBytes(24).toString('hex'),
      createdBy,
      pilot: true,
    });
    const started = await startParticipation(trx, account.id, study.id, true);
    const now = participationNow(started);
    const consented = consent?.consent_needed === 1;
    const changes = {
      status: 'enrolled',
      consent_text: consented ? consent.consent_content : null,
      consented_at: consented ? now : null,
      current_stage_id: place.stage_id,
      current_group_id: place.group_id,
    };
    await updateParticipation(trx, started.id, changes);
    await recordAudit(trx, actor, {
      kind: 'participant.created',
      entityType: 'participant',
      entityId: account.id,
      studyId: study.id,
      labId: study.lab_id,
      before: null,
      after: { email: account.email, pilot: true, stage: place.stage_id, group: place.group_id },
    });
    return { participant: account, participation: { ...started, ...changes } };
  });
  const session = await startSession(ctx, participant);
  return { pilot: await readPilot(ctx.db, participation, study.lab_id), session };
}

/** The pilot participation, of a study of the lab; anything else answers 404. */
export async function pilotOfLab(db: Db, participationId: string, labId: string): Promise<{ participation: ParticipationRow; study: StudyRow }> {
  const participation = await findParticipationById(db, participationId);
  if (!participation || !isPilot(participation)) throw notFound(pilotMessages.notPilot);
  const study = await findStudyInLab(db, participation.study_id, labId);
  if (!study) throw notFound(pilotMessages.notPilot);
  return { participation, study };
}

/** The pilot's clock and plan; its arrival (the plan) happens here when the app has not loaded its tasks yet. */
export async function readPilot(db: Db, participation: ParticipationRow, labId: string): Promise<Pilot> {
  let current = participation;
  if (current.status === 'enrolled' && current.arrive_assigned === 0) {
    await arrive(db, current, labId, participationNow(current));
    current = (await findParticipationById(db, current.id)) ?? current;
  }
  // Completion by the plan's end on the pilot's clock (reads over a whole study leave pilots to their own reads).
  if (current.status === 'enrolled' && (await completeEndedParticipations(db, { participationId: current.id }, participationNow(current))) > 0) {
    current = (await findParticipationById(db, current.id)) ?? current;
  }
  const participant = await findParticipant(db, current.participant_id);
  const arrival = await findArrival(db, current.id, current.assignment_num);
  const rows = arrival ? await listTasksOfArrival(db, arrival.id, ['ema', 'diary', 'once', 'anytime']) : [];
  const now = participationNow(current);
  const plan: PilotTask[] = rows.map((t) => ({
    _id: t.id,
    kind: t.kind,
    questionnaire: { _id: t.questionnaire_id, chin_name: t.chin_name, abbrev: t.abbrev },
    prompt_id: t.prompt_task_id,
    followup: t.trigger_submission_id !== null,
    notification_datetime: t.notification_datetime,
    window_closes_at: t.window_closes_at,
    diary_start_date: t.diary_start_date,
    number_of_days: t.number_of_days,
    status: t.kind === 'ema' ? statusAsRead(t, now) : t.status,
    completed_at: t.completed_at,
  }));
  return {
    _id: current.id,
    participant: { _id: current.participant_id, email: participant?.email ?? '', participant_code: participant?.participant_code ?? '' },
    study_id: current.study_id,
    status: current.status,
    current_stage_id: current.current_stage_id,
    current_group_id: current.current_group_id,
    clock: { now, offset_ms: offsetOf(current) },
    plan,
  };
}

/** The first prompt of the pilot's current plan after its now; undefined when none is left. */
async function nextPromptAfter(db: Db, participation: ParticipationRow, now: string): Promise<string | undefined> {
  const arrival = await findArrival(db, participation.id, participation.assignment_num);
  if (!arrival) return undefined;
  return nextPromptOfArrival(db, arrival.id, now);
}

/** The moment the clock moves to: a step forward, the next prompt, or a chosen moment never before its now. */
async function targetOf(db: Db, participation: ParticipationRow, body: PilotClockBody, nowMs: number): Promise<number> {
  if ('to' in body) {
    const to = Date.parse(body.to);
    if (!Number.isFinite(to) || to < 0 || to >= MOMENT_END_MS) throw badRequest(pilotMessages.momentInvalid);
    if (to < nowMs) throw conflict(pilotMessages.clockBack);
    return to;
  }
  if (body.advance === 'hour') return nowMs + HOUR_MS;
  if (body.advance === 'day') return nowMs + DAY_MS;
  const next = await nextPromptAfter(db, participation, new Date(nowMs).toISOString());
  if (!next) throw conflict(pilotMessages.noNextPrompt);
  return Date.parse(next);
}

/**
 * Moves the pilot's clock forward. The new offset is stored only over a smaller one (a conditional update), so
 * of two racing moves the clock ends at the later moment and never goes back.
 */
export async function moveClock(db: Db, participation: ParticipationRow, labId: string, body: PilotClockBody): Promise<Pilot> {
  if (('to' in body) === ('advance' in body)) throw badRequest(pilotMessages.advanceOrTo);
  const realMs = Date.now();
  const nowMs = realMs + offsetOf(participation);
  const target = await targetOf(db, participation, body, nowMs);
  const offset = Math.max(offsetOf(participation), target - realMs);
  await raisePilotOffset(db, participation.id, offset);
  const moved = await findParticipationById(db, participation.id);
  if (!moved) throw notFound(pilotMessages.notPilot);
  return readPilot(db, moved, labId);
}

/**
 * Removes the pilot's answers and plan (its clock stays: it never goes back); the next read plans it again at the
 * pilot's now. Who reset it and when are recorded in pilot_resets.
 */
export async function resetPilot(db: Db, participation: ParticipationRow, labId: string, resetBy: string, actor: AuditActor): Promise<Pilot> {
  await db.transaction().execute(async (trx) => {
    await resetPilotPlan(trx, { id: newId(), participation_id: participation.id, reset_by: resetBy, reset_at: nowIso(), offset_ms: offsetOf(participation) });
    await recordAudit(trx, actor, {
      kind: 'pilot.reset',
      entityType: 'participant',
      entityId: participation.participant_id,
      studyId: participation.study_id,
      labId,
      before: { status: participation.status, offsetMs: offsetOf(participation) },
      after: { status: 'enrolled', answers: 'removed', plan: 'removed' },
    });
  });
  const reset = await findParticipationById(db, participation.id);
  if (!reset) throw notFound(pilotMessages.notPilot);
  return readPilot(db, reset, labId);
}
