// The fingerprint is put together from each value's JSON, made once per answer: it must stay the SHA-256 of the
// canonical JSON it was defined as, or the fingerprints stored before would no longer match their retries.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { requestFingerprint, sentItems } from '../../../src/server/repositories/answerFingerprint';
import type { AnswerItem } from '../../../src/shared/types/participantApp';
import { canonicalShownTexts } from '../../../src/shared/questionnaire/piping';
import { fingerprintOf, type AnswerWrite } from '../../../src/server/repositories/answerWrites';

/** The definition: the hash of JSON.stringify of the sent answer, its answers as [question, response, value] in order. */
function definedFingerprint(taskId: string | null, questionnaireId: string, startedAt: string, submittedAt: string, answers: readonly AnswerItem[]): string {
  const ordered = answers.map((a) => [a.question_pos, a.response_pos, a.value] as const).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  return createHash('sha256').update(JSON.stringify([taskId, questionnaireId, startedAt, submittedAt, ordered])).digest('hex');
}

const value = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('"quoted"', 'back\\slash', 'line\nbreak', '你好 😀', '\u2028', ''),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.array(fc.string(), { maxLength: 4 }),
);
const answer = fc.record({ question_pos: fc.nat({ max: 300 }), response_pos: fc.nat({ max: 20 }), value });

describe('the fingerprint of a sent answer', () => {
  it('is the SHA-256 of its canonical JSON, for any answers in any order', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: null }), fc.string(), fc.array(answer, { maxLength: 30 }), (taskId, questionnaireId, answers) => {
        const at = '2026-11-27T08:00:00.000Z';
        expect(requestFingerprint({ taskId, questionnaireId, startedAt: at, submittedAt: at, items: sentItems(answers), shownOrder: null })).toBe(
          definedFingerprint(taskId, questionnaireId, at, at, answers),
        );
      }),
    );
  });

  it('keeps a fingerprint stored before the same (a known value)', () => {
    const answers: AnswerItem[] = [
      { question_pos: 1, response_pos: 0, value: ['calm', 'tense'] },
      { question_pos: 0, response_pos: 0, value: 7.5 },
      { question_pos: 0, response_pos: 1, value: 'fine "really"' },
    ];
    const sent = { taskId: 'task-1', questionnaireId: 'q-1', startedAt: '2026-11-27T08:00:00.000Z', submittedAt: '2026-11-27T08:01:00.000Z' };
    expect(requestFingerprint({ ...sent, items: sentItems(answers), shownOrder: null })).toBe(definedFingerprint(sent.taskId, sent.questionnaireId, sent.startedAt, sent.submittedAt, answers));
    expect(sentItems(answers)).toEqual([
      [0, 0, '7.5'],
      [0, 1, '"fine \\"really\\""'],
      [1, 0, '["calm","tense"]'],
    ]);
  });

  it('takes the order shown as a sixth element only when one was sent (issue 34 part 4)', () => {
    const answers: AnswerItem[] = [{ question_pos: 1, response_pos: 0, value: ['2'] }];
    const sent = { taskId: 'task-1', questionnaireId: 'q-1', startedAt: '2026-11-27T08:00:00.000Z', submittedAt: '2026-11-27T08:01:00.000Z', items: sentItems(answers) };
    const order = { questions: [1, 0], choices: { '1': ['2', '1'] } };
    const ordered = [[1, 0, ['2']]];
    const withOrder = createHash('sha256').update(JSON.stringify([sent.taskId, sent.questionnaireId, sent.startedAt, sent.submittedAt, ordered, order])).digest('hex');
    expect(requestFingerprint({ ...sent, shownOrder: JSON.stringify(order) })).toBe(withOrder);
    expect(requestFingerprint({ ...sent, shownOrder: null })).toBe(definedFingerprint(sent.taskId, sent.questionnaireId, sent.startedAt, sent.submittedAt, answers));
    expect(requestFingerprint({ ...sent, shownOrder: JSON.stringify({ questions: [0, 1] }) })).not.toBe(withOrder);
  });

  it('takes shown texts (piping) only when sent: their canonical JSON after the order shown, null without one', () => {
    const answers: AnswerItem[] = [{ question_pos: 0, response_pos: 0, value: 'walk' }];
    const sent = { taskId: null, questionnaireId: 'q-1', startedAt: '2026-11-27T08:00:00.000Z', submittedAt: '2026-11-27T08:01:00.000Z', items: sentItems(answers) };
    const shown = canonicalShownTexts({ '1': { question: 'You wrote walk' } });
    const ordered = [[0, 0, 'walk']];
    const withShown = createHash('sha256').update(JSON.stringify([null, 'q-1', sent.startedAt, sent.submittedAt, ordered, null, JSON.parse(shown)])).digest('hex');
    expect(requestFingerprint({ ...sent, shownOrder: null, shownTexts: shown })).toBe(withShown);
    expect(requestFingerprint({ ...sent, shownOrder: null, shownTexts: null })).toBe(definedFingerprint(null, 'q-1', sent.startedAt, sent.submittedAt, answers));
    expect(requestFingerprint({ ...sent, shownOrder: null, shownTexts: canonicalShownTexts({ '1': { question: 'You wrote run' } }) })).not.toBe(withShown);
  });

  it('takes both the order shown and the shown texts when both were sent', () => {
    const answers: AnswerItem[] = [{ question_pos: 0, response_pos: 0, value: 'walk' }];
    const sent = { taskId: null, questionnaireId: 'q-1', startedAt: '2026-11-27T08:00:00.000Z', submittedAt: '2026-11-27T08:01:00.000Z', items: sentItems(answers) };
    const order = { questions: [1, 0] };
    const shown = canonicalShownTexts({ '1': { question: 'You wrote walk' } });
    const expected = createHash('sha256').update(JSON.stringify([null, 'q-1', sent.startedAt, sent.submittedAt, [[0, 0, 'walk']], order, JSON.parse(shown)])).digest('hex');
    expect(requestFingerprint({ ...sent, shownOrder: JSON.stringify(order), shownTexts: shown })).toBe(expected);
    expect(requestFingerprint({ ...sent, shownOrder: JSON.stringify(order), shownTexts: null })).not.toBe(expected);
    expect(requestFingerprint({ ...sent, shownOrder: null, shownTexts: shown })).not.toBe(expected);
  });

  it("as the writer derives it, is of the moments as sent: a pilot's moments stored on its clock are taken back by its offset", () => {
    const answers: AnswerItem[] = [{ question_pos: 0, response_pos: 0, value: ['calm'] }];
    const sent = { taskId: 'task-1', questionnaireId: 'q-1', startedAt: '2026-11-27T08:00:00.000Z', submittedAt: '2026-11-27T08:01:00.123Z' };
    const expected = definedFingerprint(sent.taskId, sent.questionnaireId, sent.startedAt, sent.submittedAt, answers);
    fc.assert(
      // 0: a real participant (the moments stored as sent); up to past the year 9999 for a pilot's clock.
      fc.property(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 253_402_300_800_000 - Date.parse(sent.submittedAt) + 300_000 })), (offset) => {
        const shift = (moment: string) => new Date(Date.parse(moment) + offset).toISOString();
        const write = {
          submission: { questionnaire_id: sent.questionnaireId, started_at: shift(sent.startedAt), submitted_at: shift(sent.submittedAt) },
          sentTaskId: sent.taskId,
          items: sentItems(answers),
          clockOffsetMs: offset,
        } as AnswerWrite;
        expect(fingerprintOf(write)).toBe(expected);
      }),
    );
  });
});
