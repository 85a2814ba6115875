// The renderer in a page that keeps its answers as the apps do (applyAnswerChange), checks a question when asked
// (formProblems, the server's rules) and shows what would be sent.
import { useState } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyAnswerChange, formProblems, toAnswerItems } from '../../../src/shared/questionnaire/formAnswers';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { MultipleChoiceSet, Question, ResponseItem, ResponseType } from '../../../src/shared/questionnaire/types';
import type { Answers } from '../../../src/shared/questionnaire/visibility';
import type { AnswerItem, AnswerRefusal } from '../../../src/shared/types/participantApp';
import { QuestionnaireForm, type QuestionnaireFormProps } from '../../../src/ui/questionnaire';

export function response(type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(`r-${type}`, type), ...changes };
}

let nextId = 0;
/** A question with the given responses; its text is "Text n" unless given. */
export function question(responses: ResponseItem[], changes: Partial<Question> = {}): Question {
  nextId += 1;
  return {
    ...makeQuestion(`q${nextId}`, 'r'),
    html_question: `<p>Text ${nextId}</p>`,
    other_info: responses.map((r, i) => ({ ...r, _id: `q${nextId}-r${i}`, position: i })),
    ...changes,
  };
}

export const required = (changes: Partial<ResponseItem['validation']> = {}) => ({
  validation: { required: true, regex_string: '', identical_to_prev_question: false, earlier: null, ...changes },
});
export const checked = (changes: Partial<ResponseItem['validation']>) => ({
  validation: { required: false, regex_string: '', identical_to_prev_question: false, earlier: null, ...changes },
});

export const moodSet: MultipleChoiceSet = {
  _id: 'set1',
  name: 'Mood',
  questionnaire: 'qx',
  choices: [
    { name: 'Happy', value: 'happy', position: 0 },
    { name: 'Sad', value: 'sad', position: 1 },
    { name: 'Tired', value: 'tired', position: 2 },
  ],
};

type Overrides = Partial<Pick<QuestionnaireFormProps, 'mediaUrl' | 'onPhotoChosen' | 'texts' | 'shownOrder' | 'shuffleRuns' | 'earlier'>>;

export function renderForm(questions: Question[], sets: MultipleChoiceSet[] = [moodSet], overrides: Overrides = {}) {
  let sent: AnswerItem[] = [];
  let answers: Answers = {};
  function Page() {
    const [state, setState] = useState<Answers>({});
    const [problems, setProblems] = useState<AnswerRefusal[]>([]);
    answers = state;
    sent = toAnswerItems(questions, state);
    return (
      <>
        <QuestionnaireForm
          questions={questions}
          sets={sets}
          answers={state}
          onChange={(change) => setState((current) => applyAnswerChange(current, change))}
          problems={problems}
          mediaUrl={overrides.mediaUrl ?? ((key) => `/files/${key}`)}
          onPhotoChosen={overrides.onPhotoChosen ?? (async (file) => `photos/${file.name}`)}
          idPrefix="t"
          texts={overrides.texts}
          shownOrder={overrides.shownOrder}
          shuffleRuns={overrides.shuffleRuns}
          earlier={overrides.earlier}
        />
        <button type="button" onClick={() => setProblems(formProblems(questions, sets, state))}>
          Check
        </button>
      </>
    );
  }
  const user = userEvent.setup();
  const view = render(<Page />);
  return { user, ...view, sent: () => sent, answers: () => answers };
}
