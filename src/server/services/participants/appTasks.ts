// The app's reports about tasks (received, delivered, opened) and the questionnaire it renders for a task.
import type { AppContext } from '../../context';
import type { Db } from '../../repositories/db';
import type { Question } from '../../../shared/questionnaire/types';
import { findMediaFilesOfQuestionnaire } from '../../repositories/mediaFiles';
import type { ParticipantRow } from '../../db/types';
import type { AppQuestionnaire, TaskEvent } from '../../../shared/types/participantApp';
import { participantMessages } from '../../../shared/messages';
import { notFound } from '../../httpErrors';
import { findParticipation } from '../../repositories/participants';
import { findTasksOfParticipation, latestVersionForParticipant, markDelivered, markOpened, markReceived } from '../../repositories/tasks';
import { questionnaireAsPlanned } from '../plan/questionnaireVersions';
import { nowIso } from '../../ids';
import { reportedMoment } from '../answers/reportedMoments';
import { onClock } from '../pilot/clock';
import { earlierAnswersFor } from '../answers/earlierAnswers';

/**
 * Moves tasks forward: planned → delivered → opened, keeping the moment the app saw each (the phone's) and when
 * the server received it. A reminder's events also move its prompt (the notification the participant acted on
 * belongs to it). The whole report is applied, or none of it when a task is not the participant's. The first
 * report of each step is kept, so a report sent again (a retry) changes nothing and answers the same. `received`
 * is of the push itself (the delivery ledger, issue 33): a reminder's is its own, its prompt's push being another.
 */
export async function recordEvents(db: Db, participant: ParticipantRow, studyId: string, events: readonly TaskEvent[]): Promise<void> {
  const participation = await findParticipation(db, participant.id, studyId);
  if (!participation) throw notFound(participantMessages.studyNotJoined);
  // The app reports its device's real moments: checked against the real receipt, then placed on the
  // participation's clock (the same moments for a real participation).
  const realReceipt = nowIso();
  const receivedAt = onClock(participation, realReceipt);
  const moments = events.map((e) => onClock(participation, reportedMoment(e.at, realReceipt, participantMessages.eventMoment)));
  await db.transaction().execute(async (trx) => {
    const ids = [...new Set(events.map((e) => e.taskId))];
    const tasks = await findTasksOfParticipation(trx, participation.id, ids);
    if (tasks.length !== ids.length) throw notFound(participantMessages.taskNotFound);
    const promptOf = new Map(tasks.map((t) => [t.id, t.prompt_task_id]));
    for (let i = 0; i < events.length; i += 1) {
      const { kind, taskId } = events[i];
      const prompt = promptOf.get(taskId);
      const targets = prompt ? [taskId, prompt] : [taskId];
      if (kind === 'received') await markReceived(trx, [taskId], moments[i]);
      else if (kind === 'delivered') await markDelivered(trx, targets, moments[i], receivedAt);
      else await markOpened(trx, targets, moments[i], receivedAt);
    }
  });
}

/**
 * Signed, expiring addresses of the uploaded media files the questions show, by stored key: the participant
 * has no staff session to read the lab's files, and the questionnaire is what grants the right to see them.
 * Only files stored in the questionnaire's lab are signed; a key without one is left out (the app says the
 * file cannot be shown).
 */
async function mediaAddressesOf(ctx: AppContext, questionnaireId: string, questions: readonly Question[]): Promise<{ urls: Record<string, string>; expiresAt: string }> {
  const keys = [...new Set(questions.flatMap((q) => q.other_info.filter((r) => r.type === 'media' && r.media_source === 'uploaded' && r.media_url).map((r) => r.media_url)))];
  const files = await findMediaFilesOfQuestionnaire(ctx.db, questionnaireId, keys);
  const expiresAt = new Date(Date.now() + ctx.config.downloadUrlMinutes * 60_000);
  const urls: Record<string, string> = {};
  for (const file of files) urls[file.object_key] = await ctx.storage.createDownloadUrl(file.object_key, expiresAt);
  return { urls, expiresAt: expiresAt.toISOString() };
}

/** The questionnaire as planned for the participant's most recent task with it; none without a task. */
export async function questionnaireForParticipant(ctx: AppContext, participant: ParticipantRow, questionnaireId: string): Promise<AppQuestionnaire> {
  const { db } = ctx;
  const latest = await latestVersionForParticipant(db, participant.id, questionnaireId);
  const version = latest ? await questionnaireAsPlanned(db, latest.versionId) : null;
  if (!version || !latest) throw notFound(participantMessages.questionnaireNotAssigned);
  return {
    _id: version.row.questionnaire_id,
    chin_name: version.row.chin_name,
    abbrev: version.row.abbrev,
    createdAt: version.row.created_at,
    user: null,
    chin_content: version.questions,
    mc_sets: version.sets,
    shuffle_runs: version.shuffleRuns,
    media: await mediaAddressesOf(ctx, version.row.questionnaire_id, version.questions),
    // The study of the task it was planned for: answers in another study are never quoted.
    earlier_answers: await earlierAnswersFor(db, participant.id, latest.studyId, version.questions, version.sets),
  };
}
