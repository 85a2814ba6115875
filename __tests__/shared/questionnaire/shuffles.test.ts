// Shuffled choices and runs of questions (issue 34 part 4): the order drawn from a seed (the same seed, the same
// order; every order a permutation that keeps questions outside the runs in place), the check of a reported
// order, the save rules with their messages, and the titles as shown.
import fc from 'fast-check';
import {
  drawShownOrder,
  seedOf,
  shownOrderProblem,
  shownOrderText,
  shuffleMessages as m,
  shufflesProblem,
  titlesAsShown,
} from '../../../src/shared/questionnaire/shuffles';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { MultipleChoiceSet, Question, ResponseItem, ShuffleRun } from '../../../src/shared/questionnaire/types';

const SET: MultipleChoiceSet = {
  _id: 'set1',
  name: 'Moods',
  questionnaire: 'qx',
  choices: ['a', 'b', 'c', 'd', 'e'].map((value, position) => ({ name: value.toUpperCase(), value, position })),
};

function questions(count: number, change: (q: Question, i: number) => Question = (q) => q): Question[] {
  return Array.from({ length: count }, (_, i) => change({ ...makeQuestion(`q${i}`, `r${i}`), question_num: String(i + 1), position: i }, i));
}

const shuffledChoice = (q: Question): Question => ({ ...q, other_info: [{ ...makeResponse(`${q._id}-mc`, 'mc'), choices: 'set1', shuffle_choices: true }] });

describe('the order drawn for an answer', () => {
  const qs = questions(8, (q, i) => (i === 2 || i === 6 ? shuffledChoice(q) : q));
  const runs: ShuffleRun[] = [{ from_pos: 1, to_pos: 3 }, { from_pos: 5, to_pos: 7 }];

  it('is the same for the same seed, and one the check accepts, for any seed', () => {
    fc.assert(
      fc.property(fc.string(), (submissionId) => {
        const order = drawShownOrder(qs, [SET], runs, seedOf(submissionId));
        expect(order).toEqual(drawShownOrder(qs, [SET], runs, seedOf(submissionId)));
        expect(order && shownOrderProblem(qs, [SET], runs, order)).toBeNull();
        expect(order?.questions?.[0]).toBe(0);
        expect(order?.questions?.[4]).toBe(4);
        expect(Object.keys(order?.choices ?? {})).toEqual(['2', '6']);
      }),
    );
  });

  it('differs between answers: over many seeds each run shows every one of its orders', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 300; seed += 1) seen.add(JSON.stringify(drawShownOrder(qs, [SET], runs, seed)?.questions?.slice(1, 4)));
    expect(seen.size).toBe(6);
  });

  it('is none for a questionnaire that shuffles nothing (one saved before: no flag, no runs)', () => {
    const plain = questions(3, (q, i) => (i === 1 ? { ...q, other_info: [{ ...makeResponse('mc', 'mc'), choices: 'set1' }] } : q));
    expect(drawShownOrder(plain, [SET], [], 7)).toBeUndefined();
  });

  it('gives choices alone without runs, and questions alone without shuffled choices', () => {
    expect(Object.keys(drawShownOrder(qs, [SET], [], 1) ?? {})).toEqual(['choices']);
    expect(Object.keys(drawShownOrder(questions(4), [SET], [{ from_pos: 0, to_pos: 3 }], 1) ?? {})).toEqual(['questions']);
  });
});

