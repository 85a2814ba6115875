// One question of the editor: number, rich text, optional guide, responses, and the buttons that add questions
// around it, delete it, add responses and open its visibility conditions. Memoised: with stable callbacks from
// the page, typing in one card renders that card only.
import { memo, useCallback, useRef, useState } from 'react';
import type { TextInsertion } from '../../../components/richText/RichTextEditor';
import { InsertAnswerMenu } from './InsertAnswerMenu';
import type { QuotableQuestion } from './quotable';
import { QuoteOtherQuestionnaire } from './QuoteOtherQuestionnaire';
import type { MultipleChoiceSet, Question } from '../../../../shared/questionnaire/types';
import type { CardContext } from './cardContext';
import { DeferredRichText } from './DeferredRichText';
import { GoToSelect, type JumpTarget } from './GoToSelect';
import type { EditorDispatch } from './editorState';
import { ResponseEditor } from './ResponseEditor';
import { Check, SmallButton } from './fields';

export interface QuestionCardActions {
  insert: (at: number, kind: 'question' | 'instruction') => void;
  addResponse: (qpos: number) => void;
  remove: (qpos: number) => void;
  openConditions: (qpos: number) => void;
  manageSets: () => void;
  /** The questions to offer in Go to, as they are when it opens. */
  jumpTargets: () => JumpTarget[];
  /** The earlier questions a question's text may quote (piping), as they are when the menu opens. */
  quotable: (qpos: number) => QuotableQuestion[];
  jump: (questionId: string) => void;
}

interface QuestionCardProps {
  question: Question;
  qpos: number;
  context: CardContext;
  sets: readonly MultipleChoiceSet[];
  dispatch: EditorDispatch;
  actions: QuestionCardActions;
}

export const questionCardId = (questionId: string) => `question-${questionId}`;
export const questionNumberId = (questionId: string) => `q-${questionId}-num`;

function QuestionCardView({ question: q, qpos, context, sets, dispatch, actions }: QuestionCardProps) {
  const id = `q-${q._id}`;
  const setText = useCallback((html_question: string) => dispatch({ type: 'editQuestion', qpos, changes: { html_question } }), [dispatch, qpos]);
  const setGuide = useCallback((html_guide: string) => dispatch({ type: 'editQuestion', qpos, changes: { html_guide } }), [dispatch, qpos]);
  const conditions = q.dependency.reduce((n, g) => n + g.or.length, 0);
  const [insertion, setInsertion] = useState<TextInsertion | null>(null);
  const insertToken = useCallback((text: string) => setInsertion((last) => ({ text, key: (last?.key ?? 0) + 1 })), []);
  const quotable = useCallback(() => actions.quotable(qpos), [actions, qpos]);
  const [quotingOther, setQuotingOther] = useState(false);
  const insertAnswer = useRef<HTMLButtonElement>(null);
  const closeQuoting = useCallback(() => {
    setQuotingOther(false);
    insertAnswer.current?.focus();
  }, []);
  const textName = `Question ${qpos + 1} text`;

  return (
    <section className="card question-card mb-3" id={questionCardId(q._id)} aria-labelledby={`${id}-title`} data-question-card="">
      <div className="card-header d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h2 id={`${id}-title`} className="h6 mb-0">
          Question {qpos + 1}
        </h2>
        <div className="d-flex flex-wrap gap-1">
          <SmallButton variant="outline-secondary" onClick={() => actions.insert(qpos, 'question')}>
            Add Question Before
          </SmallButton>
          <SmallButton variant="outline-secondary" onClick={() => actions.insert(qpos + 1, 'question')}>
            Add Question After
          </SmallButton>
          <SmallButton variant="outline-secondary" onClick={() => actions.insert(qpos, 'instruction')}>
            Add Instruction Before
          </SmallButton>
          <SmallButton variant="outline-secondary" onClick={() => actions.insert(qpos + 1, 'instruction')}>
            Add Instruction After
          </SmallButton>
        </div>
      </div>
      <div className="card-body">
        <div className="mb-2" style={{ maxWidth: '16rem' }}>
          <label className="form-label small mb-1" htmlFor={questionNumberId(q._id)}>
            Question number
          </label>
          <input
            id={questionNumberId(q._id)}
            className="form-control form-control-sm"
            value={q.question_num}
            onChange={(e) => dispatch({ type: 'editQuestion', qpos, changes: { question_num: e.target.value } })}
          />
        </div>
        <div className="mb-2">
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-1">
            <div className="small">Question text</div>
            <InsertAnswerMenu textName={textName} quotable={quotable} onInsert={insertToken} onQuoteOther={() => setQuotingOther(true)} toggleRef={insertAnswer} />
          </div>
          {quotingOther && <QuoteOtherQuestionnaire id={id} textName={textName} onInsert={insertToken} onClose={closeQuoting} />}
          <DeferredRichText id={`${id}-text`} label={textName} value={q.html_question} onChange={setText} insertion={insertion} />
        </div>
        <Check
          id={`${id}-guide`}
          className="mb-2"
          label="Show guide"
          checked={q.guide}
          onChange={(guide) => dispatch({ type: 'editQuestion', qpos, changes: { guide } })}
        />
        {q.guide && (
          <div className="mb-2">
            <div className="small mb-1">Guide</div>
            <DeferredRichText id={`${id}-guide-text`} label={`Question ${qpos + 1} guide`} value={q.html_guide} onChange={setGuide} />
          </div>
        )}
        {q.other_info.map((r, rpos) => (
          <ResponseEditor
            key={r._id}
            questionId={q._id}
            qpos={qpos}
            rpos={rpos}
            response={r}
            sets={sets}
            identicalOffered={context.identicalOffered[rpos] ?? false}
            earlierTargets={context.earlierTargets}
            deletable={q.other_info.length > 1}
            dispatch={dispatch}
            onManageSets={actions.manageSets}
          />
        ))}
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
          <SmallButton variant="outline-primary" onClick={() => actions.addResponse(qpos)}>
            Add Response
          </SmallButton>
          <SmallButton variant="outline-primary" onClick={() => actions.openConditions(qpos)}>
            Visibility Condition
          </SmallButton>
          <span className="small text-body-secondary">
            {conditions === 0 ? 'Always visible' : `Visible under ${conditions} ${conditions === 1 ? 'condition' : 'conditions'}`}
          </span>
        </div>
      </div>
      <div className="card-footer d-flex flex-wrap justify-content-between align-items-center gap-2">
        <div style={{ minWidth: '14rem', maxWidth: '28rem' }} className="flex-grow-1">
          <GoToSelect id={`${id}-go-to`} questionId={q._id} targets={actions.jumpTargets} onJump={actions.jump} />
        </div>
        <SmallButton variant="outline-danger" onClick={() => actions.remove(qpos)}>
          Delete
        </SmallButton>
      </div>
    </section>
  );
}

export const QuestionCard = memo(QuestionCardView);
