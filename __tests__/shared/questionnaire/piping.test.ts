// Piping (issue 34 part 3): tokens, the words an answer is quoted as, escaping into rich text, fallbacks, the
// preview's marks, the texts an answer says were shown and the server's check of them.
import {
  canonicalShownTexts,
  earlierKey,
  fallbackProblem,
  fillHtml,
  fillPlain,
  pipeSource,
  pipeToken,
  pipeTokens,
  pipingMessages,
  pipingProblem,
  readShownTexts,
  shownTexts,
  shownTextsProblem,
} from '../../../src/shared/questionnaire/piping';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { MultipleChoiceSet, Question, ResponseItem, ResponseType } from '../../../src/shared/questionnaire/types';
import type { Answers } from '../../../src/shared/questionnaire/visibility';

function r(type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(`r-${type}`, type), ...changes };
}

function q(html: string, responses: ResponseItem[], changes: Partial<Question> = {}): Question {
  return { ...makeQuestion(`q-${html}`, 'r'), html_question: html, other_info: responses.map((x, j) => ({ ...x, position: j })), ...changes };
}

const sets: MultipleChoiceSet[] = [
  {
    _id: 'feel',
    name: 'Feelings',
    questionnaire: 'x',
    choices: [
      { name: 'Calm', value: '1', position: 0 },
      { name: 'Tense', value: '2', position: 1 },
      { name: 'Tired', value: '3', position: 2 },
    ],
  },
  { _id: 'why', name: 'Why', questionnaire: 'x', choices: [{ name: 'Because of {{Q2}}', value: 'a', position: 0 }, { name: 'Other', value: 'b', position: 1 }] },
];

// Q1 a name, Q2 feelings (several), Q3 a slider, Q4 quotes them, Q5 a question whose labels quote Q2.
const questions: Question[] = [
  q('<p>Your name?</p>', [r('text')]),
  q('<p>How do you feel?</p>', [r('mc', { choices: 'feel', multiple: true })]),
  q('<p>How much?</p>', [r('slider', { min: 0, max: 10 })]),
  q('<p>Hello <strong>{{Q1}}</strong>, you felt {{Q2}} ({{Q3}}); yesterday {{MOOD.Q1|nothing yet}}, {{mood.Q2}}</p>', [r('textarea')]),
  q('<p>Why?</p>', [r('mc', { choices: 'why' })]),
];

const answers: Answers = { 0: { 0: 'Ann' }, 1: { 0: ['3', '1'] }, 2: { 0: '7' } };

describe('tokens', () => {
  it('reads this questionnaire’s and an earlier submission’s tokens with their fallbacks', () => {
    expect(pipeTokens('{{Q3}} {{ MOOD.Q12 | none }} {{X-1.Q2|}} {{Q}} {{MOOD.1}}')).toEqual([
      { raw: '{{Q3}}', abbrev: null, number: 3, fallback: null },
      { raw: '{{ MOOD.Q12 | none }}', abbrev: 'MOOD', number: 12, fallback: ' none ' },
      { raw: '{{X-1.Q2|}}', abbrev: 'X-1', number: 2, fallback: '' },
    ]);
  });

  it('writes the tokens the Insert answer menu inserts, which read back as written', () => {
    expect(pipeToken(null, 3)).toBe('{{Q3}}');
    expect(pipeToken('MOOD', 1)).toBe('{{MOOD.Q1}}');
    expect(pipeToken('MOOD', 1, '  ')).toBe('{{MOOD.Q1}}');
    expect(pipeToken('MOOD', 2, ' no | answer yet ')).toBe('{{MOOD.Q2|no | answer yet}}');
    expect(pipeTokens(pipeToken('MOOD', 2, 'no | answer yet'))).toEqual([{ raw: '{{MOOD.Q2|no | answer yet}}', abbrev: 'MOOD', number: 2, fallback: 'no | answer yet' }]);
    expect(fallbackProblem('no answer yet')).toBeNull();
    expect(fallbackProblem('a {b')).toBe(pipingMessages.fallbackBraces);
    expect(fallbackProblem('a }')).toBe(pipingMessages.fallbackBraces);
  });

  it('keys earlier answers by the abbreviation in capitals', () => {
    expect(earlierKey('mood', 1)).toBe('MOOD.Q1');
  });
});

