// A participant's answer (PARTICIPANTS.md "Answers"): checked against the questionnaire as planned, stored with
// its items in a committed transaction before the 201, once per submissionId: the same submissionId again with
// the same content (its fingerprint) answers 200 with the first _id, with other content 422. A late answer is
// stored and marked late. Answers arriving together are committed together (answerStore.ts).
import type { AppContext } from '../../context';
import type { Db } from '../../repositories/db';
import type { ParticipantRow, ParticipationRow, SubmissionRow, TaskRow } from '../../db/types';
import type { AnswerItem, AnswerRefusal, ResponseBody } from '../../../shared/types/participantApp';
import { answersProblem, visibilityAnswers } from '../../../shared/questionnaire/answers';
import { canonicalShownTexts, shownTextsProblem } from '../../../shared/questionnaire/piping';
import { computeScores, readStoredScores } from '../../../shared/questionnaire/scores';
import { shownOrderProblem, shownOrderText } from '../../../shared/questionnaire/shuffles';
import { authMessages, participantMessages } from '../../../shared/messages';
import { HttpError, badRequest, conflict, notFound, unauthorized, unprocessable } from '../../httpErrors';
import { findParticipation, findParticipationById } from '../../repositories/participants';
import { findArrival } from '../../repositories/plans';
import { findAnytimeTask, findTask } from '../../repositories/tasks';
import { findSubmissionByClientId } from '../../repositories/submissions';
import { findPhotoUploadsByKeys } from '../../repositories/photos';
import { questionnaireAsPlanned } from '../plan/questionnaireVersions';
import { diaryEndDate, localDate } from '../plan/diaryDays';
import { checkStoredPhoto } from '../participants/photos';
import { newSequentialId, nowIso } from '../../ids';
import { judgedMoment, reportedMoment } from './reportedMoments';
import { requestFingerprint, sentItems, type SentAnswer } from '../../repositories/answerFingerprint';
import { isPilot, offsetOf, onClock } from '../pilot/clock';
import { plannedFollowups } from './followups';

export interface StoredAnswer {
  _id: string;
  /** 201 when stored now, 200 when this submissionId was stored before. */
  status: 200 | 201;
  /** The answer's scores by name (null: too few items answered), as stored with it. */
  scores: Record<string, number | null>;
}

/**
 * A pilot's fingerprint stored before issue 31 was made from its moments shifted onto its clock: its retry is the
 * same when both moments sent, moved by one shift its clock has had (more than 0, at most its offset now), give
 * the stored fingerprint. Read only once the fingerprint of the moments as sent did not match.
 */
async function sameAsShiftedBefore(db: Db, existing: SubmissionRow, sent: SentAnswer): Promise<boolean> {
  const shift = Date.parse(existing.started_at) - Date.parse(sent.startedAt);
  if (!(shift > 0) || Date.parse(existing.submitted_at) - Date.parse(sent.submittedAt) !== shift) return false;
  const participation = await findParticipationById(db, existing.participation_id);
  if (!participation || !isPilot(participation) || shift > offsetOf(participation)) return false;
  return requestFingerprint({ ...sent, startedAt: existing.started_at, submittedAt: existing.submitted_at }) === existing.request_fingerprint;
}

/**
 * The same submission again answers as the first did; the same id with other content is refused (422). It is
 * judged by what the participant sent (a pilot's moments as sent, not on its clock): a reminder's answer is
 * stored under its prompt, and its retry names the reminder again. An answer stored before fingerprints were
 * kept is the same when its questionnaire is.
 */
async function replay(db: Db, existing: SubmissionRow, sent: SentAnswer): Promise<StoredAnswer> {
  const same =
    existing.request_fingerprint === null
      ? existing.questionnaire_id === sent.questionnaireId
      : existing.request_fingerprint === requestFingerprint(sent) || (await sameAsShiftedBefore(db, existing, sent));
  if (!same) throw unprocessable(participantMessages.submissionReused);
  return { _id: existing.id, status: 200, scores: readStoredScores(existing.scores) };
}

/** The shown texts as stored and fingerprinted; null when none were sent (an empty set is none). */
function shownTextsOf(body: ResponseBody): string | null {
  return body.shown_texts && Object.keys(body.shown_texts).length > 0 ? canonicalShownTexts(body.shown_texts) : null;
}

