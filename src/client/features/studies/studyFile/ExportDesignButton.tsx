// Edit Study's "Export study design" (issue 35 part 1): downloads the study file as JSON. A failure goes to the
// red alert, as the editor's other calls.
import Button from 'react-bootstrap/Button';
import { studyFileMessages } from '../../../../shared/messages/studyFile';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { saveFile } from '../../downloads';
import { exportStudyDesign, selectStudyFileRequests } from './studyFileSlice';

/** The file's name: the study's code, so that two exports are told apart. */
export function designFileName(studyCode: string): string {
  return `study-design-${studyCode || 'study'}.json`;
}

export function ExportDesignButton({ studyId, studyCode, size }: { studyId: string; studyCode: string; size?: 'sm' }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectStudyFileRequests).exportDesign.status === 'request';
  const download = async () => {
    const result = await dispatch(exportStudyDesign(studyId));
    if (!exportStudyDesign.fulfilled.match(result)) return;
    saveFile(new Blob([JSON.stringify(result.payload, null, 2)], { type: 'application/json' }), designFileName(studyCode));
  };
  return (
    <Button size={size} variant="outline-secondary" disabled={busy} onClick={() => void download()}>
      {studyFileMessages.exportDesign}
    </Button>
  );
}