describe('the check of a reported order', () => {
  const qs = questions(5, (q, i) => (i === 1 ? shuffledChoice(q) : q));
  const runs: ShuffleRun[] = [{ from_pos: 1, to_pos: 3 }];

  it('accepts the order of the questionnaire itself and any order within the run', () => {
    expect(shownOrderProblem(qs, [SET], runs, { questions: [0, 1, 2, 3, 4] })).toBeNull();
    expect(shownOrderProblem(qs, [SET], runs, { questions: [0, 3, 2, 1, 4], choices: { '1': ['e', 'a', 'c', 'b', 'd'] } })).toBeNull();
  });

  it.each([
    [{ questions: [0, 1, 2, 3] }, m.shownQuestions],
    [{ questions: [0, 1, 2, 3, 4, 5] }, m.shownQuestions],
    [{ questions: [1, 0, 2, 3, 4] }, m.shownQuestions],
    [{ questions: [0, 1, 1, 3, 4] }, m.shownQuestions],
    [{ choices: { '1': ['a', 'b', 'c', 'd'] } }, m.shownChoices],
    [{ choices: { '1': ['a', 'b', 'c', 'd', 'd'] } }, m.shownChoices],
    [{ choices: { '2': [] } }, m.shownChoices],
    [{ choices: { '01': ['a', 'b', 'c', 'd', 'e'] } }, m.shownChoices],
  ])('refuses %j', (order, message) => {
    expect(shownOrderProblem(qs, [SET], runs, order)).toBe(message);
  });

  it('refuses a moved question when the questionnaire has no runs', () => {
    expect(shownOrderProblem(qs, [SET], [], { questions: [0, 2, 1, 3, 4] })).toBe(m.shownQuestions);
  });

  it('stores one text for the same order however its keys were written', () => {
    expect(shownOrderText({ choices: { '10': ['a'], '2': ['b'] }, questions: [1, 0] })).toBe('{"questions":[1,0],"choices":{"2":["b"],"10":["a"]}}');
  });
});

describe('the save rules', () => {
  const qs = questions(5);
  it.each<[string, ShuffleRun[], string | null]>([
    ['runs side by side', [{ from_pos: 0, to_pos: 1 }, { from_pos: 2, to_pos: 4 }], null],
    ['a run of one question', [{ from_pos: 2, to_pos: 2 }], m.runTooShort],
    ['a run backwards', [{ from_pos: 3, to_pos: 2 }], m.runTooShort],
    ['a run past the end', [{ from_pos: 3, to_pos: 5 }], m.runOutside],
    ['a run before the start', [{ from_pos: -1, to_pos: 2 }], m.runOutside],
    ['overlapping runs', [{ from_pos: 2, to_pos: 4 }, { from_pos: 0, to_pos: 2 }], m.runsOverlap],
  ])('%s', (_name, runs, message) => {
    expect(shufflesProblem(qs, runs)).toBe(message);
  });

  it('refuses a condition on another question of the same run, not on one before it', () => {
    const condition = (target: number) =>
      questions(5, (q, i) => (i === 3 ? { ...q, dependency: [{ or: [{ dependent_qpos: target, dependent_response_pos: 0, criterion_operator: 'is', criterion_value: 'x' }] }] } : q));
    expect(shufflesProblem(condition(2), [{ from_pos: 2, to_pos: 4 }])).toBe(m.conditionInRun);
    expect(shufflesProblem(condition(1), [{ from_pos: 2, to_pos: 4 }])).toBeNull();
  });

  it("refuses 'identical to the previous question' inside a run, not at its first question", () => {
    const identical = (at: number) =>
      questions(5, (q, i) => (i === at ? { ...q, other_info: [{ ...q.other_info[0], validation: { ...q.other_info[0].validation, identical_to_prev_question: true } }] } : q));
    expect(shufflesProblem(identical(3), [{ from_pos: 2, to_pos: 4 }])).toBe(m.identicalInRun);
    expect(shufflesProblem(identical(2), [{ from_pos: 2, to_pos: 4 }])).toBeNull();
  });

  it('allows one shuffled choice response per question; the flag on another type is ignored', () => {
    const mc: ResponseItem = { ...makeResponse('a', 'mc'), choices: 'set1', shuffle_choices: true };
    const two = questions(2, (q, i) => (i === 0 ? { ...q, other_info: [mc, { ...mc, _id: 'b' }] } : q));
    expect(shufflesProblem(two, [])).toBe(m.choicesTwice);
    const textFlag = questions(2, (q, i) => (i === 0 ? { ...q, other_info: [mc, { ...makeResponse('t', 'text'), shuffle_choices: true }] } : q));
    expect(shufflesProblem(textFlag, [])).toBeNull();
  });
});

describe('titles as shown', () => {
  it('keep their places in a run while the questions move; an instruction keeps none', () => {
    const titles = ['1', '2', null, '3', '4'];
    // The run 1..3 shown as 3, 2 (an instruction), 1: question 3 takes the first title of the run.
    expect(titlesAsShown(titles, [{ from_pos: 1, to_pos: 3 }], [0, 3, 2, 1, 4])).toEqual(['1', '3', null, '2', '4']);
    expect(titlesAsShown(titles, [{ from_pos: 1, to_pos: 3 }], undefined)).toEqual(titles);
  });
});
