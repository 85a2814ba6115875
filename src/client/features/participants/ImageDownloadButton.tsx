// Download Image Data of one Participant List row (part 2 sections 2.5 and 4): starts the zip, polls for its
// link every IMAGE_LINK_POLL_MS while it is built (only while the row is on screen), then offers Click To
// Save File; 'No image is found' when the participant has no photo answers (clicking asks again). A failure
// returns to NotStart; its message shows in the page's red alert like every failed call.
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { IMAGE_DOWNLOAD_LABELS, IMAGE_LINK_POLL_MS } from '../../../shared/imageDownloads';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { itemRequest } from '../../app/requestState';
import { imageDownloadKey } from './imageDownloadsApi';
import { imageDownloadSaved, notStarted, selectImageDownloadRequests, selectImageDownloads } from './imageDownloadsSlice';
import { fetchImageLink, startImageDownload } from './imageDownloadsThunks';
import { saveLink } from './saveLink';

interface ImageDownloadButtonProps {
  studyId: string;
  participantId: string;
  /** Read after the label by screen readers, so that each row's button has its own name. */
  participantCode: string;
}

export function ImageDownloadButton({ studyId, participantId, participantCode }: ImageDownloadButtonProps) {
  const dispatch = useAppDispatch();
  const key = imageDownloadKey({ studyId, participantId });
  const download = useAppSelector((state) => selectImageDownloads(state)[key]) ?? notStarted;
  const linkStatus = useAppSelector((state) => itemRequest(selectImageDownloadRequests(state), 'link', key).status);
  const { phase, started, ready } = download;

  useEffect(() => {
    if (phase !== 'Started' || !started || linkStatus === 'request') return;
    const timer = setTimeout(() => void dispatch(fetchImageLink({ studyId, participantId, answer: started })), IMAGE_LINK_POLL_MS);
    return () => clearTimeout(timer);
  }, [dispatch, phase, started, linkStatus, studyId, participantId]);

  const onClick = () => {
    if (phase === 'Started') return;
    if (phase === 'ReadyDownload' && ready) {
      saveLink(ready.link, ready.fileName);
      dispatch(imageDownloadSaved(key));
      return;
    }
    void dispatch(startImageDownload({ studyId, participantId }));
  };

  const busy = phase === 'Started';
  return (
    <span aria-live="polite">
      <Button
        size="sm"
        variant={phase === 'ReadyDownload' ? 'success' : phase === 'NoResponse' ? 'outline-secondary' : 'outline-primary'}
        // aria-disabled rather than disabled: the button keeps the keyboard focus while it waits.
        aria-disabled={busy}
        className={busy ? 'disabled' : undefined}
        onClick={onClick}
      >
        {IMAGE_DOWNLOAD_LABELS[phase]}
        <span className="visually-hidden"> {participantCode}</span>
      </Button>
    </span>
  );
}
