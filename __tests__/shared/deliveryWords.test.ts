// The EMA Schedule's words for what became of a notification (src/shared/deliveryWords.ts): pushed and on the
// phone, then the phone's moments; why it was not pushed and what became of its email; a push not received and
// emailed after the delay; a reminder following its prompt's email; nothing yet said as nothing.
import { deliveryLine, deliveryPhrases } from '../../src/shared/deliveryWords';
import type { EmaTask, EmaTaskDelivery } from '../../src/shared/types/participant';

const NOT_SENT: EmaTaskDelivery = { channel: null, sent_at: null, push_result: null, received_at: null, email_due_at: null, email_result: null, emailed_at: null };
const at = (hms: string) => `2026-03-02T${hms}.000Z`;
/** The moment's time of day, to the second or the minute, as a page's clock would write it. */
const time = (iso: string, seconds: boolean) => iso.slice(11, seconds ? 19 : 16);

function task(delivery: Partial<EmaTaskDelivery>, moments: Partial<Pick<EmaTask, 'delivered_at' | 'opened_at' | 'answered_at'>> = {}) {
  return { delivery: { ...NOT_SENT, ...delivery }, delivered_at: null, opened_at: null, answered_at: null, ...moments };
}

describe('deliveryLine', () => {
  it('pushed, on the phone, opened, answered: the sending to the second, the rest to the minute', () => {
    const pushed = task(
      { channel: 'push', push_result: 'accepted', sent_at: at('09:00:02'), received_at: at('09:00:05'), email_due_at: at('09:02:02') },
      { delivered_at: at('09:00:05'), opened_at: at('09:03:10'), answered_at: at('09:04:40') },
    );
    expect(deliveryLine(pushed, time, ', ')).toBe('Pushed 09:00:02, On the phone 09:00:05, Delivered 09:00, Opened 09:03, Answered 09:04');
  });

  it('delivered is not said again when it is the opening (an app that reported only the tap)', () => {
    expect(deliveryLine(task({}, { delivered_at: at('09:03:00'), opened_at: at('09:03:00') }), time)).toBe('Opened 09:03');
  });

  it('no push channel, the subscription gone or the push refused: emailed, email refused, email due, or said alone', () => {
    expect(deliveryLine(task({ channel: 'email', push_result: 'none', sent_at: at('09:00:03'), email_result: 'sent', emailed_at: at('09:00:03'), email_due_at: at('09:00:00') }), time)).toBe('No push channel: emailed 09:00:03');
    expect(deliveryLine(task({ channel: 'email', push_result: 'refused', sent_at: at('09:02:31'), email_result: 'sent', emailed_at: at('09:02:31') }), time)).toBe('Push refused: emailed 09:02:31');
    expect(deliveryLine(task({ push_result: 'gone', email_result: 'refused', emailed_at: at('09:00:04'), email_due_at: at('09:00:01') }), time)).toBe('Push subscription gone: email refused');
    expect(deliveryLine(task({ push_result: 'none', email_due_at: at('09:00:01') }), time)).toBe('No push channel: email due 09:00');
    // The study or the participant does not take email.
    expect(deliveryLine(task({ push_result: 'none' }), time)).toBe('No push channel');
  });

  it('a push not on the phone: email due after the delay, then emailed (channel still push) or refused', () => {
    const pushed = { channel: 'push' as const, push_result: 'accepted' as const, sent_at: at('09:00:02'), email_due_at: at('09:02:02') };
    expect(deliveryLine(task(pushed), time)).toBe('Pushed 09:00:02 · Not on the phone yet: email due 09:02');
    expect(deliveryLine(task({ ...pushed, email_result: 'sent', emailed_at: at('09:02:04') }), time)).toBe('Pushed 09:00:02 · Not on the phone in time: emailed 09:02:04');
    expect(deliveryLine(task({ ...pushed, email_result: 'refused', emailed_at: at('09:02:04') }), time)).toBe('Pushed 09:00:02 · Not on the phone in time: email refused');
    // Without email: pushed alone.
    expect(deliveryLine(task({ ...pushed, email_due_at: null }), time)).toBe('Pushed 09:00:02');
  });

  it("a reminder following its prompt's email: email due, emailed or refused, without a push", () => {
    expect(deliveryLine(task({ email_due_at: at('09:05:00') }), time)).toBe('Email due 09:05');
    expect(deliveryLine(task({ channel: 'email', sent_at: at('09:05:01'), email_result: 'sent', emailed_at: at('09:05:01'), email_due_at: at('09:05:00') }), time)).toBe('Emailed 09:05:01');
    expect(deliveryLine(task({ email_result: 'refused', emailed_at: at('09:05:01'), email_due_at: at('09:05:00') }), time)).toBe('Email refused');
  });

  it('nothing sent and nothing reported: no phrase', () => {
    expect(deliveryPhrases(task({}))).toEqual([]);
    expect(deliveryLine(task({}), time)).toBe('');
  });
});
