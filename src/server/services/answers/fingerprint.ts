// What identifies an answer as the participant sent it: a retry with the same submissionId is the same answer
// when its fingerprint is the same (IETF Idempotency-Key draft: the same key with other content is refused).
import { hash } from 'node:crypto';
import type { AnswerItem } from '../../../shared/types/participantApp';

export interface SentAnswer {
  /** The task id as sent: a reminder's, not its prompt's. */
  taskId: string | null;
  questionnaireId: string;
  /** The phone's moments, normalised to UTC instants (services/reportedMoments.ts). */
  startedAt: string;
  submittedAt: string;
  answers: readonly AnswerItem[];
}

/**
 * A SHA-256 of the canonical JSON of the sent answer: the task id as sent, the questionnaire, the moments as
 * instants and the answers in question and response order. The submissionId is the key, not content.
 */
export function requestFingerprint(sent: SentAnswer): string {
  const answers = sent.answers
    .map((a) => [a.question_pos, a.response_pos, a.value] as const)
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  return hash('sha256', JSON.stringify([sent.taskId, sent.questionnaireId, sent.startedAt, sent.submittedAt, answers]), 'hex');
}
