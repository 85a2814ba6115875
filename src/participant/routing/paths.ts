// Every address of the app, written once: the route table matches them and links build them.
export const APP_BASE = '/app';

const enc = encodeURIComponent;

export const paths = {
  home: () => `${APP_BASE}/`,
  signIn: (next?: string) => `${APP_BASE}/signin${next ? `?next=${enc(next)}` : ''}`,
  signUp: (next?: string) => `${APP_BASE}/signup${next ? `?next=${enc(next)}` : ''}`,
  forgotPassword: () => `${APP_BASE}/forgot-password`,
  join: (studyCode?: string) => `${APP_BASE}/join${studyCode ? `/${enc(studyCode)}` : ''}`,
  study: (studyId: string) => `${APP_BASE}/studies/${enc(studyId)}`,
  task: (studyId: string, taskId: string) => `${APP_BASE}/studies/${enc(studyId)}/tasks/${enc(taskId)}`,
  messages: () => `${APP_BASE}/messages`,
};

/** A `next` address is followed only when it is one of the app's own (no open redirect). */
export function safeNext(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith(`${APP_BASE}/`) && !next.startsWith('//') ? next : null;
}