describe('filling', () => {
  it('quotes choices by their labels in the set’s order, a slider’s number and a text as typed', () => {
    const source = pipeSource(questions, sets, answers, { 'MOOD.Q2': 'Sad' });
    expect(fillHtml(questions[3].html_question, source)).toBe('<p>Hello <strong>Ann</strong>, you felt Calm, Tired (7); yesterday nothing yet, Sad</p>');
  });

  it('escapes a quoted answer so that it never adds HTML, earlier answers too', () => {
    const source = pipeSource(questions, sets, { 0: { 0: '<img src=x onerror=alert(1)>&"\'' } }, { 'MOOD.Q1': '<script>x</script>' });
    const html = fillHtml(questions[3].html_question, source);
    expect(html).toContain('<strong>&lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39;</strong>');
    expect(html).toContain('yesterday &lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toMatch(/<img|<script/);
  });

  it('shows an empty string without a fallback, and an unanswered or hidden question as unanswered', () => {
    const hidden = questions.map((x, i) =>
      i === 0 ? { ...x, dependency: [{ or: [{ dependent_qpos: 2, dependent_response_pos: 0, criterion_operator: 'greater' as const, criterion_value: '8' }] }] } : x,
    );
    const source = pipeSource(hidden, sets, answers, {});
    expect(fillHtml('<p>[{{Q1}}] [{{Q5}}] [{{MOOD.Q2}}] [{{Q1|you}}]</p>', source)).toBe('<p>[] [] [] [you]</p>');
  });

  it('marks an earlier submission’s token without fallback by its name in the preview', () => {
    const source = pipeSource(questions, sets, answers, null);
    expect(fillHtml('{{MOOD.Q1|none}} {{mood.Q2}}', source)).toBe('none [mood.Q2]');
  });

  it('fills a choice label as plain text (React escapes it)', () => {
    expect(fillPlain('Because of {{Q1}}', pipeSource(questions, sets, { 0: { 0: '<b>' } }, {}))).toBe('Because of <b>');
  });
});

describe('shown texts', () => {
  const earlier = { 'MOOD.Q1': 'Happy' };
  const shown = shownTexts(questions, sets, answers, earlier);

  it('keeps the words of each shown question with tokens and its labels with tokens', () => {
    expect(shown).toEqual({
      '3': { question: 'Hello Ann , you felt Calm, Tired (7); yesterday Happy,' },
      '4': { choices: { a: 'Because of Calm, Tired' } },
    });
    expect(shownTexts(questions.slice(0, 3), sets, answers, earlier)).toBeNull();
  });

  it('stores them in one order whatever order they were sent in, and reads them back', () => {
    const text = canonicalShownTexts({ '4': { choices: { b: 'y', a: 'x' } }, '3': { question: 'q' } });
    expect(text).toBe(canonicalShownTexts({ '3': { question: 'q' }, '4': { choices: { a: 'x', b: 'y' } } }));
    expect(readShownTexts(text)).toEqual(new Map([[3, { question: 'q' }], [4, { choices: { a: 'x', b: 'y' } }]]));
    expect(readShownTexts(null).size).toBe(0);
  });

  it('accepts what the filler makes, whatever an earlier answer was', () => {
    expect(shownTextsProblem(questions, sets, answers, shown ?? {})).toBeNull();
    const other = shownTexts(questions, sets, answers, {});
    expect(shownTextsProblem(questions, sets, answers, other ?? {})).toBeNull();
  });

  it('refuses a text that is not the template filled from this answer', () => {
    expect(shownTextsProblem(questions, sets, answers, { '3': { question: 'Hello Bob , you felt Calm, Tired (7); yesterday Happy,' } })).toEqual({ question_pos: 3 });
    expect(shownTextsProblem(questions, sets, answers, { '4': { choices: { a: 'Because of Tense' } } })).toEqual({ question_pos: 4 });
    expect(shownTextsProblem(questions, sets, answers, { '4': { choices: { b: 'Other' } } })).toEqual({ question_pos: 4 });
    expect(shownTextsProblem(questions, sets, answers, { '0': { question: 'Your name?' } })).toEqual({ question_pos: 0 });
    expect(shownTextsProblem(questions, sets, answers, { '9': { question: 'x' } })).toEqual({});
    expect(shownTextsProblem(questions, sets, answers, { '3': { question: 'x'.repeat(10_001) } })).toEqual({ question_pos: 3 });
  });
});

describe('the quoted questions a save may have', () => {
  const counts: Record<string, number> = { MOOD: 2 };
  const count = (code: string) => counts[code.toUpperCase()] ?? null;
  const texts = (...html: string[]) => html.map((h, i) => q(h, [r('text')], { position: i }));

  it('accepts earlier questions of this questionnaire and questions another has, by code in any case', () => {
    expect(pipingProblem(texts('<p>a</p>', '<p>{{Q1}} {{mood.Q2|x}}</p>'), count)).toBeNull();
  });

  it('refuses this or a later question, a code the lab has not and a question past the end, naming the quoting question', () => {
    expect(pipingProblem(texts('<p>a</p>', '<p>{{Q2}}</p>'), count)).toEqual({ question_pos: 1, message: pipingMessages.laterQuestion });
    expect(pipingProblem(texts('<p>{{Q0}}</p>'), count)).toEqual({ question_pos: 0, message: pipingMessages.laterQuestion });
    expect(pipingProblem(texts('<p>a</p>', '<p>{{SLEEP.Q1}}</p>'), count)).toEqual({ question_pos: 1, message: pipingMessages.unknownQuestionnaire });
    expect(pipingProblem(texts('<p>{{MOOD.Q3}}</p>'), count)).toEqual({ question_pos: 0, message: pipingMessages.unknownQuestion });
  });
  it("checks the labels of the choice sets a question shows by the same rule, at each question showing them", () => {
    // Q5's labels quote Q2, an earlier question: accepted; the same set shown by Q2 itself quotes Q2 there.
    expect(pipingProblem(questions, count, sets)).toBeNull();
    const own = [...questions.slice(0, 1), q('<p>Why?</p>', [r('mc', { choices: 'why' })])];
    expect(pipingProblem(own, count, sets)).toEqual({ question_pos: 1, message: pipingMessages.laterQuestion });
    const label = (name: string): MultipleChoiceSet[] => [{ ...sets[1], choices: [{ name, value: 'a', position: 0 }] }];
    expect(pipingProblem(questions, count, label('{{SLEEP.Q1}}'))).toEqual({ question_pos: 4, message: pipingMessages.unknownQuestionnaire });
    expect(pipingProblem(questions, count, label('{{mood.Q3|none}}'))).toEqual({ question_pos: 4, message: pipingMessages.unknownQuestion });
    expect(pipingProblem(questions, count, label('{{Q9}}'))).toEqual({ question_pos: 4, message: pipingMessages.laterQuestion });
    // A set no question shows is not checked (no question would quote through it).
    expect(pipingProblem(texts('<p>a</p>'), count, label('{{Q9}}'))).toBeNull();
  });
});
