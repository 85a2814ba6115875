// The questionnaire editor (part 2 section 2.4): code and name, the questions (each card with its Go to jump),
// the multiple-choice set manager, the preview and Save Changes. The questions being edited are this component's
// working copy; the store keeps what the server has.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { deepEqual } from '../../../../shared/deepEqual';
import { editResponse, prepareForSave } from '../../../../shared/questionnaire/operations';
import { questionnaireCreateProblem, questionnaireMessages, questionnaireSaveProblem } from '../../../../shared/questionnaire/rules';
import { scoresProblem } from '../../../../shared/questionnaire/scores';
import { shufflesProblem } from '../../../../shared/questionnaire/shuffles';
import { pipingProblem } from '../../../../shared/questionnaire/piping';
import type { MultipleChoiceSet, Question, Questionnaire } from '../../../../shared/questionnaire/types';
import type { QuestionnaireVersionUse } from '../../../../shared/types/questionnaireVersions';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { TextField } from '../../../components/forms/TextField';
import { useUnsavedChangesGuard } from '../../../components/unsavedChanges/useUnsavedChangesGuard';
import { alertShown, toastShown } from '../../../app/notifications/notificationsSlice';
import { McSetManager } from '../mcSets/McSetManager';
import { PreviewModal } from '../preview/PreviewModal';
import { selectReplaying } from '../../../app/qa/qaSlice';
import { selectQuestionnaireVersions, selectQuestionnaireVersionsOf, selectQuestionnairesRequests, fetchQuestionnaireVersions, repointQuestionnaire, saveQuestionnaire } from '../questionnairesSlice';
import { useCardContexts } from './cardContext';
import { ConditionDialog } from './ConditionDialog';
import { editorReducer, newId } from './editorState';
import { questionLabel } from './labels';
import { quotableQuestions } from './quotable';
import { QuestionCard, questionCardId, questionNumberId, type QuestionCardActions } from './QuestionCard';
import { olderVersionsInUse, QuestionnaireVersionsLine, RepointDialog } from './QuestionnaireVersions';
import { bottomBarProps } from '../../../app/layout/bottomBars';
import { useFocusAboveSaveBar } from './useFocusAboveSaveBar';
import { ScoresSection } from './ScoresSection';
import { toDrafts, toScores } from './scoreDrafts';
import { ShuffleSection } from './ShuffleSection';
import { toRunDrafts, toRuns } from './shuffleRunDrafts';

export const editorTexts = {
  heading: 'Edit Questionnaire',
  empty: 'This questionnaire has no questions yet.',
  unsaved: 'Unsaved changes',
} as const;

interface QuestionnaireEditorProps {
  questionnaire: Questionnaire;
  sets: readonly MultipleChoiceSet[];
}

/** Moves to a question's card and into its number field. */
/**
 * Tokens, in question texts and the labels of the sets they show, quoting this questionnaire's later questions;
 * other questionnaires' are checked by the server, which knows them.
 */
function ownPipingProblem(questions: readonly Question[], sets: readonly MultipleChoiceSet[]): string | undefined {
  return pipingProblem(questions, () => Number.MAX_SAFE_INTEGER, sets)?.message;
}

function jumpTo(questionId: string) {
  document.getElementById(questionCardId(questionId))?.scrollIntoView?.({ block: 'start' });
  document.getElementById(questionNumberId(questionId))?.focus({ preventScroll: true });
}

