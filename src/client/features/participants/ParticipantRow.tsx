// One row of the Participant List (part 2 section 2.5). Its actions show only while a stage and a group are
// chosen; Assigned Diary Assessments only for a participant whose stored plan holds diary tasks (the server
// says so per row, whatever the group's settings are now); Download Image Data keeps its own state per
// participant.
import { memo } from 'react';
import Button from 'react-bootstrap/Button';
import { lastArrival } from '../../../shared/participants';
import type { Participant } from '../../../shared/types/participant';
import { useParticipantClock } from './clock/useClock';
import { statusLabel } from './labels';
import { ImageDownloadButton } from './ImageDownloadButton';
import { ParticipationEndActions } from './ParticipationEndActions';

export type RowAction = 'assign' | 'ema' | 'diary';

interface ParticipantRowProps {
  studyId: string;
  participant: Participant;
  /** False when no stage and group are chosen: the row has no actions then. */
  showActions: boolean;
  onAction: (action: RowAction, participant: Participant) => void;
}

export const ParticipantRow = memo(function ParticipantRow({ studyId, participant, showActions, onAction }: ParticipantRowProps) {
  const participation = participant.participation[0];
  const arrival = lastArrival(participation.enrolment_time);
  const who = <span className="visually-hidden"> {participant.participant_code}</span>;
  const clock = useParticipantClock();
  return (
    <tr>
      <td className="font-monospace">{participant.participant_code}</td>
      <td>{participant.email}</td>
      <td>{statusLabel(participation.status)}</td>
      <td>{participation.current_stage.stage_num}</td>
      <td>{participation.current_group.group_num}</td>
      <td>{participation.arrive_assigned ? 'Yes' : 'No'}</td>
      <td>{arrival ? <time dateTime={arrival}>{clock.text(arrival)}</time> : ''}</td>
      <td>
        {showActions && (
          <div className="d-flex gap-2">
            <Button size="sm" variant="outline-primary" onClick={() => onAction('assign', participant)}>
              Assign To Another Stage{who}
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => onAction('ema', participant)}>
              EMA Schedule{who}
            </Button>
            {participation.has_diary_tasks && (
              <Button size="sm" variant="outline-secondary" onClick={() => onAction('diary', participant)}>
                Assigned Diary Assessments{who}
              </Button>
            )}
            <ImageDownloadButton studyId={studyId} participantId={participant._id} participantCode={participant.participant_code} />
            <ParticipationEndActions participant={participant} />
          </div>
        )}
      </td>
    </tr>
  );
});
