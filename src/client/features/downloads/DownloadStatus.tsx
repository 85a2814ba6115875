// How a download reads while it runs and after: a spinner with what has arrived (a bar once the size is
// known), the saved file's name, or the server's message in a red alert (part 2 section 8).
import Alert from 'react-bootstrap/Alert';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import { dataDownloadTexts, receivedText, savedText } from '../../../shared/dataDownloadTexts';
import type { RequestState } from '../../../ui/state/requestState';
import { formatBytes } from '../../../shared/byteSize';
import type { DownloadProgress } from './downloadsApi';

interface DownloadStatusProps {
  request: RequestState;
  progress: DownloadProgress | null;
  saved: string | null;
  /** Names the progress bar, e.g. the button's text. */
  label: string;
  /**
   * Whether the failure shows here too. A button on a page leaves it to the page's red alert (one alert, not
   * two); a dialog shows it, since the dialog covers the page's alert.
   */
  showFailure?: boolean;
}

function progressText(progress: DownloadProgress | null): string {
  if (!progress || progress.received === 0) return dataDownloadTexts.preparing;
  return receivedText(formatBytes(progress.received), progress.total === null ? null : formatBytes(progress.total));
}

export function DownloadStatus({ request, progress, saved, label, showFailure = true }: DownloadStatusProps) {
  const percent = progress?.total ? Math.min(100, Math.floor((progress.received / progress.total) * 100)) : null;
  return (
    <>
      {/* Always present, so that screen readers announce what appears in it. */}
      <div role="status" className="small">
        {request.status === 'request' && (
          <div className="d-flex align-items-center gap-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span>{progressText(progress)}</span>
          </div>
        )}
        {request.status === 'success' && saved && <span className="text-success-emphasis">{savedText(saved)}</span>}
      </div>
      {request.status === 'request' && percent !== null && (
        // Nested, so that the label reaches the element whose role is progressbar.
        <ProgressBar className="mt-1">
          <ProgressBar now={percent} label={`${percent}%`} aria-label={label} />
        </ProgressBar>
      )}
      {showFailure && request.status === 'fail' && request.message && (
        <Alert variant="danger" role="alert" className="mt-2 mb-0">
          {request.message}
        </Alert>
      )}
    </>
  );
}
