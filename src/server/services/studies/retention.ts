// A study's retention date carried out (issue 36 part 3). Every RETENTION_INTERVAL_SECONDS each study with a
// retention date is looked at, by its own calendar day (the zone of its plan, as the adherence digests):
// - from a week before the date, its owner (the managing user, else the study's contact) is mailed once per date;
//   the first process to set studies.retention_notice_for sends it, and a failed mail gives the claim back;
// - from the day after the date, the first process to set studies.answers_deleted_on deletes, in that same
//   transaction, every answer of the study with its photos' rows (the erasure's code), and records it in the audit
//   trail; the photos' files are removed after the commit. It happens once: a later date does not delete again.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../repositories/db';
import type { Mailer } from '../identity/mail';
import type { ObjectStorage } from '../../storage/objectStorage';
import { planZoneOfStudy } from '../../repositories/adherence';
import { DEFAULT_TIMEZONE } from '../../../shared/study/assessmentSettings';
import { retentionNoticeDue, retentionPassed, retentionTexts } from '../../../shared/retention';
import { localDayAndHour } from '../alerts/alertDigests';
import { startSenderTimer } from '../push/senderLoop';
import { portalOrigin } from '../email/portalOrigin';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record';
import { deletePhotosOfAnswers, removeStoredPhotos } from '../participants/erasure';

export interface RetentionJob {
  /** Mails the notices and deletes the answers due now; answers what it did. */
  tick(nowMs?: number): Promise<{ noticed: number; deleted: number }>;
  close(): Promise<void>;
}

export interface RetentionJobOptions {
  db: Db;
  mailer: Mailer;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  intervalMs: number;
  config: Pick<Config, 'branding' | 'port'>;
}

interface RetainedStudy {
  id: string;
  lab_id: string;
  chin_name: string;
  contact_email: string;
  owner_email: string | null;
  organization: number;
  retention_until: string;
  retention_notice_for: string | null;
}

/** Studies with a retention date whose answers are not deleted yet. */
async function listRetainedStudies(db: Db): Promise<RetainedStudy[]> {
  const rows = await db
    .selectFrom('studies as s')
    .innerJoin('labs as l', 'l.id', 's.lab_id')
    .leftJoin('lab_users as u', 'u.id', 's.managed_by')
    .select(['s.id', 's.lab_id', 's.chin_name', 's.contact_email', 'u.email as owner_email', 'l.organization', 's.retention_until', 's.retention_notice_for'])
    .where('s.retention_until', 'is not', null)
    .where('s.answers_deleted_on', 'is', null)
    .execute();
  return rows.flatMap((r) => (r.retention_until === null ? [] : [{ ...r, retention_until: r.retention_until }]));
}

export function noticeText(study: Pick<RetainedStudy, 'id' | 'chin_name' | 'retention_until'>, origin: string): string {
  return [
    retentionTexts.noticeBody(study.chin_name, study.retention_until),
    '',
    retentionTexts.noticeAdvice,
    `${origin}/studies/${encodeURIComponent(study.id)}/edit`,
    '',
    retentionTexts.noticeFooter,
    '',
  ].join('\n');
}

/** The whole study's answers and photos' rows, once; answers the files to remove, or null when another process (or an earlier round) did it. */
async function deleteAnswers(db: Db, study: RetainedStudy, today: string): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    // Claimed on the row itself: a second process's update waits for this one and then matches nothing.
    const claimed = await trx
      .updateTable('studies')
      .set({ answers_deleted_on: today })
      .where('id', '=', study.id)
      .where('retention_until', '=', study.retention_until)
      .where('answers_deleted_on', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    const counted = await trx.selectFrom('submissions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('study_id', '=', study.id).executeTakeFirst();
    const keys = await deletePhotosOfAnswers(trx, { studyId: study.id });
    // Their answer items go with them (foreign keys on delete cascade).
    await trx.deleteFrom('submissions').where('study_id', '=', study.id).execute();
    await recordAudit(trx, SYSTEM_ACTOR, {
      kind: 'study.answersDeleted',
      entityType: 'study',
      entityId: study.id,
      studyId: study.id,
      labId: study.lab_id,
      before: { answers: Number(counted?.n ?? 0), photos: keys.length },
      after: { answers: 'deleted', deletedOn: today, retentionUntil: study.retention_until },
    });
    return keys;
  });
}

async function claimNotice(db: Db, study: RetainedStudy): Promise<boolean> {
  const claimed = await db
    .updateTable('studies')
    .set({ retention_notice_for: study.retention_until })
    .where('id', '=', study.id)
    .where('retention_until', '=', study.retention_until)
    .where((eb) => eb.or([eb('retention_notice_for', 'is', null), eb('retention_notice_for', '!=', study.retention_until)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export function createRetentionJob(options: RetentionJobOptions): RetentionJob {
  const { db, mailer, storage, log, config } = options;

  async function notice(study: RetainedStudy): Promise<boolean> {
    const to = study.owner_email ?? study.contact_email;
    if (!mailer.enabled || to === '' || study.retention_notice_for === study.retention_until) return false;
    if (!(await claimNotice(db, study))) return false;
    try {
      await mailer.send({ to, subject: retentionTexts.noticeSubject(study.chin_name, study.retention_until), text: noticeText(study, portalOrigin(config, study.organization)) });
      return true;
    } catch (error: unknown) {
      await db.updateTable('studies').set({ retention_notice_for: study.retention_notice_for }).where('id', '=', study.id).execute();
      throw error;
    }
  }

  async function tick(nowMs = Date.now()): Promise<{ noticed: number; deleted: number }> {
    const done = { noticed: 0, deleted: 0 };
    for (const study of await listRetainedStudies(db)) {
      try {
        const { day } = localDayAndHour(nowMs, (await planZoneOfStudy(db, study.id)) ?? DEFAULT_TIMEZONE);
        if (retentionPassed(study.retention_until, day)) {
          const keys = await deleteAnswers(db, study, day);
          if (keys !== null) {
            done.deleted += 1;
            await removeStoredPhotos({ storage }, keys, log);
          }
        } else if (retentionNoticeDue(study.retention_until, day) && (await notice(study))) {
          done.noticed += 1;
        }
      } catch (error: unknown) {
        // One study's failure (its mail refused) does not hold back the others'.
        log.warn({ studyId: study.id, reason: error instanceof Error ? error.message : undefined }, 'retention date round failed');
      }
    }
    return done;
  }

  const timer = startSenderTimer(tick, options.intervalMs, (error: unknown) => log.error({ err: error }, 'retention dates failed'));
  return { tick, close: () => timer.stop() };
}