/** 400 naming the response at fault, when one is. */
function refusal(problem: AnswerRefusal): HttpError {
  const where: Record<string, number> = {};
  if (problem.question_pos !== undefined) where.question_pos = problem.question_pos;
  if (problem.response_pos !== undefined) where.response_pos = problem.response_pos;
  return new HttpError(400, problem.message, where);
}

/** The task an answer is for: the named task (a reminder answers its prompt), or the anytime task. */
async function taskFor(db: Db, participation: ParticipationRow, body: ResponseBody): Promise<TaskRow> {
  if (body.taskId === null) {
    const arrival = await findArrival(db, participation.id, participation.assignment_num);
    const anytime = arrival ? await findAnytimeTask(db, arrival.id, body.questionnaireId) : undefined;
    if (!anytime) throw badRequest(participantMessages.anytimeOnly);
    return anytime;
  }
  const task = await findTask(db, body.taskId);
  if (!task || task.participation_id !== participation.id) throw notFound(participantMessages.taskNotFound);
  if (task.questionnaire_id !== body.questionnaireId) throw badRequest(participantMessages.answerQuestionnaireMismatch);
  if (task.kind === 'ema' && task.prompt_task_id) {
    const prompt = await findTask(db, task.prompt_task_id);
    if (!prompt) throw notFound(participantMessages.taskNotFound);
    return prompt;
  }
  return task;
}

function isLate(task: TaskRow, submittedAt: string): boolean {
  if (task.kind === 'ema') return task.window_closes_at !== null && submittedAt > task.window_closes_at;
  if (task.kind === 'diary' && task.diary_start_date && task.number_of_days && task.timezone) {
    const end = diaryEndDate({ diary_start_date: task.diary_start_date, number_of_days: task.number_of_days, timezone: task.timezone });
    return localDate(submittedAt, task.timezone) > end;
  }
  return false;
}

/** Photo answers name uploads of this participant, stored and really JPEG or PNG. */
async function photoIdsOf(ctx: AppContext, participant: ParticipantRow, questions: Parameters<typeof answersProblem>[0], answers: readonly AnswerItem[]) {
  const keys = answers
    .filter((a) => questions[a.question_pos]?.other_info[a.response_pos]?.type === 'photoUpload' && typeof a.value === 'string' && a.value !== '')
    .map((a) => a.value as string);
  const uploads = await findPhotoUploadsByKeys(ctx.db, participant.id, keys);
  return { keys: new Set(uploads.map((u) => u.object_key)), uploads };
}

/** A stored photo that is not what it claims to be is refused at the answer naming it. */
async function checkPhotos(ctx: AppContext, uploads: Awaited<ReturnType<typeof photoIdsOf>>['uploads'], answers: readonly AnswerItem[]): Promise<void> {
  for (const upload of uploads) {
    try {
      await checkStoredPhoto(ctx, upload);
    } catch (error) {
      const item = answers.find((a) => a.value === upload.object_key);
      if (!(error instanceof HttpError) || !item) throw error;
      throw refusal({ message: error.message, question_pos: item.question_pos, response_pos: item.response_pos });
    }
  }
}

interface Received {
  receivedAt: string;
  startedAt: string;
  submittedAt: string;
}

/**
 * Checks and stores a submissionId not seen before. It reads no earlier submission: a retry is found when a
 * check refuses it or the store finds its id taken (submitResponse), and a second answer to a prompt or a
 * one-time task is refused by the store's unique rule on the task, in the same transaction as the write.
 */
