// The notification a pushed message shows: who it is from as the title, the message as its body; a tap opens the
// app's messages screen (which marks it read). Told from a prompt's push by its `kind`.
import { APP_ICON_URL } from '../../shared/appManifest';
import type { MessagePushPayload } from '../../shared/inbox';
import { en } from '../i18n/en';
import { zhHant } from '../i18n/zh-Hant';
import { paths } from '../routing/paths';

export interface MessageNoticeData {
  kind: 'message';
  url: string;
}

export interface MessageNotice {
  title: string;
  options: NotificationOptions & { data: MessageNoticeData };
}

/** The payload of a push message's text when it is a message of a research team, else null. */
export function messagePayloadOf(text: string | null): MessagePushPayload | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const p = value as Partial<MessagePushPayload>;
    const fits = p.kind === 'message' && typeof p.messageId === 'string' && typeof p.studyName === 'string' && typeof p.text === 'string';
    return fits ? (value as MessagePushPayload) : null;
  } catch {
    return null;
  }
}

export function messageNoticeOf(payload: MessagePushPayload, language: string): MessageNotice {
  const texts = language === 'zh-Hant' ? zhHant : en;
  return {
    title: texts.messages.noticeTitle.replace('{{study}}', payload.studyName),
    options: { body: payload.text, tag: `message-${payload.messageId}`, icon: APP_ICON_URL, data: { kind: 'message', url: paths.messages() } },
  };
}

export function isMessageNoticeData(value: unknown): value is MessageNoticeData {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<MessageNoticeData>;
  return d.kind === 'message' && typeof d.url === 'string';
}
