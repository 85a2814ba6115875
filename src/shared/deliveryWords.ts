// The EMA Schedule's line of what became of a notification, in words (issue 33): how it went out (pushed, or why
// not and whether it was emailed), when the phone got it, then the phone's moments and the answer. One definition
// for the portal's dialog and its tests; the caller writes the moments in its clock.
import type { EmaTask } from './types/participant';
import type { PushResult } from './delivery';

/** One phrase of the line: its words, then the moment they name (null: none known), to the second or the minute. */
export interface DeliveryPhrase {
  words: string;
  at: string | null;
  seconds: boolean;
}

export const deliveryTexts = {
  pushed: 'Pushed',
  onThePhone: 'On the phone',
  delivered: 'Delivered',
  opened: 'Opened',
  answered: 'Answered',
  emailed: 'emailed',
  emailRefused: 'email refused',
  emailDue: 'email due',
  notReceivedInTime: 'Not on the phone in time',
  notReceivedYet: 'Not on the phone yet',
  /** Why a notification was not pushed. */
  unpushed: { none: 'No push channel', gone: 'Push subscription gone', refused: 'Push refused' } satisfies Record<Exclude<PushResult, 'accepted'>, string>,
} as const;

type Task = Pick<EmaTask, 'delivery' | 'delivered_at' | 'opened_at' | 'answered_at'>;

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** What became of its email, after `lead` (why it was emailed); null when it was never to be emailed. */
function emailPhrase(task: Task, lead: string | null): DeliveryPhrase | null {
  const d = task.delivery;
  const said = (words: string) => (lead ? `${lead}: ${words}` : capitalised(words));
  if (d.email_result === 'sent') return { words: said(deliveryTexts.emailed), at: d.channel === 'email' ? d.sent_at : d.emailed_at, seconds: true };
  if (d.email_result === 'refused') return { words: said(deliveryTexts.emailRefused), at: null, seconds: true };
  if (d.email_due_at) return { words: said(deliveryTexts.emailDue), at: d.email_due_at, seconds: false };
  return null;
}

/** How it went out: the push and, when it was not received or not pushed, its email. */
function sendingPhrases(task: Task): DeliveryPhrase[] {
  const d = task.delivery;
  if (d.push_result === 'accepted') {
    const pushed: DeliveryPhrase = { words: deliveryTexts.pushed, at: d.sent_at, seconds: true };
    if (d.received_at) return [pushed, { words: deliveryTexts.onThePhone, at: d.received_at, seconds: true }];
    const lead = d.email_result ? deliveryTexts.notReceivedInTime : deliveryTexts.notReceivedYet;
    const email = emailPhrase(task, lead);
    return email ? [pushed, email] : [pushed];
  }
  if (d.push_result) {
    const lead = deliveryTexts.unpushed[d.push_result];
    return [emailPhrase(task, lead) ?? { words: lead, at: null, seconds: true }];
  }
  // Not pushed at all: a reminder following its prompt's email, or not sent yet.
  const email = emailPhrase(task, null);
  return email ? [email] : [];
}

/**
 * The phrases in order: "Pushed 09:00:02, On the phone 09:00:05, Opened 09:03, Answered 09:04"; "No push channel:
 * emailed 09:00:03"; "Push refused: email refused". Delivered (the notification shown) is said when the phone
 * reported it apart from opening it.
 */
export function deliveryPhrases(task: Task): DeliveryPhrase[] {
  const phrases = sendingPhrases(task);
  if (task.delivered_at && task.delivered_at !== task.opened_at) phrases.push({ words: deliveryTexts.delivered, at: task.delivered_at, seconds: false });
  if (task.opened_at) phrases.push({ words: deliveryTexts.opened, at: task.opened_at, seconds: false });
  if (task.answered_at) phrases.push({ words: deliveryTexts.answered, at: task.answered_at, seconds: false });
  return phrases;
}

/** The line as text, the moments written by `time` (the page's clock), the phrases parted by `separator`. */
export function deliveryLine(task: Task, time: (isoUtc: string, seconds: boolean) => string, separator = ' · '): string {
  return deliveryPhrases(task)
    .map((p) => (p.at ? `${p.words} ${time(p.at, p.seconds)}` : p.words))
    .join(separator);
}
