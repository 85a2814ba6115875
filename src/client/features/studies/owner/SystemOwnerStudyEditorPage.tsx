// Edit Study for the system owner (/systemowner/studies/{studyId}/{managedByUserId}/edit): the shared study
// editor with the owner's calls; the questionnaire options are the managing user's lab's.
import { useParams } from 'react-router-dom';
import { StudyEditor } from '../editor/StudyEditor';
import { useSystemOwnerEditorCalls } from './useSystemOwnerEditorCalls';

export default function SystemOwnerStudyEditorPage() {
  const { studyId = '', managedByUserId = '' } = useParams();
  return <StudyEditor calls={useSystemOwnerEditorCalls(studyId, managedByUserId)} />;
}
