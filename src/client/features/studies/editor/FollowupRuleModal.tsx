// The follow-up rule dialog (issue 34 part 1): the trigger questionnaire, the condition its answer must meet
// (built with the visibility conditions' builder, on the trigger's questions), the follow-up questionnaires, when
// the prompt comes, its window and reminders, and how many a day. Conditions on the answer's scores follow. Apply checks the shared rule the server uses.
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { followupEditorTexts } from '../../../../shared/messages';
import type { AssessmentListItem } from '../../../../shared/study/assessmentSettings';
import { followupRuleProblem, type FollowupRule, type FollowupRuleDraft } from '../../../../shared/study/followups';
import { ConditionForm, ConditionGroups } from '../../questionnaires';
import type { TriggerQuestionnaireCalls } from './editorCalls';
import { followupRuleOf } from './followupRuleOf';
import { questionnaireLabel } from './questionnaireLabel';
import { ScoreConditionsField } from './ScoreConditionsField';
import { QuestionnaireSelect } from './QuestionnaireSelect';
import { NumberTextField } from './settingFields';
import { SettingModal } from './SettingModal';
import { whenSummary } from './settingSummary';
import { useSettingDraft } from './useSettingDraft';

export const FOLLOWUP_DIALOG_TITLE = 'Follow-up Prompt Rule';

interface FollowupRuleModalProps {
  initial: FollowupRuleDraft;
  options: readonly AssessmentListItem[];
  /** Null where the trigger's questions cannot be read (the system owner's editor): the rule is shown read only. */
  triggers: TriggerQuestionnaireCalls | null;
  readOnly: boolean;
  onApply: (rule: FollowupRule) => void;
  onHide: () => void;
}

export function FollowupRuleModal({ initial, options, triggers, readOnly, onApply, onHide }: FollowupRuleModalProps) {
  const questionsOf = (draft: FollowupRuleDraft) => (draft.trigger_questionnaire ? triggers?.loaded[draft.trigger_questionnaire._id] : undefined);
  const { draft, problem, change, apply, dirty } = useSettingDraft<FollowupRuleDraft, FollowupRule>(
    initial,
    { problemOf: (current) => followupRuleProblem(current, questionsOf(current)?.questions, questionsOf(current)?.scores), settingOf: followupRuleOf },
    onApply,
  );
  const triggerId = draft.trigger_questionnaire?._id ?? null;
  const trigger = questionsOf(draft);
  const load = triggers?.load;
  const needsLoad = triggerId !== null && trigger === undefined;
  useEffect(() => {
    if (needsLoad && triggerId !== null) load?.(triggerId);
  }, [needsLoad, triggerId, load]);

  // A questionnaire no longer in the lab's list stays offered, so the dialog shows what is saved.
  const offered = draft.trigger_questionnaire && !options.some((o) => o._id === triggerId) ? [draft.trigger_questionnaire, ...options] : options;
  const chooseTrigger = (id: string) =>
    change({ trigger_questionnaire: offered.find((o) => o._id === id) ?? null, when: [], score_when: [] });

  return (
    <SettingModal id="followup-rule" title={FOLLOWUP_DIALOG_TITLE} problem={problem} readOnly={readOnly} dirty={dirty} onApply={apply} onHide={onHide}>
      {!triggers && <Alert variant="info">{followupEditorTexts.ownerReadOnly}</Alert>}
      <Form.Group className="mb-3" controlId="followup-trigger">
        <Form.Label>Trigger questionnaire</Form.Label>
        <Form.Select value={triggerId ?? ''} onChange={(event) => chooseTrigger(event.target.value)}>
          <option value="">Select a questionnaire</option>
          {offered.map((o) => (
            <option key={o._id} value={o._id}>
              {questionnaireLabel(o)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <section className="mb-3" aria-labelledby="followup-when-title">
        <h3 id="followup-when-title" className="h6">
          When the answer meets
        </h3>
        <p className="small text-body-secondary">Every group must hold; a group holds when any of its conditions does.</p>
        {triggerId === null ? (
          <p>{followupEditorTexts.chooseTriggerFirst}</p>
        ) : trigger ? (
          <>
            <ConditionGroups
              questions={trigger.questions}
              ownQpos={-1}
              groups={draft.when}
              sets={trigger.sets}
              onChange={(when) => change({ when })}
              emptyText={followupEditorTexts.everyAnswer}
            />
            {!readOnly && (
              <ConditionForm key={triggerId} questions={trigger.questions} ownQpos={-1} groups={draft.when} sets={trigger.sets} onChange={(when) => change({ when })} />
            )}
          </>
        ) : (
          <>
            <p>{draft.when.length ? whenSummary(draft.when) : followupEditorTexts.everyAnswer}</p>
            {/* A failed load says so in the red alert, as every call does. */}
            {triggers?.request.status === 'request' && <p className="small text-body-secondary">{followupEditorTexts.loadingQuestions}</p>}
          </>
        )}
      </section>
      {triggerId !== null && (
        <ScoreConditionsField conditions={draft.score_when} scores={trigger?.scores} readOnly={readOnly} onChange={(score_when) => change({ score_when })} />
      )}
      <QuestionnaireSelect
        id="followup-questionnaires"
        label="Follow-up questionnaires"
        options={options}
        selected={draft.questionnaire_list}
        onChange={(questionnaire_list) => change({ questionnaire_list })}
        readOnly={readOnly}
      />
      <NumberTextField id="followup-after" label="Prompt after (minutes, 0-1440)" value={draft.after_minutes} onChange={(after_minutes) => change({ after_minutes })} />
      <NumberTextField
        id="followup-response-in"
        label="Response has to be made within (minutes)"
        value={draft.response_in}
        onChange={(response_in) => change({ response_in })}
      />
      <NumberTextField
        id="followup-reminder"
        label="Interval between reminder notifications (minutes)"
        value={draft.reminder_interval}
        onChange={(reminder_interval) => change({ reminder_interval })}
      />
      <NumberTextField id="followup-max-per-day" label="At most per day" value={draft.max_per_day} onChange={(max_per_day) => change({ max_per_day })} />
    </SettingModal>
  );
}
