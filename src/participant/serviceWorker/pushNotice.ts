// The notification a pushed prompt shows: the questionnaire's name as the title, when its window closes (in the
// phone's clock and the participant's language), tagged with the prompt so that its reminders replace it.
import { APP_ICON_URL } from '../../shared/appManifest';
import type { PushPayload } from '../../shared/push';
import { en } from '../i18n/en';
import { zhHant } from '../i18n/zh-Hant';
import { paths } from '../routing/paths';

export interface NoticeData {
  url: string;
  taskId: string;
  studyId: string;
}

export interface Notice {
  title: string;
  options: NotificationOptions & { renotify?: boolean; data: NoticeData };
}

function isPayload(value: unknown): value is PushPayload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Partial<PushPayload>;
  return (
    typeof p.taskId === 'string' &&
    typeof p.promptId === 'string' &&
    typeof p.studyId === 'string' &&
    typeof p.questionnaire?.chin_name === 'string' &&
    typeof p.window_closes_at === 'string'
  );
}

/** The payload of a push message's text, or null when it is not one of the server's. */
export function payloadOf(text: string | null): PushPayload | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isPayload(value) ? value : null;
  } catch {
    return null;
  }
}

export function noticeOf(payload: PushPayload, language: string): Notice {
  const texts = language === 'zh-Hant' ? zhHant : en;
  const time = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(payload.window_closes_at));
  const reminder = payload.taskId !== payload.promptId;
  const body = (reminder ? texts.prompts.reminderBody : texts.prompts.promptBody).replace('{{time}}', time);
  return {
    title: payload.questionnaire.chin_name,
    options: {
      body,
      tag: payload.promptId,
      // A reminder replacing its prompt's notification alerts again.
      renotify: true,
      icon: APP_ICON_URL,
      data: { url: paths.task(payload.studyId, payload.promptId), taskId: payload.taskId, studyId: payload.studyId },
    },
  };
}

export function isNoticeData(value: unknown): value is NoticeData {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<NoticeData>;
  return typeof d.url === 'string' && typeof d.taskId === 'string' && typeof d.studyId === 'string';
}
