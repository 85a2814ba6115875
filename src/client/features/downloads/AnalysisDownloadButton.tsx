// The analysis-ready download: one zip of the long-format data, its codebook and the photo manifest for the
// chosen stage (and group), for Study Progress.
import Button from 'react-bootstrap/Button';
import { dataDownloadTitle } from '../../../shared/dataDownloads';
import { dataDownloadTexts } from '../../../shared/dataDownloadTexts';
import type { Study } from '../../../shared/types/study';
import { useAppDispatch } from '../../app/hooks';
import { BusyButton } from './BusyButton';
import { downloadScope } from './downloadScope';
import { DownloadStatus } from './DownloadStatus';
import { downloadAnalysisData } from './downloadsSlice';
import { useDownload } from './useDownload';

interface AnalysisDownloadButtonProps {
  studyId: string;
  stageId: string;
  /** Omitted for all groups of the stage. */
  groupId?: string;
  /** 'Include pilot data' is ticked (issue 20). */
  includePilot?: boolean;
  /** The page's study, which names the fallback file; the study id stands in while it is not loaded. */
  study?: Study | null;
}

export function AnalysisDownloadButton({ studyId, stageId, groupId, includePilot = false, study = null }: AnalysisDownloadButtonProps) {
  const dispatch = useAppDispatch();
  const download = useDownload('analysis');
  const label = dataDownloadTexts.analysisButton;

  const start = () => {
    const request = { studyId, stageId, ...(groupId ? { groupId } : {}), ...(includePilot ? { includePilot } : {}) };
    const fallbackTitle = dataDownloadTitle('analysis', downloadScope(study, studyId, stageId, groupId));
    download.started(dispatch(downloadAnalysisData({ request, fallbackTitle })));
  };

  return (
    <div>
      <div className="d-flex flex-wrap gap-2">
        <BusyButton variant="outline-primary" onClick={start} busy={download.busy}>
          {label}
        </BusyButton>
        {download.busy && (
          <Button variant="outline-secondary" onClick={download.cancel}>
            {dataDownloadTexts.cancel}
          </Button>
        )}
      </div>
      <DownloadStatus request={download.request} progress={download.progress} saved={download.saved} label={label} showFailure={false} />
    </div>
  );
}
