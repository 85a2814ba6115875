// The daily adherence digest (issue 33, part 4): every ALERT_INTERVAL_SECONDS each active study with alerts on is
// looked at; once it is 09:00 or later in the study's time zone, the first process to insert the study's row of
// that day (alert_digests, keyed by study and day) emails its contact the participants needing attention, with
// the reasons and a link to the Participant List. A day with nobody to list sends nothing; a failed email gives
// the day back, so a later round tries again.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../repositories/db';
import type { Mailer } from '../identity/mail';
import { claimDigest, listAlertingStudies, planZoneOfStudy, recordDigest, releaseDigest, type AlertingStudy } from '../../repositories/adherence';
import { attentionTexts, reasonText, type AttentionParticipant } from '../../../shared/adherence';
import { DEFAULT_TIMEZONE } from '../../../shared/study/assessmentSettings';
import { participantsNeedingAttention, thresholdsOf } from './adherence';
import { startSenderTimer } from '../push/senderLoop';
import { portalOrigin } from '../email/portalOrigin';

/** The hour of the study's day the digest goes out. */
export const DIGEST_HOUR = 9;

export interface AlertDigests {
  /** Sends the digests due now; answers how many were sent. */
  tick(nowMs?: number): Promise<number>;
  close(): Promise<void>;
}

export interface AlertDigestOptions {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  intervalMs: number;
  config: Pick<Config, 'branding' | 'port'>;
}

/** The study's calendar day and hour now, in its zone. */
export function localDayAndHour(nowMs: number, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(nowMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

export function digestText(study: Pick<AlertingStudy, 'id' | 'chin_name'>, participants: readonly AttentionParticipant[], origin: string): string {
  const lines = participants.map((p) => `- ${p.participantCode} (${p.email}): ${p.reasons.map(reasonText).join('; ')}`);
  return [
    attentionTexts.digestIntro(study.chin_name),
    '',
    ...lines,
    '',
    attentionTexts.digestLink,
    `${origin}/participants/${encodeURIComponent(study.id)}`,
    '',
    attentionTexts.digestFooter,
    '',
  ].join('\n');
}

export function createAlertDigests(options: AlertDigestOptions): AlertDigests {
  const { db, mailer, log, config } = options;

  async function digestOf(study: AlertingStudy, nowMs: number): Promise<boolean> {
    const zone = (await planZoneOfStudy(db, study.id)) ?? DEFAULT_TIMEZONE;
    const { day, hour } = localDayAndHour(nowMs, zone);
    if (hour < DIGEST_HOUR) return false;
    if (!(await claimDigest(db, study.id, day, new Date(nowMs).toISOString()))) return false;
    try {
      const participants = await participantsNeedingAttention(db, study.id, thresholdsOf(study), nowMs);
      if (participants.length > 0) {
        await mailer.send({ to: study.contact_email, subject: attentionTexts.digestSubject(study.chin_name, participants.length), text: digestText(study, participants, portalOrigin(config, study.organization)) });
      }
      await recordDigest(db, study.id, day, participants.length);
      return participants.length > 0;
    } catch (error: unknown) {
      await releaseDigest(db, study.id, day);
      throw error;
    }
  }

  async function tick(nowMs = Date.now()): Promise<number> {
    if (!mailer.enabled) return 0;
    let sent = 0;
    for (const study of await listAlertingStudies(db)) {
      try {
        if (await digestOf(study, nowMs)) sent += 1;
      } catch (error: unknown) {
        // One study's failure (its mail refused) does not hold back the others'.
        log.warn({ studyId: study.id, reason: error instanceof Error ? error.message : undefined }, 'adherence digest failed');
      }
    }
    return sent;
  }

  const timer = startSenderTimer(tick, options.intervalMs, (error: unknown) => log.error({ err: error }, 'adherence digests failed'));

  return {
    tick,
    close: () => timer.stop(),
  };
}
