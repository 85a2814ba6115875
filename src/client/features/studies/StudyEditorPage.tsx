// Edit Study for a lab user (/studies/{id}/edit): the shared study editor with the lab user's calls.
// 'Pilot this study' sits by its heading for users with the editor's permission (issue 20).
import { useParams } from 'react-router-dom';
import { StudyEditor } from './editor/StudyEditor';
import { PilotStudyButton } from './pilot/PilotStudyButton';
import { useLabUserEditorCalls } from './useLabUserEditorCalls';
import { useStudyAccess } from './useStudyAccess';

export default function StudyEditorPage() {
  const { id = '' } = useParams();
  const can = useStudyAccess();
  const actions = can('editBasicInfo') ? <PilotStudyButton studyId={id} size="sm" /> : undefined;
  return <StudyEditor calls={useLabUserEditorCalls(id)} actions={actions} />;
}
