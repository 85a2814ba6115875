// The questionnaire as a participant answers it, shared by the portal's preview and the participant app. It is
// controlled: the answers come in as props and every change goes out through onChange, so the app can keep them
// (offline, across reloads) and the preview in its own state. Questions hide and show as answers change, by
// the visibility rule the server applies to what is sent (visibleQuestions). Plain elements and qf- classes only:
// the participant app ships this without Bootstrap.
import { useMemo } from 'react';
import type { AnswerChange } from '../../shared/questionnaire/formAnswers';
import type { MultipleChoiceSet, Question, ShuffleRun } from '../../shared/questionnaire/types';
import { titlesAsShown, type ShownOrder } from '../../shared/questionnaire/shuffles';
import { visibleQuestions, type Answers } from '../../shared/questionnaire/visibility';
import { pipeSource, type EarlierAnswers } from '../../shared/questionnaire/piping';
import type { AnswerRefusal } from '../../shared/types/participantApp';
import type { MediaUrl } from './MediaView';
import { questionTitles } from './numbering';
import { pipedQuestion, pipedSets } from './piped';
import type { PhotoChosen } from './PhotoInput';
import { QuestionView } from './QuestionView';
import { positionsAsShown } from './shownOrder';
import { ENGLISH_FORM_TEXTS, type QuestionnaireFormTexts } from './texts';
import './questionnaireForm.css';

export interface QuestionnaireFormProps {
  /** The questionnaire's questions (chin_content), in order. */
  questions: readonly Question[];
  /** The multiple-choice sets its mc responses name. */
  sets: readonly MultipleChoiceSet[];
  /** The answers so far, by question and response position (Answers of shared/questionnaire/visibility). */
  answers: Answers;
  /** One response's new answer; apply it with applyAnswerChange (shared/questionnaire/formAnswers). */
  onChange: (change: AnswerChange) => void;
  /**
   * Refusals to show: at the response when it names question_pos and response_pos, at the question with only
   * question_pos, above the questions with neither (formProblems, or the server's 422 answer, as they are).
   */
  problems?: readonly AnswerRefusal[];
  /** The address of an uploaded media file from its stored key (media_url), or null when it cannot be shown. */
  mediaUrl: MediaUrl;
  /** Stores a chosen photo and resolves to the key the answer holds; a rejection's message is shown at the photo. */
  onPhotoChosen: PhotoChosen;
  /** Prefix of every id in the form (question n's section is `${idPrefix}-q${n}`, 0-based), unique on the page. */
  idPrefix: string;
  /** The level of the question titles' headings; 3 by default. */
  headingLevel?: 2 | 3 | 4;
  /** The renderer's own words, for another language; English by default. */
  texts?: QuestionnaireFormTexts;
  /**
   * The order to show questions and choices in (drawShownOrder of shared/questionnaire/shuffles, drawn once per
   * answer), with the questionnaire's runs of shuffled questions; none: the questionnaire's own order.
   */
  shownOrder?: ShownOrder;
  shuffleRuns?: readonly ShuffleRun[];
  /**
   * Earlier submissions' answers its texts quote (`{{MOOD.Q1}}`, the app's earlier_answers); none by default.
   * null in the preview, which has none: a token without fallback shows its own name there.
   */
  earlier?: EarlierAnswers | null;
}

const NO_PROBLEMS: readonly AnswerRefusal[] = [];
const NO_RUNS: readonly ShuffleRun[] = [];
const NO_EARLIER: EarlierAnswers = {};

export function QuestionnaireForm({
  questions,
  sets,
  answers,
  onChange,
  problems = NO_PROBLEMS,
  mediaUrl,
  onPhotoChosen,
  idPrefix,
  headingLevel = 3,
  texts = ENGLISH_FORM_TEXTS,
  shownOrder,
  shuffleRuns = NO_RUNS,
  earlier = NO_EARLIER,
}: QuestionnaireFormProps) {
  const piping = useMemo(() => pipeSource(questions, sets, answers, earlier), [questions, sets, answers, earlier]);
  // Titles keep their places in a shuffled run, so the numbers read in order whatever the questions' order.
  const titles = useMemo(
    () => titlesAsShown(questionTitles(questions, texts.questionTitle), shuffleRuns, shownOrder?.questions),
    [questions, texts, shuffleRuns, shownOrder],
  );
  const placed = useMemo(() => positionsAsShown(questions.length, shownOrder), [questions.length, shownOrder]);
  const visible = useMemo(() => visibleQuestions(questions, answers), [questions, answers]);
  const general = problems.filter((p) => p.question_pos === undefined);
  // Each question's refusals, the same empty list for those without, so that the memoised questions keep theirs.
  const problemsAt = useMemo(() => {
    const at = new Map<number, AnswerRefusal[]>();
    for (const p of problems) if (p.question_pos !== undefined) at.set(p.question_pos, [...(at.get(p.question_pos) ?? []), p]);
    return at;
  }, [problems]);

  return (
    <div className="qf-form" id={idPrefix}>
      {general.length > 0 && (
        <div role="alert" className="qf-problems">
          {general.map((p, i) => (
            <p key={i} className="qf-problem">
              {p.message}
            </p>
          ))}
        </div>
      )}
      {placed.map((qpos) =>
        visible[qpos] ? (
          <QuestionView
            key={questions[qpos]._id}
            id={`${idPrefix}-q${qpos}`}
            question={pipedQuestion(questions[qpos], piping)}
            qpos={qpos}
            title={titles[qpos]}
            headingLevel={headingLevel}
            sets={pipedSets(questions[qpos], sets, piping)}
            values={answers[qpos]}
            onChange={onChange}
            problems={problemsAt.get(qpos) ?? NO_PROBLEMS}
            mediaUrl={mediaUrl}
            onPhotoChosen={onPhotoChosen}
            texts={texts}
            choiceOrder={shownOrder?.choices?.[String(qpos)]}
          />
        ) : null,
      )}
    </div>
  );
}
