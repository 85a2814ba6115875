// The Participant List's Device column (issue 33): whether prompts reach the phone by push and if not why, when
// the app was last seen, answers waiting on the phone, and the phone's zone when it is not the study's.
import Badge from 'react-bootstrap/Badge';
import { differingPhoneZone, type ParticipantDevice } from '../../../shared/devices';
import { deviceTexts } from '../../../shared/messages';

interface DeviceCellProps {
  device: ParticipantDevice | null;
  /** The study's zone for the participant's group; null when it has no setting. */
  studyZone: string | null;
  /** A moment in the page's clock. */
  momentText: (isoUtc: string) => string;
}

export function DeviceCell({ device, studyZone, momentText }: DeviceCellProps) {
  if (!device) return <div className="participant-device small text-body-secondary">{deviceTexts.neverReported}</div>;
  const phoneZone = differingPhoneZone(device, studyZone);
  return (
    <div className="participant-device small">
      <div>
        {device.push === 'on' ? (
          <Badge bg="success">{deviceTexts.pushOn}</Badge>
        ) : (
          <>
            <Badge bg="warning" text="dark">
              {deviceTexts.pushOff}
            </Badge>{' '}
            {device.pushOffReason && <span>{deviceTexts.offReasons[device.pushOffReason]}</span>}
          </>
        )}
      </div>
      <div>
        {deviceTexts.lastSeen} <time dateTime={device.lastSeenAt}>{momentText(device.lastSeenAt)}</time>
      </div>
      {device.pendingAnswers > 0 && <div>{deviceTexts.answersWaiting(device.pendingAnswers)}</div>}
      {phoneZone && studyZone && <div>{deviceTexts.phoneZone(phoneZone, studyZone)}</div>}
    </div>
  );
}
