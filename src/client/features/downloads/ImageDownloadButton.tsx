// Download Image Data of one Participant List row (part 2 sections 2.5 and 4). The row's Actions menu starts
// the zip (startImageDownload); from then on this button shows the download's state beside the menu: it polls
// for the link every IMAGE_LINK_POLL_MS while the zip is built (only while the row is on screen), then offers
// Click To Save File; 'No image is found' when the participant has no photo answers (clicking asks again).
// Saving, or a failure, returns to NotStart: the button goes (the menu offers the download again), and if it
// had the focus, onGone hands it on. A failure's message shows in the page's red alert like every failed call.
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { IMAGE_DOWNLOAD_LABELS, IMAGE_LINK_POLL_MS } from '../../../shared/imageDownloads';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { itemRequest } from '../../../ui/state/requestState';
import { imageDownloadKey } from './imageDownloadsApi';
import { imageDownloadSaved, notStarted, selectImageDownloadRequests, selectImageDownloads, fetchImageLink, startImageDownload } from './imageDownloadsSlice';
import { saveLink } from './saveLink';

interface ImageDownloadButtonProps {
  studyId: string;
  participantId: string;
  /** Read after the label by screen readers, so that each row's button has its own name. */
  participantCode: string;
  /** The button went away while it had the focus: the row gives the focus to its Actions menu. */
  onGone: () => void;
}

/** The phase of a participant's image download, for the row's menu (offered only before one is under way). */
export function useImageDownloadPhase(studyId: string, participantId: string) {
  const key = imageDownloadKey({ studyId, participantId });
  return useAppSelector((state) => (selectImageDownloads(state)[key] ?? notStarted).phase);
}

export function ImageDownloadButton({ studyId, participantId, participantCode, onGone }: ImageDownloadButtonProps) {
  const dispatch = useAppDispatch();
  const key = imageDownloadKey({ studyId, participantId });
  const download = useAppSelector((state) => selectImageDownloads(state)[key]) ?? notStarted;
  const linkStatus = useAppSelector((state) => itemRequest(selectImageDownloadRequests(state), 'link', key).status);
  const { phase, started, ready } = download;
  // Whether the button has the focus; a removed element does not always report its blur.
  const focused = useRef(false);

  useEffect(() => {
    if (phase !== 'NotStart' || !focused.current) return;
    focused.current = false;
    onGone();
  }, [phase, onGone]);

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
  // The live region stays while the button comes and goes, so its states are read out.
  return (
    <span aria-live="polite">
      {phase !== 'NotStart' && (
        <Button
          size="sm"
          variant={phase === 'ReadyDownload' ? 'success' : phase === 'NoResponse' ? 'outline-secondary' : 'outline-primary'}
          // aria-disabled rather than disabled: the button keeps the keyboard focus while it waits.
          aria-disabled={busy}
          className={busy ? 'disabled' : undefined}
          onClick={onClick}
          onFocus={() => (focused.current = true)}
          onBlur={() => (focused.current = false)}
        >
          {IMAGE_DOWNLOAD_LABELS[phase]}
          <span className="visually-hidden"> {participantCode}</span>
        </Button>
      )}
    </span>
  );
}