async function storeNewResponse(ctx: AppContext, participant: ParticipantRow, studyId: string, body: ResponseBody, received: Received): Promise<StoredAnswer> {
  const db = ctx.db;
  const participation = await findParticipation(db, participant.id, studyId);
  if (!participation) throw notFound(participantMessages.studyNotJoined);
  if (participation.status === 'withdrawn') throw conflict(participantMessages.alreadyWithdrawn);
  if (participation.status === 'invited') throw conflict(participantMessages.notEnrolled);
  // The moments on the participation's clock (a pilot's runs ahead; the skew was checked on the real one, and
  // the same shift of all three keeps that check true): the answer is on time or late by that clock.
  const receivedAt = onClock(participation, received.receivedAt);
  const startedAt = onClock(participation, received.startedAt);
  const submittedAt = onClock(participation, received.submittedAt);
  if (submittedAt < startedAt) throw badRequest(participantMessages.answerSubmittedBeforeStart);

  const task = await taskFor(db, participation, body);
  if (task.status === 'cancelled') throw conflict(participantMessages.taskNotAnswerable);
  const exclusive = task.kind === 'ema' || task.kind === 'once';

  const version = await questionnaireAsPlanned(db, task.questionnaire_version_id);
  if (!version) throw notFound(participantMessages.taskNotFound);
  const photos = await photoIdsOf(ctx, participant, version.questions, body.answers);
  const problem = answersProblem(version.questions, version.sets, body.answers, (key) => photos.keys.has(key));
  if (problem) throw refusal(problem);
  const shownProblem = body.shown_texts ? shownTextsProblem(version.questions, version.sets, visibilityAnswers(body.answers), body.shown_texts) : null;
  if (shownProblem) throw refusal({ message: participantMessages.shownTextMismatch, ...shownProblem });
  await checkPhotos(ctx, photos.uploads, body.answers);
  // The order shown must be one this version could show (issue 34 part 4).
  const orderProblem = body.shown_order ? shownOrderProblem(version.questions, version.sets, version.shuffleRuns, body.shown_order) : null;
  if (orderProblem) throw badRequest(orderProblem);

  const late = isLate(task, judgedMoment(submittedAt, receivedAt));
  // Scored as the version the task was planned with defines its scores, like the checks above.
  const scores = computeScores(version.questions, version.scores, body.answers);
  const followups = await plannedFollowups(db, participation, task, body.answers, scores, submittedAt);
  const id = newSequentialId();
  const result = await ctx.answers.submit({
    submission: {
      id,
      participant_id: participant.id,
      participation_id: participation.id,
      client_submission_id: body.submissionId,
      study_id: studyId,
      stage_id: task.stage_id,
      group_id: task.group_id,
      task_id: task.id,
      questionnaire_id: task.questionnaire_id,
      questionnaire_version_id: task.questionnaire_version_id,
      started_at: startedAt,
      submitted_at: submittedAt,
      received_at: receivedAt,
      late: late ? 1 : 0,
      exclusive_task_id: exclusive ? task.id : null,
      scores: JSON.stringify(scores),
      shown_order: body.shown_order ? shownOrderText(body.shown_order) : null,
      shown_texts: shownTextsOf(body),
    },
    sentTaskId: body.taskId,
    items: sentItems(body.answers),
    completes: exclusive && !late ? [task.id] : [],
    clockOffsetMs: offsetOf(participation),
    photoIds: photos.uploads.map((u) => u.id),
    followups,
  });
  // The account was erased while this answer was on its way: nothing was stored, and the session is over.
  if ('refused' in result && result.refused === 'accountErased') throw unauthorized(authMessages.sessionExpired);
  if ('refused' in result) {
    throw conflict(result.refused === 'photoTaken' ? participantMessages.photoTaken : participantMessages.taskAlreadyAnswered);
  }
  // The submissionId was stored before (by a first try, or a try racing this one): answered as its retry.
  if (result.status === 200) throw new SubmissionSeen({ ...result, scores });
  return { ...result, scores };
}

/** The store found this submissionId taken: the stored answer decides the reply. */
class SubmissionSeen extends Error {
  constructor(readonly stored: StoredAnswer) {
    super('submission id seen');
  }
}

export async function submitResponse(ctx: AppContext, participant: ParticipantRow, studyId: string, body: ResponseBody): Promise<StoredAnswer> {
  const receivedAt = nowIso();
  const startedAt = reportedMoment(body.startedAt, receivedAt, participantMessages.answerMoment);
  const submittedAt = reportedMoment(body.submittedAt, receivedAt, participantMessages.answerMoment);
  try {
    return await storeNewResponse(ctx, participant, studyId, body, { receivedAt, startedAt, submittedAt });
  } catch (error) {
    if (!(error instanceof HttpError || error instanceof SubmissionSeen)) throw error;
    // A retry answers as its first try did, whatever changed since (the task completed, the participant
    // withdrew, the window closed): the earlier submission is looked for only once a new answer was refused.
    const existing = await findSubmissionByClientId(ctx.db, participant.id, body.submissionId);
    if (existing) {
      const shownOrder = body.shown_order ? shownOrderText(body.shown_order) : null;
      return replay(ctx.db, existing, { taskId: body.taskId, questionnaireId: body.questionnaireId, startedAt, submittedAt, items: sentItems(body.answers), shownOrder, shownTexts: shownTextsOf(body) });
    }
    if (error instanceof SubmissionSeen) return error.stored;
    throw error;
  }
}
