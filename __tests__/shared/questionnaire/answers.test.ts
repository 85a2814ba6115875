// The server's checks of a participant's answers (PARTICIPANTS.md "Answers are checked on the server"), each
// with its message, and the visibility conditions applied by the preview's own rule.
import { answersProblem } from '../../../src/shared/questionnaire/answers';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import { RESPONSE_CHECKS } from '../../../src/shared/questionnaire/rules';
import type { MultipleChoiceSet, Question, ResponseItem, ResponseType } from '../../../src/shared/questionnaire/types';
import type { AnswerItem } from '../../../src/shared/types/participantApp';
import { participantMessages as m } from '../../../src/shared/messages';

function r(type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(`r-${type}`, type), ...changes };
}

function q(responses: ResponseItem[], changes: Partial<Question> = {}): Question {
  return { ...makeQuestion('q', 'r'), question_num: '1', other_info: responses.map((x, i) => ({ ...x, position: i })), ...changes };
}

function questionnaire(...questions: Question[]): Question[] {
  return questions.map((x, i) => ({ ...x, position: i }));
}

const mood: MultipleChoiceSet = {
  _id: 'set1',
  name: 'Mood',
  questionnaire: 'qx',
  choices: [
    { name: 'Happy', value: 'happy', position: 0 },
    { name: 'Sad', value: 'sad', position: 1 },
  ],
};

const a = (question_pos: number, response_pos: number, value: AnswerItem['value']): AnswerItem => ({ question_pos, response_pos, value });
const refusal = (question_pos: number, response_pos: number, message: string) => ({ message, question_pos, response_pos });
const required = { validation: { required: true, regex_string: '', identical_to_prev_question: false, earlier: null } };

