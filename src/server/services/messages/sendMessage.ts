// A message of the research team to chosen participants of a study (issue 33, part 4): stored per participant and
// recorded in the audit trail in one transaction, then pushed to those with a working subscription and emailed to
// the others. The app's list has it either way; the answer counts how each was reached.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../repositories/db';
import type { StudyRow } from '../../db/types';
import type { Mailer } from '../identity/mail';
import type { PushPoster } from '../push/pushMessage';
import type { AuditActor } from '../audit/record';
import { recordAudit } from '../audit/record';
import { insertMessages, recipientsInStudy, recordDeliveries, type RecipientRow } from '../../repositories/messages';
import { badRequest, conflict, notFound } from '../../httpErrors';
import { newId, nowIso } from '../../ids';
import {
  inboxTexts,
  messageEmailTexts,
  messageTextProblem,
  normalizedMessageText,
  recipientsProblem,
  sentSummary,
  type MessageDelivery,
  type MessagePushPayload,
  type SendMessageAnswer,
  type SendMessageBody,
} from '../../../shared/inbox';

/** Deliveries under way at once (each a push, or an email). */
const CONCURRENT_DELIVERIES = 20;

export interface MessageChannels {
  db: Db;
  push: PushPoster;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** The app's messages screen at the portal's origin of the study's organization (the app is under it). */
export function messagesLink(origin: string): string {
  return `${origin}/app/messages`;
}

function emailOf(recipient: RecipientRow, study: StudyRow, text: string, origin: string) {
  const texts = recipient.app_language === 'zh-Hant' ? messageEmailTexts['zh-Hant'] : messageEmailTexts.en;
  return {
    to: recipient.email,
    subject: texts.subject(study.chin_name),
    text: `${texts.intro(study.chin_name)}\n\n${text}\n\n${texts.open}\n${messagesLink(origin)}\n`,
  };
}

async function deliver(channels: MessageChannels, recipient: RecipientRow, payload: MessagePushPayload, email: ReturnType<typeof emailOf>): Promise<MessageDelivery> {
  if (await channels.push.push(recipient.participant_id, payload).catch(() => false)) return 'pushed';
  if (!channels.mailer.enabled) return 'unreached';
  try {
    await channels.mailer.send(email);
    return 'emailed';
  } catch (error: unknown) {
    channels.log.warn({ participantId: recipient.participant_id, reason: error instanceof Error ? error.message : undefined }, 'message email failed');
    return 'unreached';
  }
}

/** Checks, stores, records and delivers; answers how many were reached by which channel. */
export async function sendMessage(channels: MessageChannels, study: StudyRow, body: SendMessageBody, actor: AuditActor, origin: string): Promise<SendMessageAnswer> {
  const problem = messageTextProblem(body.text) ?? recipientsProblem(body.participantIds);
  if (problem) throw badRequest(problem);
  const text = normalizedMessageText(body.text);
  const ids = [...new Set(body.participantIds)].sort();
  const recipients = await recipientsInStudy(channels.db, study.id, ids);
  if (recipients.length !== ids.length) throw notFound(inboxTexts.recipientNotInStudy);
  if (recipients.some((r) => r.status === 'withdrawn')) throw conflict(inboxTexts.recipientWithdrawn);

  const now = nowIso();
  const rows = recipients.map((r) => ({ id: newId(), study_id: study.id, participant_id: r.participant_id, text, sent_by_kind: actor.kind, sent_by_id: actor.id, created_at: now }));
  await channels.db.transaction().execute(async (trx) => {
    await insertMessages(trx, rows);
    await recordAudit(trx, actor, {
      kind: 'message.sent',
      entityType: 'study',
      entityId: study.id,
      studyId: study.id,
      labId: study.lab_id,
      before: null,
      after: { text, participantIds: ids },
    });
  });

  const byDelivery: Record<MessageDelivery, string[]> = { pushed: [], emailed: [], unreached: [] };
  let next = 0;
  const lanes = Array.from({ length: Math.min(CONCURRENT_DELIVERIES, rows.length) }, async () => {
    while (next < rows.length) {
      const i = next;
      next += 1;
      const payload: MessagePushPayload = { kind: 'message', messageId: rows[i].id, studyName: study.chin_name, text };
      const delivery = await deliver(channels, recipients[i], payload, emailOf(recipients[i], study, text, origin));
      byDelivery[delivery].push(rows[i].id);
    }
  });
  await Promise.all(lanes);
  const at = nowIso();
  for (const delivery of Object.keys(byDelivery) as MessageDelivery[]) await recordDeliveries(channels.db, byDelivery[delivery], delivery, at);

  const counts = { sent: rows.length, pushed: byDelivery.pushed.length, emailed: byDelivery.emailed.length, unreached: byDelivery.unreached.length };
  return { message: sentSummary(counts), ...counts };
}
