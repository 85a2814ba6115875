// The rules and words both sides use for messages and adherence alerts: a message's text and recipients, the
// send answer's summary, and the reasons' words.
import { inboxTexts, MESSAGE_RECIPIENTS_MAX, MESSAGE_TEXT_MAX_CHARS, messageTextProblem, normalizedMessageText, recipientsProblem, sentSummary } from '../../src/shared/inbox';
import { reasonText } from '../../src/shared/adherence';

describe('a message', () => {
  it('is stored trimmed, with line ends as \\n', () => {
    expect(normalizedMessageText('  Hello\r\nthere\rall  ')).toBe('Hello\nthere\nall');
  });

  it('needs a text of at most the limit, counted after trimming', () => {
    expect(messageTextProblem(' \n ')).toBe(inboxTexts.textRequired);
    expect(messageTextProblem(`  ${'x'.repeat(MESSAGE_TEXT_MAX_CHARS)}  `)).toBeNull();
    expect(messageTextProblem('x'.repeat(MESSAGE_TEXT_MAX_CHARS + 1))).toBe(inboxTexts.textTooLong);
  });

  it('goes to at least one and at most the limit of participants, a repeated id counted once', () => {
    expect(recipientsProblem([])).toBe(inboxTexts.noRecipients);
    expect(recipientsProblem(Array.from({ length: MESSAGE_RECIPIENTS_MAX + 1 }, () => 'same'))).toBeNull();
    expect(recipientsProblem(Array.from({ length: MESSAGE_RECIPIENTS_MAX + 1 }, (_, i) => `p${i}`))).toBe(inboxTexts.tooManyRecipients);
  });

  it('says how it reached them', () => {
    expect(sentSummary({ sent: 1, pushed: 1, emailed: 0, unreached: 0 })).toBe('Message sent to 1 participant: 1 by push, 0 by email.');
    expect(sentSummary({ sent: 3, pushed: 1, emailed: 1, unreached: 1 })).toBe('Message sent to 3 participants: 1 by push, 1 by email, 1 will see it only when they open the app.');
  });
});

describe('an adherence reason', () => {
  it('in words', () => {
    expect(reasonText({ kind: 'lowResponse', answered: 2, prompts: 6, thresholdPercent: 50 })).toBe('Answered 2 of the last 6 prompts (33%, under 50%)');
    expect(reasonText({ kind: 'silent', lastSeenAt: '2030-01-01T00:00:00.000Z', hours: 30, thresholdHours: 24 })).toBe('App not seen for 30 hours (24 or more)');
  });
});
