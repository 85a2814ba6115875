// A participant account's erasure (issue 36 part 3): the account and its email are erased, with its sessions,
// reset codes, push subscriptions, device and messages (they go with the account row). Per study, as its consent
// form said (studies.keep_answers_on_erasure), the answers are deleted, or kept under a new, empty account of that
// study alone (a fresh id and code, no email or password) so that nothing links them to the person or to each
// other. The audit trail names the erased account by its id only; no entry is rewritten.
import type { AppContext } from '../../context';
import type { Db } from '../../repositories/db';
import { dialectOf } from '../../repositories/db';
import type { ParticipantRow } from '../../db/types';
import { newId, nowIso } from '../../ids';
import { newParticipantCode } from './participantAccounts';
import { recordAudit, type AuditActor } from '../audit/record';

interface ErasedParticipation {
  studyId: string;
  labId: string;
  kept: boolean;
  answers: number;
}

/** The account row, locked on PostgreSQL so that an answer being written for it commits first or waits (its foreign key) and then fails. */
async function lockedAccount(trx: Db, participantId: string): Promise<boolean> {
  const query = trx.selectFrom('participants').select('id').where('id', '=', participantId);
  // SQLite's transactions begin immediate (db/database.ts): they already hold the one write lock.
  const row = await (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return row !== undefined;
}

/** An account of its own for the answers a study keeps: nothing in it names the person. */
async function emptyAccount(trx: Db, pilot: number, now: string): Promise<string> {
  const id = newId();
  await trx
    .insertInto('participants')
    .values({ id, participant_code: newParticipantCode(), email: `erased-${id}@erased.invalid`, password_hash: '', created_by: null, created_at: now, pilot, prompt_emails: 0, app_language: null })
    .execute();
  return id;
}

async function keepUnlinked(trx: Db, participationId: string, pilot: number, now: string): Promise<void> {
  const anonymous = await emptyAccount(trx, pilot, now);
  await trx.updateTable('participations').set({ participant_id: anonymous }).where('id', '=', participationId).execute();
  // Nobody is left to prompt: the participation ends as a withdrawal would end it.
  await trx.updateTable('participations').set({ status: 'withdrawn', withdrawn_at: now }).where('id', '=', participationId).where('status', 'in', ['invited', 'enrolled']).execute();
  await trx.updateTable('submissions').set({ participant_id: anonymous }).where('participation_id', '=', participationId).execute();
  await trx
    .updateTable('photo_uploads')
    .set({ participant_id: anonymous })
    .where('submission_id', 'in', (q) => q.selectFrom('submissions').select('id').where('participation_id', '=', participationId))
    .execute();
}

/** Whose answers: one participation's (an erasure), or a whole study's (its retention date, services/studies/retention.ts). */
export type AnswersOf = { participationId: string } | { studyId: string };

function submissionIdsOf(trx: Db, of: AnswersOf) {
  const query = trx.selectFrom('submissions').select('id');
  return 'studyId' in of ? query.where('study_id', '=', of.studyId) : query.where('participation_id', '=', of.participationId);
}

/** Deletes the photo rows of those answers; answers their stored files' keys, to remove after the commit. */
export async function deletePhotosOfAnswers(trx: Db, of: AnswersOf): Promise<string[]> {
  const photos = await trx.selectFrom('photo_uploads').select('object_key').where('submission_id', 'in', submissionIdsOf(trx, of)).execute();
  if (photos.length > 0) await trx.deleteFrom('photo_uploads').where('submission_id', 'in', submissionIdsOf(trx, of)).execute();
  return photos.map((p) => p.object_key);
}

/** Removes stored photo files once their rows are gone; a failure is logged, not answered (the row is what the portal reads). */
export async function removeStoredPhotos(ctx: Pick<AppContext, 'storage'>, keys: readonly string[], log: { error: (obj: object, msg: string) => void }): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.storage.remove(key);
    } catch (error) {
      log.error({ err: error }, 'could not remove a deleted photo');
    }
  }
}

/**
 * Erases the account in one transaction; answers the stored photos' keys to remove afterwards, or null when the
 * account was erased already (a racing call). `actor`: the participant (by id) or the researcher.
 */