describe('answers against the questionnaire', () => {
  it('accepts a complete, well-formed submission', () => {
    const qs = questionnaire(
      q([r('text'), r('textarea')]),
      q([r('mc', { choices: 'set1', multiple: true })]),
      q([r('slider', { min: 0, max: 10 })]),
      q([r('time'), r('time', { picker_format: 'DD MM YYYY' })]),
      q([r('duration', { day: false, hour: true, minute: true })]),
      q([r('instruction'), r('photoUpload')]),
    );
    const answers = [a(0, 0, 'hello'), a(0, 1, 'long text'), a(1, 0, ['happy', 'sad']), a(2, 0, 7.5), a(3, 0, '08:30'), a(3, 1, '2024-05-01'), a(4, 0, 'PT2H30M'), a(5, 1, 'photos/p/1.jpg')];
    expect(answersProblem(qs, [mood], answers)).toBeNull();
    expect(answersProblem(qs, [mood], [])).toBeNull();
  });

  it.each<[string, Question[], AnswerItem[], string]>([
    ['an unknown question', questionnaire(q([r('text')])), [a(3, 0, 'x')], m.answerUnknownItem],
    ['an unknown response', questionnaire(q([r('text')])), [a(0, 2, 'x')], m.answerUnknownItem],
    ['the same response twice', questionnaire(q([r('text')])), [a(0, 0, 'x'), a(0, 0, 'y')], m.answerDuplicateItem],
    ['an instruction', questionnaire(q([r('instruction')])), [a(0, 0, 'x')], m.answerNotAnswerable],
    ['a media item', questionnaire(q([r('media')])), [a(0, 0, 'x')], m.answerNotAnswerable],
    ['a number for text', questionnaire(q([r('text')])), [a(0, 0, 5)], m.answerWrongType],
    ['text for a slider', questionnaire(q([r('slider', { min: 0, max: 10 })])), [a(0, 0, '5')], m.answerWrongType],
    ['a slider below its minimum', questionnaire(q([r('slider', { min: 1, max: 10 })])), [a(0, 0, 0)], m.answerSliderRange],
    ['a slider above its maximum', questionnaire(q([r('slider', { min: 1, max: 10 })])), [a(0, 0, 11)], m.answerSliderRange],
    ['a string for mc', questionnaire(q([r('mc', { choices: 'set1' })])), [a(0, 0, 'happy')], m.answerWrongType],
    ['a choice not in the set', questionnaire(q([r('mc', { choices: 'set1' })])), [a(0, 0, ['angry'])], m.answerChoiceUnknown],
    ['two choices for a single choice', questionnaire(q([r('mc', { choices: 'set1', multiple: false })])), [a(0, 0, ['happy', 'sad'])], m.answerOneChoice],
    ['a time in the wrong form', questionnaire(q([r('time')])), [a(0, 0, '8:30pm')], m.answerTimeShape],
    ['a date in the wrong form', questionnaire(q([r('time', { picker_format: 'DD MM YYYY' })])), [a(0, 0, '01/05/2024')], m.answerTimeShape],
    ['a duration unit not offered', questionnaire(q([r('duration', { day: false, hour: true, minute: false })])), [a(0, 0, 'PT2H30M')], m.answerDurationShape],
    ['a duration that is not one', questionnaire(q([r('duration', { hour: true })])), [a(0, 0, '2 hours')], m.answerDurationShape],
    ['letters in a numbers-only text', questionnaire(q([r('text', { number_only: true })])), [a(0, 0, '12a')], m.answerNumbersOnly],
    [
      'seven digits for eight',
      questionnaire(q([r('text', { number_only: true, validation: { ...required.validation, required: false, regex_string: RESPONSE_CHECKS.eightDigits } })])),
      [a(0, 0, '1234567')],
      m.answerEightDigits,
    ],
    [
      'a text that is not an email',
      questionnaire(q([r('text', { validation: { ...required.validation, required: false, regex_string: RESPONSE_CHECKS.email } })])),
      [a(0, 0, 'not an email')],
      m.answerEmail,
    ],
    ['a missing required answer', questionnaire(q([r('text', required)])), [], m.answerRequired],
    ['a blank required answer', questionnaire(q([r('text', required)])), [a(0, 0, '  ')], m.answerRequired],
    ['an empty required choice', questionnaire(q([r('mc', { choices: 'set1', ...required })])), [a(0, 0, [])], m.answerRequired],
    ['a text too long', questionnaire(q([r('textarea')])), [a(0, 0, 'x'.repeat(10_001))], m.answerTooLong],
  ])('refuses %s, naming the response at fault', (_name, qs, answers, message) => {
    const place = answers[answers.length - 1] ?? { question_pos: 0, response_pos: 0 };
    expect(answersProblem(qs, [mood], answers)).toEqual({ message, question_pos: place.question_pos, response_pos: place.response_pos });
  });

  it('refuses too many answers without naming one', () => {
    const many = Array.from({ length: 5001 }, (_, i) => a(i, 0, 'x'));
    expect(answersProblem(questionnaire(q([r('text')])), [], many)).toEqual({ message: m.answerTooLong });
  });

  it('accepts a good eight-digit number and email', () => {
    const eight = questionnaire(q([r('text', { number_only: true, validation: { ...required.validation, regex_string: RESPONSE_CHECKS.eightDigits } })]));
    expect(answersProblem(eight, [], [a(0, 0, '12345678')])).toBeNull();
    const email = questionnaire(q([r('text', { validation: { ...required.validation, regex_string: RESPONSE_CHECKS.email } })]));
    expect(answersProblem(email, [], [a(0, 0, 'p@example.org')])).toBeNull();
  });

  it('identical to the previous question', () => {
    const qs = questionnaire(q([r('text')]), q([r('text', { validation: { ...required.validation, identical_to_prev_question: true } })]));
    expect(answersProblem(qs, [], [a(0, 0, 'abc'), a(1, 0, 'abc')])).toBeNull();
    expect(answersProblem(qs, [], [a(0, 0, 'abc'), a(1, 0, 'abd')])).toEqual(refusal(1, 0, m.answerNotIdentical));
  });

  it('earlier than another time', () => {
    const qs = questionnaire(
      q([r('time', { validation: { ...required.validation, earlier: { target_qpos: 1, target_rpos: 0 } } })]),
      q([r('time', required)]),
    );
    expect(answersProblem(qs, [], [a(0, 0, '07:00'), a(1, 0, '08:00')])).toBeNull();
    expect(answersProblem(qs, [], [a(0, 0, '09:00'), a(1, 0, '08:00')])).toEqual(refusal(0, 0, m.answerNotEarlier));
    expect(answersProblem(qs, [], [a(0, 0, '08:00'), a(1, 0, '08:00')])).toEqual(refusal(0, 0, m.answerNotEarlier));
  });

  describe('visibility conditions (the preview rule)', () => {
    const qs = questionnaire(
      q([r('mc', { choices: 'set1' })]),
      q([r('text', required)], { dependency: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: 'sad' }] }] }),
    );

    it('a visible question’s required answer is required', () => {
      expect(answersProblem(qs, [mood], [a(0, 0, ['sad'])])).toEqual(refusal(1, 0, m.answerRequired));
      expect(answersProblem(qs, [mood], [a(0, 0, ['sad']), a(1, 0, 'why')])).toBeNull();
    });

    it('a hidden question may not be answered, and its required answer is not required', () => {
      expect(answersProblem(qs, [mood], [a(0, 0, ['happy'])])).toBeNull();
      expect(answersProblem(qs, [mood], [a(0, 0, ['happy']), a(1, 0, 'why')])).toEqual(refusal(1, 0, m.answerHidden));
    });
  });

  it('a photo answer must name a known upload', () => {
    const qs = questionnaire(q([r('photoUpload')]));
    expect(answersProblem(qs, [], [a(0, 0, 'photos/mine.jpg')], (key) => key === 'photos/mine.jpg')).toBeNull();
    expect(answersProblem(qs, [], [a(0, 0, 'photos/other.jpg')], (key) => key === 'photos/mine.jpg')).toEqual(refusal(0, 0, m.photoUnknown));
  });
});
