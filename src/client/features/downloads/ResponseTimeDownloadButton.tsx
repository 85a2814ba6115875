// The response-time download (part 2 sections 2.5 and 2.7): with EMA on the Participant List, without it on
// Study Progress, where a note says where EMA response time is.
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { dataDownloadTitle } from '../../../shared/dataDownloads';
import { dataDownloadTexts } from '../../../shared/dataDownloadTexts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectParticipantStudy } from '../participants/participantsSlice';
import { BusyButton } from './BusyButton';
import { downloadScope } from './downloadScope';
import { DownloadStatus } from './DownloadStatus';
import { downloadResponseTimes } from './downloadsThunks';
import { useDownload } from './useDownload';

interface ResponseTimeDownloadButtonProps {
  studyId: string;
  stageId: string;
  /** Omitted for all groups of the stage. */
  groupId?: string;
  includeEma: boolean;
}

export function ResponseTimeDownloadButton({ studyId, stageId, groupId, includeEma }: ResponseTimeDownloadButtonProps) {
  const dispatch = useAppDispatch();
  const study = useAppSelector(selectParticipantStudy);
  const download = useDownload('responseTimes');
  const noteId = useId();
  const label = includeEma ? dataDownloadTexts.responseTimeButton : dataDownloadTexts.responseTimeWithoutEmaButton;

  const start = () => {
    const request = { studyId, stageId, ...(groupId ? { groupId } : {}), includeEma };
    const fallbackTitle = dataDownloadTitle('responseTimes', downloadScope(study, studyId, stageId, groupId));
    download.started(dispatch(downloadResponseTimes({ request, fallbackTitle })));
  };

  return (
    <div>
      <div className="d-flex flex-wrap gap-2">
        <BusyButton variant="outline-primary" onClick={start} busy={download.busy} aria-describedby={includeEma ? undefined : noteId}>
          {label}
        </BusyButton>
        {download.busy && (
          <Button variant="outline-secondary" onClick={download.cancel}>
            {dataDownloadTexts.cancel}
          </Button>
        )}
      </div>
      {!includeEma && (
        <p id={noteId} className="small text-body-secondary mt-1 mb-0">
          {dataDownloadTexts.emaNote}
        </p>
      )}
      <DownloadStatus request={download.request} progress={download.progress} saved={download.saved} label={label} showFailure={false} />
    </div>
  );
}
