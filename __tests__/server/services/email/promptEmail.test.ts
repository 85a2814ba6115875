// A prompt's email as composed (issue 33): the researcher's names are escaped in the HTML, a reminder says so,
// the window's end is written in the task's zone (UTC when it names none or an unknown one), the links are on the
// lab's organization's host, and the unsubscribe link's token names the participant.
import { loadConfig } from '../../../../src/server/config';
import { promptEmail } from '../../../../src/server/services/email/promptEmail';
import { createUnsubscribeTokens } from '../../../../src/server/services/email/unsubscribeToken';
import type { ClaimedEmail } from '../../../../src/server/repositories/promptEmails';

const settings = loadConfig({ PORTAL_MAIN_HOST: 'study.example.org', PORTAL_ORG_NAMES: 'Alpha University,Beta Institute' });
const tokens = createUnsubscribeTokens('a-secret-of-at-least-thirty-two-characters');

const task = (fields: Partial<ClaimedEmail> = {}): ClaimedEmail => ({
  id: 't1',
  study_id: 's1',
  participant_id: 'p1',
  email: 'p1@example.org',
  app_language: null,
  study_name: 'Sleep <b>& Mood</b>',
  questionnaire_name: 'Evening "check"',
  window_closes_at: '2026-03-01T14:30:00.000Z',
  timezone: 'Asia/Hong_Kong',
  reminder: 0,
  organization: 1,
  email_attempts: 1,
  ...fields,
});

describe('promptEmail', () => {
  it('escapes the study and questionnaire names in the HTML and keeps them as written in the text', () => {
    const mail = promptEmail(task(), settings, tokens);
    expect(mail.html).toContain('Sleep &lt;b&gt;&amp; Mood&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>&');
    expect(mail.html).toContain('Evening &quot;check&quot;');
    expect(mail.text).toContain('"Evening "check"" in the study "Sleep <b>& Mood</b>"');
    expect(mail.subject).toBe('Sleep <b>& Mood</b>: Evening "check" is open now');
  });

  it("writes the window's end in the task's zone, and in UTC when the zone is unknown", () => {
    expect(promptEmail(task(), settings, tokens).text).toContain('1 Mar 2026, 22:30 (Asia/Hong_Kong)');
    expect(promptEmail(task({ timezone: 'Not/AZone' }), settings, tokens).text).toContain('1 Mar 2026, 14:30 (UTC)');
    expect(promptEmail(task({ timezone: null }), settings, tokens).text).toContain('(UTC)');
  });

  it('says a reminder is one', () => {
    const mail = promptEmail(task({ reminder: 1 }), settings, tokens);
    expect(mail.subject.startsWith('Reminder - ')).toBe(true);
    expect(mail.text).toContain('A reminder:');
  });

  it("links on the organization's host, and the unsubscribe token names the participant", () => {
    const mail = promptEmail(task({ organization: 2 }), settings, tokens);
    expect(mail.text).toContain('https://dark.study.example.org/app/studies/s1/tasks/t1');
    expect(mail.text).toContain('Beta Institute');
    const link = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'])?.[1] ?? '';
    expect(new URL(link).host).toBe('dark.study.example.org');
    expect(tokens.participantOf(new URL(link).searchParams.get('token') ?? '')).toBe('p1');
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
