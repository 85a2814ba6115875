// Edit Study for the system owner (/systemowner/studies/{studyId}/{managedByUserId}/edit): the shared study
// editor with the owner's calls (the questionnaire options are the managing user's lab's), and below it the
// response-time download by stage and group (part 2 section 7).
import { useParams } from 'react-router-dom';
import { StudyEditor } from '../editor/StudyEditor';
import { OwnerResponseTimeDownload } from './OwnerResponseTimeDownload';
import { useSystemOwnerEditorCalls } from './useSystemOwnerEditorCalls';

export default function SystemOwnerStudyEditorPage() {
  const { studyId = '', managedByUserId = '' } = useParams();
  const calls = useSystemOwnerEditorCalls(studyId, managedByUserId);
  return (
    <>
      <StudyEditor calls={calls} />
      {calls.study && <OwnerResponseTimeDownload key={calls.study._id} study={calls.study} />}
    </>
  );
}
