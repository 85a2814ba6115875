// Edit Study (/studies/{id}/edit, part 1 section 2 and part 2 section 2.2): Basic Information, one column per
// stage and Add Stage, side by side; a bar kept at the bottom with Save Changes and the consent form.
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useParams } from 'react-router-dom';
import { FIRST_PAGE, OTHER_COLUMN_WIDTH_PX } from '../../../shared/limits';
import { studyMessages } from '../../../shared/messages';
import type { Study } from '../../../shared/types/study';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LinkButton } from '../../components/LinkButton';
import { Loading } from '../../components/Loading';
import { useUnsavedChangesGuard } from '../../components/unsavedChanges/useUnsavedChangesGuard';
import { toastShown } from '../notifications/notificationsSlice';
import { selectReplaying } from '../qa/qaSlice';
import { BASIC_FIELD_IDS, basicInfoError, basicInfoOf, type BasicField } from './basicInfo';
import { BasicInfoColumn } from './BasicInfoColumn';
import { ConsentModal } from './ConsentModal';
import { StageColumn } from './StageColumn';
import { draftChanged } from './studyDraft';
import { selectStudiesRequests, selectStudy, selectStudyLoadId } from './studiesSlice';
import { addStage, editBasicInfo, editExceptConsent, fetchStudy } from './studiesThunks';
import { useStudyAccess } from './useStudyAccess';
import './studyEditor.css';

function StudyEditor({ study }: { study: Study }) {
  const dispatch = useAppDispatch();
  const requests = useAppSelector(selectStudiesRequests);
  const can = useStudyAccess();
  // Unsaved edits: the whole study as the user is changing it (Save Changes sends it whole).
  const [draft, setDraft] = useState<Study>(study);
  const [error, setError] = useState<{ field: BasicField; message: string } | null>(null);
  const [confirmingStage, setConfirmingStage] = useState(false);
  const [consentOpen, setConsentOpen] = useState(false);
  const info = basicInfoOf(draft);
  useUnsavedChangesGuard(draftChanged(study, draft));

  const change = (field: BasicField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (error?.field === field) setError(null);
  };

  /** The shared rule first; the field at fault gets the message and the focus. */
  const checked = (): boolean => {
    const problem = basicInfoError(info);
    setError(problem);
    if (problem) document.getElementById(BASIC_FIELD_IDS[problem.field])?.focus();
    return problem === null;
  };

  const saveBasic = async () => {
    if (!checked()) return;
    const result = await dispatch(editBasicInfo({ studyId: study._id, body: info }));
    if (editBasicInfo.fulfilled.match(result)) dispatch(toastShown(result.payload.message));
  };

  const saveAll = async () => {
    if (!checked()) return;
    const result = await dispatch(editExceptConsent({ studyId: study._id, body: draft }));
    if (editExceptConsent.fulfilled.match(result)) dispatch(toastShown(studyMessages.changesSaved));
  };

  const appendStage = async () => {
    setConfirmingStage(false);
    const result = await dispatch(addStage(study._id));
    if (addStage.fulfilled.match(result)) dispatch(toastShown(studyMessages.stageAdded));
  };

  return (
    <div className="study-editor">
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-4">
        <h1 className="h3 mb-0">Edit Study</h1>
        <span className="text-body-secondary font-monospace">{study.study_code}</span>
      </div>
      <div className="study-editor-columns" role="region" aria-label="Study settings" tabIndex={0}>
        <BasicInfoColumn
          study={study}
          info={info}
          onChange={change}
          error={error}
          canEdit={can('editBasicInfo')}
          saving={requests.editBasic.status === 'request'}
          onSave={() => void saveBasic()}
        />
        {draft.stage_list.map((stage) => (
          <StageColumn key={stage._id} stage={stage} />
        ))}
        <div className="study-editor-column p-3" style={{ width: OTHER_COLUMN_WIDTH_PX }}>
          {can('addStage') && (
            <Button variant="outline-primary" onClick={() => setConfirmingStage(true)} disabled={requests.addStage.status === 'request'}>
              Add Stage
            </Button>
          )}
        </div>
      </div>
      {/* Stays at the bottom of the window while the editor is in view, and never covers the footer. */}
      <div className="study-editor-bar sticky-bottom bg-body border-top py-2 mt-3 d-flex flex-wrap gap-2 justify-content-end">
        {can('editConsent') && (
          <Button variant="outline-secondary" onClick={() => setConsentOpen(true)}>
            Click To Edit Consent Form
          </Button>
        )}
        <Button onClick={() => void saveAll()} disabled={requests.editExceptConsent.status === 'request'}>
          Save Changes
        </Button>
      </div>
      <ConfirmDialog
        show={confirmingStage}
        question={studyMessages.structureChangeWarning}
        onCancel={() => setConfirmingStage(false)}
        onConfirm={() => void appendStage()}
      />
      <ConsentModal show={consentOpen} study={study} onHide={() => setConsentOpen(false)} />
    </div>
  );
}

export default function StudyEditorPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectStudy);
  const loadId = useAppSelector(selectStudyLoadId);
  const status = useAppSelector(selectStudiesRequests).study.status;
  const replaying = useAppSelector(selectReplaying);

  useEffect(() => {
    if (!replaying) void dispatch(fetchStudy(id));
  }, [dispatch, id, replaying]);

  const study = current && current._id === id ? current : null;
  if (!study) {
    return status === 'fail' ? (
      <LinkButton to={paths.studies.getHref(FIRST_PAGE)} variant="outline-secondary">
        Back to the Study List
      </LinkButton>
    ) : (
      <Loading />
    );
  }
  // A study that arrives whole from the server (load, Add Stage, Save Changes) starts the edits afresh.
  return <StudyEditor key={loadId ?? study._id} study={study} />;
}
