// One participant group of a stage (part 2 section 2.2): its number and Delete Group (not group 1), its name,
// EMA settings, follow-up rules (issue 34 part 1), the one-time and anytime multi-selects, the free-to-choose mark, diary settings, and the
// dialog that orders the selected questionnaires. The name and the two lists need no permission entry (part 2
// section 6 names none); the settings need theirs. Memoised: typing in one group leaves the others alone.
import { lazy, memo, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { followupEditorTexts, studyMessages } from '../../../../shared/messages';
import { newFollowupRule } from '../../../../shared/study/followups';
import { DEFAULT_TIMEZONE, newDiarySetting, newEmaSetting } from '../../../../shared/study/assessmentSettings';
import type { ParticipantGroup } from '../../../../shared/types/study';
import { DiarySettingModal } from './DiarySettingModal';
import { useEditorContext } from './editorContext';
import { EmaSettingModal } from './EmaSettingModal';
import { FollowupRuleModal } from './FollowupRuleModal';
import { QuestionnaireSelect } from './QuestionnaireSelect';
import { diarySummary, emaSummary, followupSummary } from './settingSummary';
import { SettingList } from './SettingList';
import type { GroupChanges } from './studyDraft';
import type { StageRef } from './editorCalls';

const OrderDialog = lazy(() => import('./OrderDialog'));

export const ONE_TIME_LABEL = 'Assessments needing a one-time response at this stage';
export const ANYTIME_LABEL = 'Assessments allowing anytime, unlimited responses';

type Dialog = { kind: 'ema' | 'followup' | 'diary'; index: number | null } | { kind: 'order' };

function without<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

function placed<T>(list: readonly T[], index: number | null, item: T): T[] {
  return index === null ? [...list, item] : list.map((current, i) => (i === index ? item : current));
}

export const GroupBlock = memo(function GroupBlock({ stage, group }: { stage: StageRef; group: ParticipantGroup }) {
  const { options, timezones, can, edit, ask, deleteGroup, structureBusy, triggerQuestionnaires } = useEditorContext();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const change = (changes: GroupChanges) => edit({ type: 'group', stageId: stage._id, groupId: group._id, changes });
  const close = () => setDialog(null);
  const canEma = can('editEma');
  const canDiary = can('editDiary');
  // Follow-up rules are gated by the EMA entry (a follow-up is an EMA prompt), and need the trigger's questions.
  const canFollowup = canEma && triggerQuestionnaires !== null;
  const zone = timezones[0] ?? DEFAULT_TIMEZONE;
  const prefix = `group-${group._id}`;
  const headingId = `${prefix}-heading`;

  return (
    <section className="group-block border rounded p-2 mb-3" aria-labelledby={headingId}>
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <h3 id={headingId} className="h6 mb-0">
          Participant Group {group.group_num}
        </h3>
        {group.group_num !== 1 && can('deleteStage') && (
          <Button
            size="sm"
            variant="outline-danger"
            disabled={structureBusy}
            onClick={() => ask(studyMessages.structureChangeWarning, () => deleteGroup(stage, group))}
          >
            Delete Group
          </Button>
        )}
      </div>
      <Form.Group className="mb-3" controlId={`${prefix}-name`}>
        <Form.Label>Group Name</Form.Label>
        <Form.Control value={group.name} onChange={(event) => change({ name: event.target.value })} autoComplete="off" />
      </Form.Group>
      <SettingList
        id={`${prefix}-ema`}
        title="EMA Assessments"
        noun="EMA setting"
        settings={group.ema_list}
        summary={emaSummary}
        canEdit={canEma}
        onAdd={() => setDialog({ kind: 'ema', index: null })}
        onOpen={(index) => setDialog({ kind: 'ema', index })}
        onRemove={(index) => change({ ema_list: without(group.ema_list, index) })}
      />
      <SettingList
        id={`${prefix}-followup`}
        title="Follow-up Prompts"
        noun="Follow-up rule"
        settings={group.followup_list}
        summary={followupSummary}
        canEdit={canFollowup}
        onAdd={() => setDialog({ kind: 'followup', index: null })}
        onOpen={(index) => setDialog({ kind: 'followup', index })}
        onRemove={(index) => change({ followup_list: without(group.followup_list, index) })}
      />
      {triggerQuestionnaires === null && group.followup_list.length > 0 && <p className="small text-body-secondary">{followupEditorTexts.ownerReadOnly}</p>}
      <QuestionnaireSelect
        id={`${prefix}-one-time`}
        label={ONE_TIME_LABEL}
        options={options}
        selected={group.questionnaire_list}
        onChange={(questionnaire_list) => change({ questionnaire_list })}
      />
      <QuestionnaireSelect
        id={`${prefix}-anytime`}
        label={ANYTIME_LABEL}
        options={options}
        selected={group.no_submission_limit_list}
        onChange={(no_submission_limit_list) => change({ no_submission_limit_list })}
      />
      <Form.Check
        id={`${prefix}-free-to-choose`}
        className="mb-3"
        disabled
        checked={group.questionnaire_list_free_to_choose}
        label="Participants are free to choose the order of the one-time assessments"
        readOnly
      />
      <SettingList
        id={`${prefix}-diary`}
        title="Diary Assessments"
        noun="Diary setting"
        settings={group.diary_list}
        summary={diarySummary}
        canEdit={canDiary}
        onAdd={() => setDialog({ kind: 'diary', index: null })}
        onOpen={(index) => setDialog({ kind: 'diary', index })}
        onRemove={(index) => change({ diary_list: without(group.diary_list, index) })}
      />
      <Button size="sm" variant="outline-secondary" onClick={() => setDialog({ kind: 'order' })}>
        Edit Order of Selected Questionnaires
      </Button>

      {dialog?.kind === 'ema' && (
        <EmaSettingModal
          initial={dialog.index === null ? newEmaSetting(zone) : group.ema_list[dialog.index]}
          others={dialog.index === null ? group.ema_list : without(group.ema_list, dialog.index)}
          options={options}
          timezones={timezones}
          readOnly={!canEma}
          onHide={close}
          onApply={(setting) => {
            change({ ema_list: placed(group.ema_list, dialog.index, setting) });
            close();
          }}
        />
      )}
      {dialog?.kind === 'followup' && (
        <FollowupRuleModal
          initial={dialog.index === null ? newFollowupRule() : group.followup_list[dialog.index]}
          options={options}
          triggers={triggerQuestionnaires}
          readOnly={!canFollowup}
          onHide={close}
          onApply={(rule) => {
            change({ followup_list: placed(group.followup_list, dialog.index, rule) });
            close();
          }}
        />
      )}
      {dialog?.kind === 'diary' && (
        <DiarySettingModal
          initial={dialog.index === null ? newDiarySetting(zone) : group.diary_list[dialog.index]}
          others={dialog.index === null ? group.diary_list : without(group.diary_list, dialog.index)}
          options={options}
          timezones={timezones}
          readOnly={!canDiary}
          onHide={close}
          onApply={(setting) => {
            change({ diary_list: placed(group.diary_list, dialog.index, setting) });
            close();
          }}
        />
      )}
      {dialog?.kind === 'order' && (
        <Suspense fallback={null}>
          <OrderDialog
            groupName={`Stage ${stage.stage_num}, Participant Group ${group.group_num}`}
            initial={{ questionnaire_list: group.questionnaire_list, no_submission_limit_list: group.no_submission_limit_list }}
            onHide={close}
            onSave={(order) => {
              change(order);
              close();
            }}
          />
        </Suspense>
      )}
    </section>
  );
});
