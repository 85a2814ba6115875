// What identifies an answer as the participant sent it: a retry with the same submissionId is the same answer
// when its fingerprint is the same (IETF Idempotency-Key draft: the same key with other content is refused).
import { createHash } from 'node:crypto';
import type { ResponseBody } from '../../../shared/types/participantApp';

/**
 * A SHA-256 of the canonical JSON of the sent answer: the task id as sent (a reminder's, not its prompt's), the
 * questionnaire, the moments as instants (`startedAt`, `submittedAt` already normalised by the caller) and the
 * answers in question and response order. The submissionId is the key, not content.
 */
export function requestFingerprint(body: ResponseBody, startedAt: string, submittedAt: string): string {
  const answers = body.answers
    .map((a) => [a.question_pos, a.response_pos, a.value] as const)
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  return createHash('sha256').update(JSON.stringify([body.taskId, body.questionnaireId, startedAt, submittedAt, answers])).digest('hex');
}
