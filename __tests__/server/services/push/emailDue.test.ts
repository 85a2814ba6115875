// What is due for email (services/push/emailDue.ts): the study's choice, the participant's and a pilot decide
// whether at all; an accepted push is emailed emailAfterMinutes after it was sent, one not pushed at once, a
// reminder following its prompt's email at its own moment; a reminder follows email only when its prompt went so.
import { emailDueAt, mayEmail, wentByEmail, type EmailReach } from '../../../../src/server/services/push/emailDue';

const reach: EmailReach = { emailFallback: 1, emailAfterMinutes: 2, promptEmails: 1, pilot: 0 };
const at = '2026-03-01T09:00:02.000Z';

describe('emailDueAt', () => {
  it('an accepted push: emailAfterMinutes after it was sent (0 minutes: at once)', () => {
    expect(emailDueAt(reach, { result: 'accepted', at })).toBe('2026-03-01T09:02:02.000Z');
    expect(emailDueAt({ ...reach, emailAfterMinutes: 0 }, { result: 'accepted', at })).toBe(at);
  });

  it('not pushed (no subscription, every one gone, refused after the attempts): at once', () => {
    for (const result of ['none', 'gone', 'refused'] as const) expect(emailDueAt(reach, { result, at })).toBe(at);
  });

  it("a reminder following its prompt's email: at the reminder's moment", () => {
    expect(emailDueAt(reach, { followsPrompt: true, moment: '2026-03-01T09:05:00.000Z' })).toBe('2026-03-01T09:05:00.000Z');
  });

  it('never when the study does not email, the participant turned prompt emails off, or for a pilot', () => {
    for (const other of [{ emailFallback: 0 }, { promptEmails: 0 }, { pilot: 1 }]) {
      expect(mayEmail({ ...reach, ...other })).toBe(false);
      expect(emailDueAt({ ...reach, ...other }, { result: 'none', at })).toBeNull();
      expect(emailDueAt({ ...reach, ...other }, { result: 'accepted', at })).toBeNull();
      expect(emailDueAt({ ...reach, ...other }, { followsPrompt: true, moment: at })).toBeNull();
    }
    expect(mayEmail(reach)).toBe(true);
  });
});

describe('wentByEmail', () => {
  it('a prompt emailed, or not accepted and due for email, is followed by email; a pushed one, a prompt itself, or one not due for email is not', () => {
    expect(wentByEmail({ delivery_channel: 'email', push_result: 'none', email_due_at: at })).toBe(true);
    expect(wentByEmail({ delivery_channel: null, push_result: 'gone', email_due_at: at })).toBe(true);
    expect(wentByEmail({ delivery_channel: null, push_result: 'refused', email_due_at: at })).toBe(true);
    // Pushed: followed by push even when emailed after the delay (the push was not received).
    expect(wentByEmail({ delivery_channel: 'push', push_result: 'accepted', email_due_at: at })).toBe(false);
    expect(wentByEmail({ delivery_channel: null, push_result: 'none', email_due_at: null })).toBe(false);
    expect(wentByEmail({ delivery_channel: null, push_result: null, email_due_at: null })).toBe(false);
    expect(wentByEmail(null)).toBe(false);
  });
});
