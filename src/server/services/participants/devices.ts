// Participants' devices (issue 33): the app's state report, and the `device` of a Participant List row.
import type { Db } from '../../repositories/db';
import { devicesOfStudy, saveDeviceReport, type DeviceOfParticipant } from '../../repositories/participantDevices';
import { platformOf, pushState, type DevicePlatform, type DeviceReportBody, type ParticipantDevice, type PushPermission } from '../../../shared/devices';
import { nowIso } from '../../ids';
import { followPhone } from '../plan/followPhone';

/**
 * Records the report as the participant's device now (the newer report wins; the same report twice changes
 * nothing but the moment), then re-plans the settings that follow the phone if its zone is new to a plan.
 */
export async function reportDevice(db: Db, participantId: string, report: DeviceReportBody, userAgent: string | undefined): Promise<void> {
  await saveDeviceReport(db, participantId, report, platformOf(userAgent), nowIso());
  await followPhone(db, participantId, report.timezone);
}

function toDevice(row: DeviceOfParticipant): ParticipantDevice {
  const pushPermission = (row.push_permission ?? 'default') as PushPermission;
  const installed = row.installed === 1;
  return {
    pushPermission,
    installed,
    appVersion: row.app_version ?? '',
    timezone: row.timezone ?? '',
    pendingAnswers: Number(row.pending_answers ?? 0),
    lastSeenAt: row.last_seen_at ?? '',
    ...pushState({
      pushPermission,
      installed,
      platform: (row.platform ?? 'other') as DevicePlatform,
      hasSubscription: Boolean(Number(row.has_subscription)),
      pushLost: row.push_lost_at !== null,
    }),
  };
}

/** The reported devices of the study's participants (or of one), by participant id; a participant never reported is absent. */
export async function devicesByParticipant(db: Db, studyId: string, participantId?: string): Promise<Map<string, ParticipantDevice>> {
  const rows = await devicesOfStudy(db, studyId, participantId);
  return new Map(rows.map((row) => [row.participant_id, toDevice(row)]));
}
