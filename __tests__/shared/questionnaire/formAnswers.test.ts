// A questionnaire form's answers: changes applied, what is sent from them (only visible questions, sliders as
// numbers), and the server's checks of answersProblem per question, as the app shows them before sending.
import { answersProblem, questionProblem } from '../../../src/shared/questionnaire/answers';
import { applyAnswerChange, formProblems, formQuestionProblem, toAnswerItems } from '../../../src/shared/questionnaire/formAnswers';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import { RESPONSE_CHECKS } from '../../../src/shared/questionnaire/rules';
import type { DependencyCondition, MultipleChoiceSet, Question, ResponseItem, ResponseType } from '../../../src/shared/questionnaire/types';
import { visibleQuestions, type Answers } from '../../../src/shared/questionnaire/visibility';
import { participantMessages as m } from '../../../src/shared/messages';

function r(type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(`r-${type}`, type), ...changes };
}

function q(responses: ResponseItem[], changes: Partial<Question> = {}): Question {
  return { ...makeQuestion('q', 'r'), question_num: '1', other_info: responses.map((x, i) => ({ ...x, position: i })), ...changes };
}

const when = (c: DependencyCondition) => ({ dependency: [{ or: [c] }] });
const mood: MultipleChoiceSet = {
  _id: 'set1',
  name: 'Mood',
  questionnaire: 'qx',
  choices: [
    { name: 'Happy', value: 'happy', position: 0 },
    { name: 'Sad', value: 'sad', position: 1 },
  ],
};
const validation = (changes: Partial<ResponseItem['validation']>) => ({ validation: { required: false, regex_string: '', identical_to_prev_question: false, earlier: null, ...changes } });

describe('form answers', () => {
  it('applies a change without touching the answers it was given, and clears with undefined', () => {
    const before: Answers = { 0: { 0: 'a' } };
    const after = applyAnswerChange(before, { question_pos: 0, response_pos: 1, value: ['x'] });
    expect(after).toEqual({ 0: { 0: 'a', 1: ['x'] } });
    expect(before).toEqual({ 0: { 0: 'a' } });
    expect(applyAnswerChange(after, { question_pos: 0, response_pos: 0, value: undefined })).toEqual({ 0: { 1: ['x'] } });
  });

  it('sends the visible questions’ non-blank answers in order, a slider as its number, nothing for instructions', () => {
    const qs = [
      q([r('instruction'), r('text'), r('slider', { min: 0, max: 10 })]),
      q([r('mc', { choices: 'set1' })]),
      q([r('text')], when({ dependent_qpos: 1, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: 'sad' })),
      q([r('textarea'), r('duration')]),
    ];
    const answers: Answers = { 0: { 0: 'ignored', 1: 'hi', 2: '7' }, 1: { 0: ['happy'] }, 2: { 0: 'hidden now' }, 3: { 0: '   ', 1: 'PT2H' } };
    expect(toAnswerItems(qs, answers)).toEqual([
      { question_pos: 0, response_pos: 1, value: 'hi' },
      { question_pos: 0, response_pos: 2, value: 7 },
      { question_pos: 1, response_pos: 0, value: ['happy'] },
      { question_pos: 3, response_pos: 1, value: 'PT2H' },
    ]);
    expect(answersProblem(qs, [mood], toAnswerItems(qs, answers))).toBeNull();
  });

  it('leaves out a question shown only by a hidden question’s answer, as the server would judge it', () => {
    const qs = [
      q([r('mc', { choices: 'set1' })]),
      q([r('text')], when({ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: 'sad' })),
      q([r('text')], when({ dependent_qpos: 1, dependent_response_pos: 0, criterion_operator: 'is', criterion_value: 'rain' })),
    ];
    const answers: Answers = { 0: { 0: ['happy'] }, 1: { 0: 'rain' }, 2: { 0: 'wet' } };
    expect(visibleQuestions(qs, answers)).toEqual([true, false, false]);
    expect(toAnswerItems(qs, answers)).toEqual([{ question_pos: 0, response_pos: 0, value: ['happy'] }]);
    expect(visibleQuestions(qs, { ...answers, 0: { 0: ['sad'] } })).toEqual([true, true, true]);
  });

  it('checks one question with the server’s rules: the refusal answersProblem gives, at that question only', () => {
    const qs = [
      q([r('text', validation({ regex_string: RESPONSE_CHECKS.eightDigits }))]),
      q([r('time', validation({ earlier: { target_qpos: 2, target_rpos: 0 } }))]),
      q([r('time')]),
      q([r('text', validation({ required: true }))]),
    ];
    const answers: Answers = { 0: { 0: '1234' }, 1: { 0: '09:00' }, 2: { 0: '08:00' } };
    const items = toAnswerItems(qs, answers);
    expect(formQuestionProblem(qs, [], answers, 0)).toEqual({ message: m.answerEightDigits, question_pos: 0, response_pos: 0 });
    expect(answersProblem(qs, [], items)).toEqual(formQuestionProblem(qs, [], answers, 0));
    expect(formQuestionProblem(qs, [], answers, 1)).toEqual({ message: m.answerNotEarlier, question_pos: 1, response_pos: 0 });
    expect(formQuestionProblem(qs, [], answers, 2)).toBeNull();
    expect(questionProblem(qs, [], items, 3)).toEqual({ message: m.answerRequired, question_pos: 3, response_pos: 0 });
    expect(formProblems(qs, [], answers).map((p) => p.question_pos)).toEqual([0, 1, 3]);
    expect(formProblems(qs, [], { 0: { 0: '12345678' }, 1: { 0: '07:00' }, 2: { 0: '08:00' }, 3: { 0: 'x' } })).toEqual([]);
  });

  it('an email check and a pattern the researcher set are refused with their own messages', () => {
    const qs = [q([r('text', validation({ regex_string: RESPONSE_CHECKS.email }))]), q([r('text', validation({ regex_string: '^[A-Z]{3}$' }))])];
    const answers: Answers = { 0: { 0: 'not mail' }, 1: { 0: 'abc' } };
    expect(formQuestionProblem(qs, [], answers, 0)?.message).toBe(m.answerEmail);
    expect(formQuestionProblem(qs, [], answers, 1)?.message).toBe(m.answerPattern);
    expect(formQuestionProblem(qs, [], { 0: { 0: 'p@example.org' }, 1: { 0: 'ABC' } }, 1)).toBeNull();
  });
});
