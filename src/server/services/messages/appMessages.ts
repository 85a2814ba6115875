// The participant's side of the research team's messages: the list (newest first, with how many are unread) and
// marking one read. Only the participant's own messages are reached; another's answers 404 as a missing one.
import type { Db } from '../../repositories/db';
import { countUnread, findAppMessage, listAppMessages, markRead, type AppMessageRow } from '../../repositories/messages';
import { notFound } from '../../httpErrors';
import { nowIso } from '../../ids';
import { APP_MESSAGES_MAX, inboxTexts, type AppMessage, type AppMessagesAnswer, type MessageReadAnswer } from '../../../shared/inbox';

function asAppMessage(row: AppMessageRow): AppMessage {
  return { _id: row.id, studyId: row.study_id, studyName: row.study_name, text: row.text, sentAt: row.created_at, readAt: row.read_at };
}

export async function messagesOf(db: Db, participantId: string): Promise<AppMessagesAnswer> {
  const [rows, unread] = await Promise.all([listAppMessages(db, participantId, APP_MESSAGES_MAX), countUnread(db, participantId)]);
  return { messages: rows.map(asAppMessage), unread };
}

/** Marks it read once: a repeat (a retry, a second phone) answers the same message with the first moment. */
export async function readMessage(db: Db, participantId: string, id: string): Promise<MessageReadAnswer> {
  await markRead(db, participantId, id, nowIso());
  const row = await findAppMessage(db, participantId, id);
  if (!row) throw notFound(inboxTexts.messageNotFound);
  return { message: asAppMessage(row) };
}
