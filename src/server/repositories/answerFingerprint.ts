// What identifies an answer as the participant sent it: a retry with the same submissionId is the same answer
// when its fingerprint is the same (IETF Idempotency-Key draft: the same key with other content is refused).
import { hash } from 'node:crypto';
import type { AnswerItem } from '../../shared/types/participantApp';

/** One answer as it is stored and fingerprinted: question position, response position, the value as JSON. */
export type SentItem = readonly [questionPos: number, responsePos: number, valueJson: string];

/**
 * The answers in question and response order, each value turned into JSON once: the stored items and the
 * fingerprint are both made from these (the answer writer's thread then has no JSON of its own to make).
 */
export function sentItems(answers: readonly AnswerItem[]): SentItem[] {
  return answers.map((a): SentItem => [a.question_pos, a.response_pos, JSON.stringify(a.value)]).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

export interface SentAnswer {
  /** The task id as sent: a reminder's, not its prompt's. */
  taskId: string | null;
  questionnaireId: string;
  /** The phone's moments, normalised to UTC instants (services/answers/reportedMoments.ts). */
  startedAt: string;
  submittedAt: string;
  /** The answers in order (sentItems). */
  items: readonly SentItem[];
  /** The order shown as stored (shownOrderText), when the answer reported one (issue 34 part 4); else null. */
  shownOrder: string | null;
  /** The shown texts as stored (canonicalShownTexts), or null when the answer was sent without them. */
  shownTexts?: string | null;
}

/**
 * A SHA-256 of the canonical JSON of the sent answer: the task id as sent, the questionnaire, the moments as
 * instants and the answers in question and response order, that is of
 * `JSON.stringify([taskId, questionnaireId, startedAt, submittedAt, [[question_pos, response_pos, value], …]])`,
 * with the order shown as a sixth element only when one was sent (so answers without one keep their fingerprint).
 * The text is put together from the values' JSON (positions are integers, whose JSON is their decimal text), so
 * fingerprints stored before match. The submissionId is the key, not content. Shown texts (piping, issue 34) are
 * part of it only when sent, as their canonical JSON after the answers, so an answer without them keeps its
 * fingerprint of before.
 */
export function requestFingerprint(sent: SentAnswer): string {
  let answers = '';
  for (const [question, response, value] of sent.items) answers += `${answers === '' ? '' : ','}[${question},${response},${value}]`;
  const head = JSON.stringify([sent.taskId, sent.questionnaireId, sent.startedAt, sent.submittedAt]);
  // After the answers: the order shown (or null when only texts were sent), then the shown texts, each only when
  // sent, so an answer with neither keeps its fingerprint of before and the two never stand in for each other.
  const texts = sent.shownTexts ?? null;
  const shown = sent.shownOrder === null && texts === null ? '' : `,${sent.shownOrder ?? 'null'}${texts === null ? '' : `,${texts}`}`;
  return hash('sha256', `${head.slice(0, -1)},[${answers}]${shown}]`, 'hex');
}

/**
 * A moment moved by ms (an ISO moment in ms, so moving it back by the same ms gives the same text again: the
 * answer writer (answerWrites.ts) takes a pilot's stored moments back to the ones sent, for the answer's fingerprint).
 */
export function shiftedBy(moment: string, ms: number): string {
  return ms === 0 ? moment : new Date(Date.parse(moment) + ms).toISOString();
}
