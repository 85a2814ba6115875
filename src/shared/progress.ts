// Study Progress: how compliance is counted, and the page's texts. The server counts with these rules and the
// portal shows their results; docs/decisions.md explains them for researchers.
//
// A "prompt" is one EMA task that is not a reminder: one questionnaire at one notification time of the stored
// plan, in the participant's current stay in the chosen stage and group (their latest arrival there). Cancelled
// prompts (the participant withdrew or was moved on before them) do not count.
// - planned so far: prompts whose notification time has passed.
// - delivered: the app reported the prompt, or one of its reminders, as shown; or an answer to it arrived.
// - opened: the app reported the prompt or a reminder as opened; or an answer to it arrived.
// - completed: answered inside the response window. late: answered after it. expired: the window closed with
//   no answer at all. open: the window is still open, no answer yet.
// - closed: the prompt's outcome is known: answered, or its window closed (completed + late + expired). The rates
//   count closed prompts only: a prompt still open is neither missed nor unanswered.
// - delivery rate = closed delivered / closed. Low: prompts never reached the phone (a phone or notification
//   problem, not the participant's doing).
// - response rate = completed / closed delivered. Low: prompts reached the participant, who did not answer in time.
// - completion rate = completed / closed (= delivery rate x response rate).
// - the flag looks at the closed prompts planned in the last RECENT_HOURS hours, once there are at least
//   CONTACT_FLAG_MIN_CLOSED_PROMPTS of them: 'lowResponse' when their response rate is under LOW_RESPONSE_RATE,
//   'notDelivered' when none was delivered.
import type { ParticipantProgress, PromptCounts, PromptRates, ProgressFlag, RecentPrompts } from './types/progress';

/** "The last 3 days": the 72 hours before the moment the counts are taken. */
export const RECENT_HOURS = 72;
/** A response rate under this over the last 3 days flags the participant. */
export const LOW_RESPONSE_RATE = 0.5;
/**
 * The flag waits for this many closed prompts in the last 3 days: one missed prompt minutes after arriving says
 * nothing about a participant yet.
 */
export const CONTACT_FLAG_MIN_CLOSED_PROMPTS = 3;

/** part / whole, or null when there is no whole to speak of. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export function promptRates(counts: Pick<PromptCounts, 'closed' | 'closedDelivered' | 'completed'>): PromptRates {
  return {
    delivery: rate(counts.closedDelivered, counts.closed),
    response: rate(counts.completed, counts.closedDelivered),
    completion: rate(counts.completed, counts.closed),
  };
}

export function progressFlag(recent: RecentPrompts): ProgressFlag | null {
  if (recent.closed < CONTACT_FLAG_MIN_CLOSED_PROMPTS) return null;
  if (recent.delivered === 0) return 'notDelivered';
  if (recent.response !== null && recent.response < LOW_RESPONSE_RATE) return 'lowResponse';
  return null;
}

/**
 * Whom to contact first: flagged participants, then by completion rate from the lowest; those with nothing
 * planned yet come last. Ties keep a fixed order by participant code.
 */
export function compareLeastCompliant(a: ParticipantProgress, b: ParticipantProgress): number {
  const flagged = Number(b.flag !== null) - Number(a.flag !== null);
  if (flagged !== 0) return flagged;
  const ra = a.rates.completion;
  const rb = b.rates.completion;
  if (ra !== rb) {
    if (ra === null) return 1;
    if (rb === null) return -1;
    return ra - rb;
  }
  return a.participant_code < b.participant_code ? -1 : a.participant_code > b.participant_code ? 1 : 0;
}

/** A rate as the page shows it: a whole percentage, or a dash when there is nothing to divide by. */
export function formatRate(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 100)}%`;
}

export const progressTexts = {
  title: 'Study Progress',
  chooseGroup: 'Choose a stage and a group to see the progress of its participants.',
  noParticipants: 'There are no participants in this group.',
  noPromptsYet: 'No EMA prompt of this group has reached its notification time yet.',
  tableCaption: 'Participants of the group, least compliant first',
  chartTitle: 'Delivery and response rate per day of the study',
  chartSummary: 'The same figures as a table',
  chartDayAxis: 'Day of the study',
  notArrived: 'Has not loaded the assessments since being assigned',
  flags: {
    lowResponse: `Contact: answered under ${Math.round(LOW_RESPONSE_RATE * 100)}% of the prompts delivered in the last 3 days`,
    notDelivered: 'Contact: no prompt reached the phone in the last 3 days',
  } satisfies Record<ProgressFlag, string>,
  columns: {
    participant: 'PARTICIPANT',
    planned: 'PLANNED SO FAR',
    delivered: 'DELIVERED',
    opened: 'OPENED',
    completed: 'COMPLETED',
    expired: 'EXPIRED',
    late: 'LATE',
    delivery: 'DELIVERY RATE',
    response: 'RESPONSE RATE',
    completion: 'COMPLETION RATE',
    diaryDone: 'DIARY DAYS DONE',
    diaryLeft: 'DIARY DAYS LEFT',
    once: 'ONE-TIME DONE',
  },
  series: {
    delivery: 'Delivery rate',
    response: 'Response rate',
  },
  definitions: [
    'Planned so far: EMA prompts (not reminders) whose notification time has passed.',
    'The rates count closed prompts only (answered, or their response window has closed): a prompt still open is neither missed nor unanswered.',
    'Delivery rate: delivered ÷ closed. A low delivery rate points to the phone or its notifications.',
    'Response rate: completed in time ÷ delivered (of the closed prompts). A low response rate means the participant saw the prompts and did not answer in time.',
    'Completion rate: completed in time ÷ closed. Late answers are stored but not counted as completed.',
    `A participant is flagged "Contact" only once at least ${CONTACT_FLAG_MIN_CLOSED_PROMPTS} prompts of the last 3 days have closed.`,
  ],
} as const;