export function QuestionnaireEditor({ questionnaire, sets }: QuestionnaireEditorProps) {
  const dispatch = useAppDispatch();
  const requests = useAppSelector(selectQuestionnairesRequests);
  const saving = requests.save.status === 'request';
  const repointing = requests.repoint.status === 'request';
  const replaying = useAppSelector(selectReplaying);
  const storedVersions = useAppSelector(selectQuestionnaireVersions);
  const versionsOf = useAppSelector(selectQuestionnaireVersionsOf);
  const versions = versionsOf === questionnaire._id ? storedVersions : null;
  // The versions as answered after a save that left participants with future tasks on an earlier version.
  const [choosingFor, setChoosingFor] = useState<QuestionnaireVersionUse[] | null>(null);
  const [questions, edit] = useReducer(editorReducer, questionnaire.chin_content);
  const [name, setName] = useState(questionnaire.chin_name);
  const [code, setCode] = useState(questionnaire.abbrev);
  const [scoreDrafts, setScoreDrafts] = useState(() => toDrafts(questionnaire.chin_content, questionnaire.scores, newId));
  const [runDrafts, setRunDrafts] = useState(() => toRunDrafts(questionnaire.chin_content, questionnaire.shuffle_runs, newId));
  const [saved, setSaved] = useState({
    questions: questionnaire.chin_content,
    name: questionnaire.chin_name,
    code: questionnaire.abbrev,
    scores: questionnaire.scores,
    shuffleRuns: questionnaire.shuffle_runs,
  });
  const [deleting, setDeleting] = useState<number | null>(null);
  const [conditionsOf, setConditionsOf] = useState<number | null>(null);
  const [managingSets, setManagingSets] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const top = useRef<HTMLHeadingElement>(null);
  const contexts = useCardContexts(questions);
  // Go to reads the questions when it opens, so the cards need not render again as the questions change.
  const current = useRef(questions);
  current.current = questions;
  // Unchanged questions stay the same objects (editorState), so the comparison walks only the edited ones.
  const questionsChanged = useMemo(() => !deepEqual(questions, saved.questions), [questions, saved.questions]);
  const scores = useMemo(() => toScores(questions, scoreDrafts), [questions, scoreDrafts]);
  const shuffleRuns = useMemo(() => toRuns(questions, runDrafts), [questions, runDrafts]);
  const dirty = questionsChanged || name !== saved.name || code !== saved.code || !deepEqual(scores, saved.scores) || !deepEqual(shuffleRuns, saved.shuffleRuns);
  useUnsavedChangesGuard(dirty);
  const editor = useRef<HTMLDivElement>(null);
  useFocusAboveSaveBar(editor);

  const actions = useMemo<QuestionCardActions>(
    () => ({
      insert: (at, kind) => {
        const questionId = newId();
        edit({ type: 'insert', at, kind, questionId, responseId: newId() });
        setFocusTarget(questionId);
      },
      addResponse: (qpos) => edit({ type: 'addResponse', qpos, responseId: newId() }),
      remove: setDeleting,
      openConditions: setConditionsOf,
      manageSets: () => setManagingSets(true),
      jumpTargets: () => current.current.map((q, qpos) => ({ questionId: q._id, label: questionLabel(q, qpos) })),
      quotable: (at) => quotableQuestions(current.current, at),
      jump: jumpTo,
    }),
    [],
  );

  // The versions line is read afresh whenever the editor opens (a replayed snapshot brings its own).
  useEffect(() => {
    if (!replaying) void dispatch(fetchQuestionnaireVersions(questionnaire._id));
  }, [dispatch, questionnaire._id, replaying]);

  // A question just added gets the keyboard focus.
  useEffect(() => {
    if (!focusTarget) return;
    jumpTo(focusTarget);
    setFocusTarget(null);
  }, [focusTarget, questions]);

  const replace = useCallback((next: Question[]) => edit({ type: 'replace', questions: next }), []);

  // A removed set no longer answers for the responses that chose it in this unsaved copy.
  const setRemoved = (setId: string) => {
    let next = questions;
    next.forEach((q, qpos) =>
      q.other_info.forEach((r, rpos) => {
        if (r.type === 'mc' && r.choices === setId) next = editResponse(next, qpos, rpos, { choices: null });
      }),
    );
    if (next !== questions) replace(next);
  };

  const save = async () => {
    const problem =
      questionnaireCreateProblem(name, code) ??
      questionnaireSaveProblem(questions) ??
      scoresProblem(questions, scores)?.message ??
      shufflesProblem(questions, shuffleRuns) ??
      ownPipingProblem(questions, sets);
    if (problem) {
      dispatch(alertShown(problem));
      top.current?.scrollIntoView?.({ block: 'start' });
      return;
    }
    const sent = { questions, name, code, scores, shuffleRuns };
    const result = await dispatch(
      saveQuestionnaire({
        questionnaireId: questionnaire._id,
        body: { chin_name: name.trim(), abbrev: code.trim(), chin_content: prepareForSave(questions), scores, shuffle_runs: shuffleRuns },
      }),
    );
    if (saveQuestionnaire.fulfilled.match(result)) {
      dispatch(toastShown(questionnaireMessages.questionnaireSaved));
      setSaved(sent);
      // Saving never moves a plan: participants with future tasks on an earlier version are offered the choice.
      const answer = await dispatch(fetchQuestionnaireVersions(questionnaire._id));
      if (fetchQuestionnaireVersions.fulfilled.match(answer) && olderVersionsInUse(answer.payload).length > 0) setChoosingFor(answer.payload);
    } else {
      top.current?.scrollIntoView?.({ block: 'start' });
    }
  };

  const repoint = async () => {
    const result = await dispatch(repointQuestionnaire(questionnaire._id));
    // Closed either way, as Delete's confirmation is: a failure shows in the red alert behind it.
    setChoosingFor(null);
    if (repointQuestionnaire.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      void dispatch(fetchQuestionnaireVersions(questionnaire._id));
    }
  };

  return (
    <div className="questionnaire-editor" ref={editor}>
      <h1 ref={top} className="h3 mb-3">
        {editorTexts.heading}
      </h1>
      <QuestionnaireVersionsLine versions={versions} />
      <div className="row">
        <div className="col-md-4">
          <TextField id="questionnaire-code" label="Questionnaire Code" value={code} onChange={setCode} autoComplete="off" />
        </div>
        <div className="col-md-8">
          <TextField id="questionnaire-name" label="Questionnaire Name" value={name} onChange={setName} autoComplete="off" />
        </div>
      </div>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <Button size="sm" variant="outline-primary" onClick={() => setManagingSets(true)}>
          Multiple Choices Sets
        </Button>
        <Button size="sm" variant="outline-primary" onClick={() => setPreviewing(true)}>
          Preview
        </Button>
      </div>

      {questions.length === 0 ? (
        <EmptyState message={editorTexts.empty}>
          <div className="d-flex justify-content-center gap-2">
            <Button variant="outline-primary" onClick={() => actions.insert(0, 'question')}>
              Add Question
            </Button>
            <Button variant="outline-primary" onClick={() => actions.insert(0, 'instruction')}>
              Add Instruction
            </Button>
          </div>
        </EmptyState>
      ) : (
        questions.map((q, qpos) => (
          <QuestionCard key={q._id} question={q} qpos={qpos} context={contexts[qpos]} sets={sets} dispatch={edit} actions={actions} />
        ))
      )}

      <ShuffleSection questions={questions} drafts={runDrafts} onChange={setRunDrafts} newKey={newId} />
      <ScoresSection questions={questions} drafts={scoreDrafts} onChange={setScoreDrafts} newKey={newId} />

      <div className="questionnaire-save-bar py-2" {...bottomBarProps}>
        <div className="container d-flex align-items-center justify-content-end gap-3">
          {dirty && <span className="small text-body-secondary">{editorTexts.unsaved}</span>}
          <Button variant="primary" onClick={() => void save()} disabled={saving}>
            Save Changes
          </Button>
        </div>
      </div>

      <ConfirmDialog
        show={deleting !== null}
        details={deleting !== null && questions[deleting] ? `${questionLabel(questions[deleting], deleting)} will be deleted.` : undefined}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) edit({ type: 'delete', qpos: deleting });
          setDeleting(null);
        }}
      />
      <ConditionDialog questions={questions} qpos={conditionsOf} sets={sets} onChange={replace} onClose={() => setConditionsOf(null)} />
      <McSetManager questionnaireId={questionnaire._id} show={managingSets} onClose={() => setManagingSets(false)} onRemoved={setRemoved} />
      <RepointDialog versions={choosingFor} busy={repointing} onRepoint={() => void repoint()} onKeep={() => setChoosingFor(null)} />
      <PreviewModal show={previewing} onClose={() => setPreviewing(false)} title={name} questions={questions} sets={sets} shuffleRuns={shuffleRuns} />
    </div>
  );
}
