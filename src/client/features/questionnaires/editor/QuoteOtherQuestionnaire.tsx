// The panel a question card opens from Insert answer's "From another questionnaire…" (issue 34 part 3): choose
// one of the lab's other questionnaires, optionally a fallback text, then the question whose answer to quote;
// `{{CODE.Qn}}` or `{{CODE.Qn|fallback}}` goes in at the caret. The lab's list is read when the panel opens, the
// chosen questionnaire's questions when it is chosen; their loading and failures are shown here.
import { useEffect, useRef, useState } from 'react';
import { fallbackProblem, pipeToken } from '../../../../shared/questionnaire/piping';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { RowActionsMenu } from '../../../components/rowActions/RowActionsMenu';
import {
  fetchQuotableQuestionnaires,
  fetchQuotedQuestionnaire,
  selectQuestionnaire,
  selectQuestionnairesRequests,
  selectQuotableQuestionnaires,
  selectQuotedOf,
  selectQuotedQuestionnaire,
} from '../questionnairesSlice';
import { quotableQuestions } from './quotable';
import { SmallButton } from './fields';

interface QuoteOtherQuestionnaireProps {
  /** The card's id prefix, for its controls' ids. */
  id: string;
  /** Which text it inserts into. */
  textName: string;
  onInsert: (token: string) => void;
  onClose: () => void;
}

export const quoteOtherTexts = {
  questionnaire: 'Questionnaire to quote',
  choose: 'Choose a questionnaire',
  fallback: 'Fallback text (optional)',
  fallbackHelp: 'Shown when the participant has not answered that question yet.',
  loadingList: 'Loading the lab’s questionnaires…',
  loadingQuestions: 'Loading its questions…',
  noQuestion: 'It has no question that takes answers.',
  noOther: 'The lab has no other questionnaire.',
} as const;

export function QuoteOtherQuestionnaire({ id, textName, onInsert, onClose }: QuoteOtherQuestionnaireProps) {
  const dispatch = useAppDispatch();
  const requests = useAppSelector(selectQuestionnairesRequests);
  const own = useAppSelector(selectQuestionnaire)?._id;
  const all = useAppSelector(selectQuotableQuestionnaires);
  const quoted = useAppSelector(selectQuotedQuestionnaire);
  const quotedOf = useAppSelector(selectQuotedOf);
  const [chosen, setChosen] = useState('');
  const [fallback, setFallback] = useState('');
  const select = useRef<HTMLSelectElement>(null);

  // The list as it is now (a questionnaire added in another tab since), and the keyboard goes to its select.
  useEffect(() => {
    void dispatch(fetchQuotableQuestionnaires());
    select.current?.focus();
  }, [dispatch]);

  const choose = (questionnaireId: string) => {
    setChosen(questionnaireId);
    if (questionnaireId) void dispatch(fetchQuotedQuestionnaire(questionnaireId));
  };

  const others = (all ?? []).filter((q) => q._id !== own);
  const shown = chosen && quotedOf === chosen ? quoted : null;
  const questions = shown ? quotableQuestions(shown.chin_content) : [];
  const fallbackError = fallbackProblem(fallback);
  const list = requests.quotable;
  const load = requests.quoted;
  const headingId = `${id}-quote-other`;
  const selectId = `${id}-quote-other-questionnaire`;
  const fallbackId = `${id}-quote-other-fallback`;

  return (
    <div className="border rounded p-2 mb-2" role="group" aria-labelledby={headingId}>
      <div className="d-flex justify-content-between align-items-center gap-2 mb-2">
        <div id={headingId} className="small fw-semibold">
          Quote another questionnaire in {textName}
        </div>
        <SmallButton variant="outline-secondary" onClick={onClose} label={`Close quoting another questionnaire in ${textName}`}>
          Close
        </SmallButton>
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <div style={{ minWidth: '14rem' }}>
          <label className="form-label small mb-1" htmlFor={selectId}>
            {quoteOtherTexts.questionnaire}
          </label>
          <select ref={select} id={selectId} className="form-select form-select-sm" value={chosen} onChange={(e) => choose(e.target.value)}>
            <option value="">{quoteOtherTexts.choose}</option>
            {others.map((q) => (
              <option key={q._id} value={q._id}>
                {q.chin_name} ({q.abbrev})
              </option>
            ))}
          </select>
        </div>
        <div style={{ minWidth: '14rem' }}>
          <label className="form-label small mb-1" htmlFor={fallbackId}>
            {quoteOtherTexts.fallback}
          </label>
          <input
            id={fallbackId}
            className={`form-control form-control-sm${fallbackError ? ' is-invalid' : ''}`}
            value={fallback}
            onChange={(e) => setFallback(e.target.value)}
            aria-invalid={fallbackError ? true : undefined}
            aria-describedby={`${fallbackId}-help${fallbackError ? ` ${fallbackId}-error` : ''}`}
          />
          <div id={`${fallbackId}-help`} className="form-text">
            {quoteOtherTexts.fallbackHelp}
          </div>
          {fallbackError && (
            <div id={`${fallbackId}-error`} className="invalid-feedback">
              {fallbackError}
            </div>
          )}
        </div>
      </div>
      <div role="status" className="small">
        {list.status === 'request' && quoteOtherTexts.loadingList}
        {list.status === 'success' && others.length === 0 && quoteOtherTexts.noOther}
        {chosen && load.status === 'request' && quoteOtherTexts.loadingQuestions}
        {shown && questions.length === 0 && quoteOtherTexts.noQuestion}
      </div>
      {list.status === 'fail' && (
        <div role="alert" className="small text-danger">
          {list.message}
        </div>
      )}
      {chosen && load.status === 'fail' && (
        <div role="alert" className="small text-danger">
          {load.message}
        </div>
      )}
      {shown && questions.length > 0 && !fallbackError && (
        <RowActionsMenu
          label={`Insert answer of ${shown.abbrev}`}
          rowName={`into ${textName}`}
          items={questions.map((q) => ({ key: String(q.number), label: q.label }))}
          onSelect={(key) => onInsert(pipeToken(shown.abbrev, Number(key), fallback))}
        />
      )}
    </div>
  );
}
