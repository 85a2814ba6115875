// Each participant's device as the app last reported it (migration 0018), and the record of a lost push.
import type { SqlBool } from 'kysely';
import type { Db } from './db';
import type { ParticipantDeviceRow } from '../db/types';
import type { AppLanguage, DevicePlatform, DeviceReportBody } from '../../shared/devices';

/**
 * Replaces the participant's reported state (one statement, so two reports at once leave one of them whole), and
 * keeps the app's language for the emails when the report names it. The push_lost_at mark stays: only a new
 * subscription clears it.
 */
export async function saveDeviceReport(db: Db, participantId: string, report: DeviceReportBody, platform: DevicePlatform, now: string): Promise<void> {
  const state = {
    push_permission: report.pushPermission,
    installed: report.installed ? 1 : 0,
    app_version: report.appVersion,
    timezone: report.timezone,
    pending_answers: report.pendingAnswers,
    platform,
    last_seen_at: now,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('participant_devices')
      .values({ participant_id: participantId, ...state, push_lost_at: null })
      .onConflict((oc) => oc.column('participant_id').doUpdateSet(state))
      .execute();
    if (report.language) await setAppLanguage(trx, participantId, report.language);
  });
}

async function setAppLanguage(db: Db, participantId: string, language: AppLanguage): Promise<void> {
  await db.updateTable('participants').set({ app_language: language }).where('id', '=', participantId).execute();
}

/** The time zone the participant's phone reported last, if it reported one. */
export async function reportedZone(db: Db, participantId: string): Promise<string | null> {
  const row = await db.selectFrom('participant_devices').select('timezone').where('participant_id', '=', participantId).executeTakeFirst();
  return row?.timezone ?? null;
}

/** A push service answered 404/410 for the participant's subscription: the list shows "push lost". */
export async function markPushLost(db: Db, participantId: string, now: string): Promise<void> {
  await db
    .insertInto('participant_devices')
    .values({ participant_id: participantId, push_lost_at: now })
    .onConflict((oc) => oc.column('participant_id').doUpdateSet({ push_lost_at: now }))
    .execute();
}

/** The participant's app saved a subscription again: push is no longer lost. */
export async function clearPushLost(db: Db, participantId: string): Promise<void> {
  await db.updateTable('participant_devices').set({ push_lost_at: null }).where('participant_id', '=', participantId).where('push_lost_at', 'is not', null).execute();
}

/** A participant's reported device, and whether the server holds a push subscription of theirs. */
export type DeviceOfParticipant = ParticipantDeviceRow & { has_subscription: SqlBool };

/**
 * The reported devices of the study's participants (or of one), with whether each has a push subscription: one
 * query by study, as the Participant List reads its rows, so a list of thousands names no ids.
 */
export function devicesOfStudy(db: Db, studyId: string, participantId?: string): Promise<DeviceOfParticipant[]> {
  let query = db
    .selectFrom('participant_devices as d')
    .innerJoin('participations as p', 'p.participant_id', 'd.participant_id')
    .selectAll('d')
    .select((eb) => eb.exists(eb.selectFrom('push_subscriptions as s').select('s.id').whereRef('s.participant_id', '=', 'd.participant_id')).as('has_subscription'))
    .where('p.study_id', '=', studyId)
    .where('d.last_seen_at', 'is not', null);
  if (participantId) query = query.where('d.participant_id', '=', participantId);
  return query.execute();
}
