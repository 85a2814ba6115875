// One question: its title (none for instructions and media), text, guide, media and response inputs, with the
// required mark and the problems found at it.
import { memo } from 'react';
import type { AnswerChange } from '../../shared/questionnaire/formAnswers';
import type { AnswerRefusal } from '../../shared/types/participantApp';
import { isNonAnswer } from '../../shared/questionnaire/rules';
import type { MultipleChoiceSet, Question, ResponseItem } from '../../shared/questionnaire/types';
import { shufflesChoices } from '../../shared/questionnaire/shuffles';
import { RichTextView } from '../richText/RichTextView';
import { ChoiceInput } from './ChoiceInput';
import { DurationInput } from './DurationInput';
import type { FormValue, InputProps } from './inputProps';
import { MediaView, type MediaUrl } from './MediaView';
import { PhotoInput, type PhotoChosen } from './PhotoInput';
import { SliderInput } from './SliderInput';
import { TextAreaInput, TextInput, TimeInput } from './TextInputs';
import type { QuestionnaireFormTexts } from './texts';

export interface QuestionViewProps {
  id: string;
  question: Question;
  qpos: number;
  title: string | null;
  headingLevel: 2 | 3 | 4;
  sets: readonly MultipleChoiceSet[];
  values: Record<number, string | string[]> | undefined;
  /** The form's onChange; the same function on every render, so that a question re-renders only when its own props change. */
  onChange: (change: AnswerChange) => void;
  problems: readonly AnswerRefusal[];
  mediaUrl: MediaUrl;
  onPhotoChosen: PhotoChosen;
  texts: QuestionnaireFormTexts;
  /** The choice values of its shuffled choice response in the order shown, when it has one (issue 34 part 4). */
  choiceOrder?: readonly string[];
}

export function RequiredMark({ texts }: { texts: QuestionnaireFormTexts }) {
  return (
    <span className="qf-required">
      <span aria-hidden="true"> *</span>
      <span className="qf-sr-only"> ({texts.required})</span>
    </span>
  );
}

function Problem({ id, refusal }: { id: string; refusal: AnswerRefusal }) {
  return (
    <p id={id} className="qf-problem">
      {refusal.message}
    </p>
  );
}

function ResponseInput(props: InputProps & Pick<QuestionViewProps, 'sets' | 'onPhotoChosen' | 'choiceOrder'>) {
  switch (props.response.type) {
    case 'text':
      return <TextInput {...props} />;
    case 'textarea':
      return <TextAreaInput {...props} />;
    case 'time':
      return <TimeInput {...props} />;
    case 'duration':
      return <DurationInput {...props} />;
    case 'slider':
      return <SliderInput {...props} />;
    case 'mc':
      return <ChoiceInput {...props} />;
    case 'photoUpload':
      return <PhotoInput {...props} />;
    case 'instruction':
    case 'media':
      return null;
  }
}

// Memoised: an answer changes one question's values, and only that question renders again.
export const QuestionView = memo(function QuestionView(props: QuestionViewProps) {
  const { id, question: q, qpos, title, headingLevel, values, problems, texts } = props;
  const Heading = `h${headingLevel}` as const;
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  const answerable = q.other_info.filter((r) => !isNonAnswer(r.type));
  const several = answerable.length > 1;
  const required = answerable.some((r) => r.validation.required);
  const atQuestion = problems.filter((p) => p.response_pos === undefined);

  const responseView = (r: ResponseItem, rpos: number) => {
    if (r.type === 'instruction') return null;
    if (r.type === 'media') {
      return (
        <div key={r._id} className="qf-media">
          <MediaView response={r} mediaUrl={props.mediaUrl} texts={texts} />
        </div>
      );
    }
    const inputId = `${id}-r${rpos}`;
    const labelId = `${inputId}-label`;
    const problem = problems.find((p) => p.response_pos === rpos);
    const problemId = problem ? `${inputId}-problem` : undefined;
    return (
      <div key={r._id} className="qf-response">
        {several && (
          <p id={labelId} className="qf-response-label">
            {texts.response(answerable.indexOf(r) + 1)}
            {r.validation.required && <RequiredMark texts={texts} />}
          </p>
        )}
        <ResponseInput
          id={inputId}
          labelledBy={several ? `${titleId} ${labelId}` : `${titleId} ${textId}`}
          describedBy={problemId}
          required={r.validation.required}
          response={r}
          value={values?.[rpos]}
          onAnswer={(value: FormValue) => props.onChange({ question_pos: qpos, response_pos: rpos, value })}
          texts={texts}
          sets={props.sets}
          onPhotoChosen={props.onPhotoChosen}
          choiceOrder={shufflesChoices(r) ? props.choiceOrder : undefined}
        />
        {problem && problemId && <Problem id={problemId} refusal={problem} />}
      </div>
    );
  };

  const body = (
    <>
      {title !== null && (
        <Heading id={titleId} className="qf-title">
          {title}
          {required && <RequiredMark texts={texts} />}
        </Heading>
      )}
      <RichTextView id={textId} html={q.html_question} className="qf-text" />
      {q.guide && q.html_guide && <RichTextView html={q.html_guide} className="qf-guide" />}
      {atQuestion.map((p, i) => (
        <Problem key={i} id={`${id}-problem-${i}`} refusal={p} />
      ))}
      {q.other_info.map(responseView)}
    </>
  );
  return title === null ? (
    <div id={id} className="qf-question qf-instruction" data-qpos={qpos}>
      {body}
    </div>
  ) : (
    <section id={id} className="qf-question" aria-labelledby={titleId} data-qpos={qpos}>
      {body}
    </section>
  );
});
