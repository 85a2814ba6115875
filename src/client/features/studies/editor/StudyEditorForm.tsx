// The editor's form: Basic Information (kept at the left) and one column per stage side by side (scrolling
// sideways), a stage switcher and Add Stage above them (on a phone only the chosen stage shows), and a bar kept
// at the bottom with Save Changes and the consent form. What the user types lives here (a
// reducer over the study); what the server has lives in the caller's store.
import { useCallback, useMemo, useReducer, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { studyMessages } from '../../../../shared/messages';
import type { ParticipantGroup, Study } from '../../../../shared/types/study';
import { useAppDispatch } from '../../../app/hooks';
import { stageLabel } from '../../../components/stageGroup/labels';
import { toastShown } from '../../../app/notifications/notificationsSlice';
import { bottomBarProps } from '../../../app/layout/bottomBars';
import { BASIC_FIELD_IDS, basicInfoError, basicInfoOf, type BasicField } from './basicInfo';
import { BasicInfoColumn } from './BasicInfoColumn';
import { PromptingFields } from './PromptingFields';
import { ConsentModal } from './ConsentModal';
import type { StageRef, StudyEditorCalls } from './editorCalls';
import { useUnsavedChangesGuard } from '../../../components/unsavedChanges/useUnsavedChangesGuard';
import { EditorContext, type EditorContextValue } from './editorContext';
import { editBodyOf } from './editBody';
import { StageColumn } from './StageColumn';
import { draftChanged, studyDraftReducer } from './studyDraft';
import { useConfirmation } from './useConfirmation';
import { LiveEditDialog } from './LiveEditDialog';
import type { LiveEditImpact } from '../../../../shared/types/liveEdits';

interface StudyEditorFormProps {
  study: Study;
  loadId: string | null;
  calls: StudyEditorCalls;
  actions?: ReactNode;
}

export function StudyEditorForm({ study, loadId, calls, actions }: StudyEditorFormProps) {
  const dispatch = useAppDispatch();
  const { requests, can } = calls;
  const [draft, edit] = useReducer(studyDraftReducer, study);
  // A study that arrives whole replaces the working copy during this render (not after it, in an effect),
  // keeping every unchanged stage and group, so a save or a structure change re-renders only what changed.
  const [shownLoadId, setShownLoadId] = useState(loadId);
  if (loadId !== shownLoadId) {
    setShownLoadId(loadId);
    edit({ type: 'replace', study });
  }
  const [basicError, setBasicError] = useState<{ field: BasicField; message: string } | null>(null);
  const [consentOpen, setConsentOpen] = useState(false);
  // The stage the switcher names: the only one shown on a phone, scrolled to beside Basic Information otherwise.
  // A stage just added is shown; a deleted one gives way to stage 1.
  const [chosenStage, setChosenStage] = useState<string | null>(null);
  const [stageCount, setStageCount] = useState(draft.stage_list.length);
  if (draft.stage_list.length !== stageCount) {
    setStageCount(draft.stage_list.length);
    if (draft.stage_list.length > stageCount) setChosenStage(draft.stage_list.at(-1)?._id ?? null);
  }
  const shownStage = draft.stage_list.some((s) => s._id === chosenStage) ? (chosenStage ?? '') : (draft.stage_list[0]?._id ?? '');
  const showStage = (stageId: string) => {
    setChosenStage(stageId);
    document.getElementById(`stage-${stageId}-heading`)?.closest('section')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  const { ask, dialog } = useConfirmation();
  const info = basicInfoOf(draft);
  const unsaved = draftChanged(study, draft);
  useUnsavedChangesGuard(unsaved);
  const structureBusy = [requests.addStage, requests.deleteStage, requests.addGroup, requests.deleteGroup].some((r) => r.status === 'request');

  const toastOn = useCallback(
    async (call: Promise<boolean>, message: string) => {
      if (await call) dispatch(toastShown(message));
    },
    [dispatch],
  );
  const { deleteStage, addGroup, deleteGroup, addStage } = calls;
  const context = useMemo<EditorContextValue>(
    () => ({
      options: calls.questionnaireOptions,
      timezones: calls.timezones,
      can,
      edit,
      ask,
      deleteStage: (stage: StageRef) => void toastOn(deleteStage(stage), studyMessages.stageDeleted),
      addGroup: (stage: StageRef) => void toastOn(addGroup(stage), studyMessages.groupAdded),
      deleteGroup: (stage: StageRef, group: ParticipantGroup) => void toastOn(deleteGroup(stage, group), studyMessages.groupDeleted),
      triggerQuestionnaires: calls.triggerQuestionnaires ?? null,
      structureBusy,
    }),
    [calls.questionnaireOptions, calls.timezones, calls.triggerQuestionnaires, can, ask, toastOn, deleteStage, addGroup, deleteGroup, structureBusy],
  );

  const changeBasic = (field: BasicField, value: string) => {
    edit({ type: 'basicInfo', field, value });
    if (basicError?.field === field) setBasicError(null);
  };

  /** The shared rule first; the field at fault gets the message and the focus. */
  const basicChecked = (): boolean => {
    const problem = basicInfoError(info);
    setBasicError(problem);
    if (problem) document.getElementById(BASIC_FIELD_IDS[problem.field])?.focus();
    return problem === null;
  };

  const saveBasic = async () => {
    if (!calls.saveBasicInfo || !basicChecked()) return;
    const message = await calls.saveBasicInfo(info);
    if (message !== null) dispatch(toastShown(message));
  };

  // Adding a stage reloads the study and so discards what is not saved: the warning only when there is some.
  const addStageAsked = () => {
    const run = () => void toastOn(addStage(), studyMessages.stageAdded);
    if (unsaved) ask(studyMessages.structureChangeWarning, run);
    else run();
  };

  // On a live study the impact comes first (issue 21); the save waits for the researcher's choice.
  const [pendingImpact, setPendingImpact] = useState<LiveEditImpact | null>(null);
  const saveAll = async () => {
    if (!basicChecked()) return;
    const body = editBodyOf(draft);
    const impact = await calls.previewImpact(body);
    if (impact === null) return;
    if (impact.live && impact.changes.length > 0) setPendingImpact(impact);
    else void toastOn(calls.save(body), studyMessages.changesSaved);
  };
  const confirmLiveEdit = (applyNow: string[]) => {
    setPendingImpact(null);
    void toastOn(calls.save({ ...editBodyOf(draft), apply_now: applyNow }), studyMessages.changesSaved);
  };

  return (
    <EditorContext.Provider value={context}>
      <div className="study-editor">
        <div className="d-flex flex-wrap align-items-baseline gap-3 mb-4">
          <h1 className="h3 mb-0">Edit Study</h1>
          <span className="text-body-secondary font-monospace">{study.study_code}</span>
          {actions && <div className="ms-auto">{actions}</div>}
        </div>
        {/* Above the columns, so Add Stage and the way to each stage stay in reach however far they scroll. */}
        <div className="study-editor-nav d-flex flex-wrap align-items-end gap-2 mb-3">
          <Form.Group controlId="study-editor-stage-shown">
            <Form.Label className="small mb-1">Stage shown</Form.Label>
            <Form.Select size="sm" value={shownStage} onChange={(event) => showStage(event.target.value)}>
              {draft.stage_list.map((stage) => (
                <option key={stage._id} value={stage._id}>
                  {stageLabel(stage)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {can('addStage') && (
            <Button
              variant="outline-primary"
              size="sm"
              disabled={structureBusy}
              onClick={addStageAsked}
            >
              Add Stage
            </Button>
          )}
        </div>
        <div className="study-editor-columns" role="region" aria-label="Study settings" tabIndex={0}>
          <BasicInfoColumn
            study={study}
            info={info}
            onChange={changeBasic}
            error={basicError}
            canEdit={can('editBasicInfo')}
            saving={requests.saveBasicInfo.status === 'request'}
            onSave={calls.saveBasicInfo ? () => void saveBasic() : undefined}
          >
            <PromptingFields calls={calls} canEdit={can('editBasicInfo')} />
          </BasicInfoColumn>
          {draft.stage_list.map((stage) => (
            <StageColumn key={stage._id} stage={stage} shown={stage._id === shownStage} />
          ))}
        </div>
        {/* Stays at the bottom of the window while the editor is in view, and never covers the footer. */}
        <div className="study-editor-bar sticky-bottom bg-body border-top py-2 mt-3 d-flex flex-wrap gap-2 justify-content-end" {...bottomBarProps}>
          {can('editConsent') && (
            <Button variant="outline-secondary" onClick={() => setConsentOpen(true)}>
              Click To Edit Consent Form
            </Button>
          )}
          <Button onClick={() => void saveAll()} disabled={requests.save.status === 'request' || requests.previewImpact.status === 'request'}>
            Save Changes
          </Button>
        </div>
        {dialog}
        <LiveEditDialog study={draft} impact={pendingImpact} saving={requests.save.status === 'request'} onCancel={() => setPendingImpact(null)} onConfirm={confirmLiveEdit} />
        <ConsentModal show={consentOpen} study={study} save={calls.editConsent} request={requests.editConsent} onHide={() => setConsentOpen(false)} />
      </div>
    </EditorContext.Provider>
  );
}
