// Edit Study (/studies/{id}/edit for a lab user, /systemowner/studies/{studyId}/{managedByUserId}/edit for the
// system owner): the shared study editor with the caller's calls (the owner's questionnaire options are the
// managing user's lab's). 'Pilot this study' sits by the lab user's heading for users with the editor's
// permission (issue 20), and 'Export study design' (issue 35) for every lab user; below the lab user's editor are
// the study's data rights (issue 36); below the owner's editor is the response-time download by stage and group (part 2
// section 7).
import { useParams } from 'react-router-dom';
import { StudyEditor } from './editor/StudyEditor';
import { DataRightsFields } from './dataRights/DataRightsFields';
import { OwnerResponseTimeDownload } from './owner/OwnerResponseTimeDownload';
import { PilotStudyButton } from './pilot/PilotStudyButton';
import { ExportDesignButton } from './studyFile/ExportDesignButton';
import type { StudyScope } from './studiesApi';
import { useStudyEditorCalls } from './useStudyEditorCalls';
import { useStudyAccess } from './useStudyAccess';

export default function StudyEditorPage({ scope = 'labUser' }: { scope?: StudyScope }) {
  const { id = '', studyId = id, managedByUserId = '' } = useParams();
  const calls = useStudyEditorCalls(scope === 'systemOwner' ? { scope, managedByUserId } : { scope }, studyId);
  const can = useStudyAccess();
  if (scope === 'systemOwner') {
    return (
      <>
        <StudyEditor calls={calls} />
        {calls.study && <OwnerResponseTimeDownload key={calls.study._id} study={calls.study} />}
      </>
    );
  }
  // Every lab user who sees the design may take it along (issue 35); piloting needs the editor's permission.
  const actions = (
    <>
      {can('editBasicInfo') && <PilotStudyButton studyId={id} size="sm" />}
      <ExportDesignButton studyId={id} studyCode={calls.study?.study_code ?? ''} size="sm" />
    </>
  );
  return (
    <>
      <StudyEditor calls={calls} actions={actions} />
      {calls.study && <DataRightsFields key={calls.study._id} studyId={calls.study._id} canEdit={can('editBasicInfo')} />}
    </>
  );
}
