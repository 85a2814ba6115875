// A prompt's email (issue 33): plain text and HTML in the participant's app language, in the name and colour of
// the study's lab's organization (its host, as the app there is branded: shared/branding.ts), naming the study,
// the questionnaire and the window's end in the task's zone, linking to the task in the app, and carrying the
// one-click unsubscribe headers of RFC 8058.
import { organizationHost, portalOrigin } from './portalOrigin';
import type { Config } from '../../config';
import type { ClaimedEmail } from '../../repositories/promptEmails';
import { brandingForHost } from '../../../shared/branding';
import { emailLanguageOf, promptEmailTexts } from '../../../shared/messages/promptEmail';
import type { UnsubscribeTokens } from './unsubscribeToken';
import { escapeHtml } from './html';

/** The app's task path (src/participant/routing/paths.ts paths.task), which opens the task when signed in. */
const taskPath = (studyId: string, taskId: string) => `/app/studies/${encodeURIComponent(studyId)}/tasks/${encodeURIComponent(taskId)}`;
export const UNSUBSCRIBE_PATH = '/api/app/prompt_emails/unsubscribe';

export interface PromptEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export type EmailSettings = Pick<Config, 'branding' | 'organizationNames' | 'port'>;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The window's end in the task's zone (UTC when the task names none or one this server does not know). */
function windowEnd(iso: string, timezone: string | null, locale: string): { end: string; zone: string } {
  const zone = timezone ?? 'UTC';
  const format = (timeZone: string) => new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  try {
    return { end: format(zone), zone };
  } catch {
    return { end: format('UTC'), zone: 'UTC' };
  }
}

export function promptEmail(task: ClaimedEmail, settings: EmailSettings, tokens: UnsubscribeTokens): PromptEmail {
  const texts = promptEmailTexts[emailLanguageOf(task.app_language)];
  const host = organizationHost(settings.branding, task.organization);
  const brand = brandingForHost(host, settings.branding);
  const organizationName = settings.organizationNames[String(task.organization) as '1' | '2'] ?? '';
  const origin = portalOrigin(settings, task.organization);
  const link = `${origin}${taskPath(task.study_id, task.id)}`;
  const unsubscribe = `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(tokens.tokenOf(task.participant_id))}`;
  const { end, zone } = windowEnd(task.window_closes_at, task.timezone, texts.locale);
  const values = { study: task.study_name, questionnaire: task.questionnaire_name, end, zone };
  const reminder = task.reminder === 1;
  const subject = fill(reminder ? texts.reminderSubject : texts.subject, values);
  const intro = fill(reminder ? texts.reminderIntro : texts.intro, values);
  const until = fill(texts.openUntil, values);
  const heading = [brand.siteName, organizationName].filter(Boolean).join(' · ');
  const text = [heading, '', intro, until, '', `${texts.open}: ${link}`, '', texts.why, `${texts.unsubscribe}: ${unsubscribe}`, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${emailLanguageOf(task.app_language)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;font-family:Arial,Helvetica,sans-serif;color:#212529;background:#f8f9fa">
<div style="max-width:560px;margin:0 auto;background:#ffffff">
<div style="background:${brand.color};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${e(heading)}</div>
<div style="padding:24px">
<p style="margin:0 0 12px">${e(intro)}</p>
<p style="margin:0 0 24px">${e(until)}</p>
<p style="margin:0 0 24px"><a href="${e(link)}" style="display:inline-block;background:${brand.color};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${e(texts.open)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#6c757d">${e(texts.why)}</p>
<p style="margin:0;font-size:13px"><a href="${e(unsubscribe)}" style="color:#6c757d">${e(texts.unsubscribe)}</a></p>
</div></div></body></html>
`;
  return {
    to: task.email,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