async function eraseInTransaction(db: Db, participant: ParticipantRow, actor: AuditActor): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockedAccount(trx, participant.id))) return null;
    const now = nowIso();
    const participations = await trx
      .selectFrom('participations')
      .innerJoin('studies', 'studies.id', 'participations.study_id')
      .select(['participations.id', 'participations.study_id', 'studies.lab_id', 'studies.keep_answers_on_erasure'])
      .where('participations.participant_id', '=', participant.id)
      .execute();
    const erased: ErasedParticipation[] = [];
    for (const p of participations) {
      const counted = await trx.selectFrom('submissions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('participation_id', '=', p.id).executeTakeFirst();
      const kept = p.keep_answers_on_erasure === 1;
      if (kept) await keepUnlinked(trx, p.id, participant.pilot, now);
      erased.push({ studyId: p.study_id, labId: p.lab_id, kept, answers: Number(counted?.n ?? 0) });
    }
    const photos = await trx.selectFrom('photo_uploads').select('object_key').where('participant_id', '=', participant.id).execute();
    // Everything else of the account goes with its row (foreign keys on delete cascade).
    await trx.deleteFrom('participants').where('id', '=', participant.id).execute();
    await trx.insertInto('participant_erasures').values({ participant_id: participant.id, erased_at: now }).execute();
    const entries = erased.length > 0 ? erased : [null];
    for (const e of entries) {
      await recordAudit(trx, actor, {
        kind: 'participant.erased',
        entityType: 'participant',
        entityId: participant.id,
        studyId: e?.studyId ?? null,
        labId: e?.labId ?? null,
        before: e ? { answers: e.answers } : null,
        after: e ? { answers: e.kept ? 'kept without a link to a person' : 'deleted' } : { account: 'erased' },
      });
    }
    return photos.map((p) => p.object_key);
  });
}

/** Erases the account; the photos' stored files are removed after the commit (a failure is logged, not answered). */
export async function eraseParticipantAccount(ctx: AppContext, participant: ParticipantRow, actor: AuditActor, log: { error: (obj: object, msg: string) => void }): Promise<void> {
  const keys = await eraseInTransaction(ctx.db, participant, actor);
  await removeStoredPhotos(ctx, keys ?? [], log);
}

/**
 * The researcher's erasure on request (issue 36 part 3), for one study: the participation's answers are deleted
 * or kept unlinked as the study chose. When the person takes part in no other study, the whole account is
 * erased as the participant's own call would erase it; otherwise the account stays for the other studies.
 * Answers false when the participant has no participation in the study (erased already, or never joined).
 */
export async function eraseFromStudy(ctx: AppContext, study: { id: string; lab_id: string; keep_answers_on_erasure: number }, participantId: string, actor: AuditActor, log: { error: (obj: object, msg: string) => void }): Promise<boolean> {
  const participant = await ctx.db.selectFrom('participants').selectAll().where('id', '=', participantId).executeTakeFirst();
  if (!participant) return false;
  const participations = await ctx.db.selectFrom('participations').select(['id', 'study_id']).where('participant_id', '=', participantId).execute();
  const here = participations.find((p) => p.study_id === study.id);
  if (!here) return false;
  if (participations.length === 1) {
    await eraseParticipantAccount(ctx, participant, actor, log);
    return true;
  }
  const keys = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockedAccount(trx, participantId))) return null;
    const still = await trx.selectFrom('participations').select('id').where('id', '=', here.id).where('participant_id', '=', participantId).executeTakeFirst();
    if (!still) return null;
    const now = nowIso();
    const counted = await trx.selectFrom('submissions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('participation_id', '=', here.id).executeTakeFirst();
    const kept = study.keep_answers_on_erasure === 1;
    let photos: string[] = [];
    if (kept) {
      await keepUnlinked(trx, here.id, participant.pilot, now);
    } else {
      photos = await deletePhotosOfAnswers(trx, { participationId: here.id });
      // Its plan, answers and arrivals go with it (foreign keys on delete cascade).
      await trx.deleteFrom('participations').where('id', '=', here.id).execute();
    }
    await recordAudit(trx, actor, {
      kind: 'participant.erased',
      entityType: 'participant',
      entityId: participantId,
      studyId: study.id,
      labId: study.lab_id,
      before: { answers: Number(counted?.n ?? 0) },
      after: { answers: kept ? 'kept without a link to a person' : 'deleted' },
    });
    return photos;
  });
  if (keys === null) return false;
  await removeStoredPhotos(ctx, keys, log);
  return true;
}

/** Whether the account was erased (the app's retry of its delete call). */
export async function wasErased(db: Db, participantId: string): Promise<boolean> {
  const row = await db.selectFrom('participant_erasures').select('participant_id').where('participant_id', '=', participantId).executeTakeFirst();
  return row !== undefined;
}
