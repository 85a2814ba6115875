// The prompt email's texts (issue 33), in the participant app's two languages: a prompt emailed because it could
// not be pushed, or its push was not received. {…} are filled in by the server (services/email/promptEmail.ts).
export type EmailLanguage = 'en' | 'zh-Hant';

export interface PromptEmailTexts {
  /** The date and time format's locale. */
  locale: string;
  subject: string;
  reminderSubject: string;
  intro: string;
  reminderIntro: string;
  openUntil: string;
  open: string;
  why: string;
  unsubscribe: string;
}

export const promptEmailTexts: Record<EmailLanguage, PromptEmailTexts> = {
  en: {
    locale: 'en-GB',
    subject: '{study}: {questionnaire} is open now',
    reminderSubject: 'Reminder - {study}: {questionnaire} is still open',
    intro: 'It is time for "{questionnaire}" in the study "{study}".',
    reminderIntro: 'A reminder: "{questionnaire}" in the study "{study}" is still waiting for your answers.',
    openUntil: 'It is open until {end} ({zone}).',
    open: 'Open it in the app',
    why: 'You get this email because the prompt could not reach your phone as a notification.',
    unsubscribe: 'Stop prompt emails',
  },
  'zh-Hant': {
    locale: 'zh-Hant-HK',
    subject: '{study}：「{questionnaire}」現已開放',
    reminderSubject: '提醒 - {study}：「{questionnaire}」仍在開放',
    intro: '研究「{study}」的「{questionnaire}」現在可以作答。',
    reminderIntro: '提醒：研究「{study}」的「{questionnaire}」仍在等待你作答。',
    openUntil: '開放至 {end}（{zone}）。',
    open: '在應用程式中開啟',
    why: '由於提示未能以通知送達你的手機，因此以電郵通知你。',
    unsubscribe: '停止接收提示電郵',
  },
};

/** The app's language as reported; anything else (not reported yet) is English. */
export function emailLanguageOf(appLanguage: string | null): EmailLanguage {
  return appLanguage === 'zh-Hant' ? 'zh-Hant' : 'en';
}

/** The answers of the unsubscribe link: GET shows a page asking to confirm, POST turns the emails off. */
export const promptEmailUnsubscribeTexts = {
  done: "Prompt emails are off. You can turn them on again in the app's prompt settings.",
  invalid: 'This unsubscribe link is not valid.',
  title: 'Prompt emails',
  ask: 'Stop emailing you prompts that cannot reach your phone as notifications?',
  button: 'Turn off prompt emails',
} as const;

/** The same page's lines in Traditional Chinese, shown under the English (the link names no language). */
export const promptEmailUnsubscribeTextsZh = {
  done: '已停止提示電郵。你可以在應用程式的提示設定中重新開啟。',
  invalid: '此取消訂閱連結無效。',
  ask: '停止以電郵發送未能以通知送達你手機的提示？',
  button: '停止提示電郵',
} as const;
