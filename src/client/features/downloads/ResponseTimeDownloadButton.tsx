// The response-time download (part 2 sections 2.5, 2.7 and 7): with EMA on the Participant List, without it on
// Study Progress, where a note says where EMA response time is; and in the system owner's study editor, through
// the owner's call.
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { dataDownloadTitle } from '../../../shared/dataDownloads';
import { dataDownloadTexts } from '../../../shared/dataDownloadTexts';
import type { Study } from '../../../shared/types/study';
import type { SessionKind } from '../../api/client';
import { useAppDispatch } from '../../app/hooks';
import { BusyButton } from './BusyButton';
import { downloadScope } from './downloadScope';
import { DownloadStatus } from './DownloadStatus';
import { downloadOwnerResponseTimes, downloadResponseTimes } from './downloadsSlice';
import { useDownload } from './useDownload';

interface ResponseTimeDownloadButtonProps {
  studyId: string;
  stageId: string;
  /** Omitted for all groups of the stage. */
  groupId?: string;
  includeEma: boolean;
  /** Whose call: the lab user's (the default) or the system owner's. */
  caller?: SessionKind;
  /** The page's study, which names the fallback file; the study id stands in while it is not loaded. */
  study?: Study | null;
  /** 'Include pilot data' is ticked (issue 20). */
  includePilot?: boolean;
}

const thunks = { labUser: downloadResponseTimes, systemOwner: downloadOwnerResponseTimes } as const;

export function ResponseTimeDownloadButton({ studyId, stageId, groupId, includeEma, caller = 'labUser', study = null, includePilot = false }: ResponseTimeDownloadButtonProps) {
  const dispatch = useAppDispatch();
  const download = useDownload('responseTimes');
  const noteId = useId();
  const label = includeEma ? dataDownloadTexts.responseTimeButton : dataDownloadTexts.responseTimeWithoutEmaButton;

  const start = () => {
    const request = { studyId, stageId, ...(groupId ? { groupId } : {}), includeEma, ...(includePilot ? { includePilot } : {}) };
    const fallbackTitle = dataDownloadTitle('responseTimes', downloadScope(study, studyId, stageId, groupId));
    download.started(dispatch(thunks[caller]({ request, fallbackTitle })));
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
