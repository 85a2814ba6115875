// Edit Study for a lab user (/studies/{id}/edit): the shared study editor with the lab user's calls.
import { useParams } from 'react-router-dom';
import { StudyEditor } from './editor/StudyEditor';
import { useLabUserEditorCalls } from './useLabUserEditorCalls';

export default function StudyEditorPage() {
  const { id = '' } = useParams();
  return <StudyEditor calls={useLabUserEditorCalls(id)} />;
}
