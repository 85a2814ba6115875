// One row of the Participant List (part 2 section 2.5). Its actions show only while a stage and a group are
// chosen: Download Image Data as its own button, because its label is its state (it is being built, ready to
// save, no image) and it polls only while on screen; the rest in the row's Actions menu, so that a row fits
// the table's width (issue 18). Assigned Diary Assessments is offered only for a participant whose stored plan
// holds diary tasks (the server says so per row, whatever the group's settings are now); Withdraw and Mark As
// Completed only when the move makes sense from the participant's status.
import { memo } from 'react';
import { participantListTexts } from '../../../shared/participantList';
import { lastArrival } from '../../../shared/participants';
import type { ParticipationEnd } from '../../../shared/participationStatus';
import type { Participant } from '../../../shared/types/participant';
import { RowActionsMenu, type RowActionItem } from '../../components/rowActions/RowActionsMenu';
import { participantColumns as columns } from './columns';
import { arrivalText, statusLabel } from './labels';
import { ImageDownloadButton } from './ImageDownloadButton';
import { participationEndLabels, participationEndsFor } from './ParticipationEndActions';

export type RowAction = 'assign' | 'ema' | 'diary' | ParticipationEnd;

interface ParticipantRowProps {
  studyId: string;
  participant: Participant;
  /** False when no stage and group are chosen: the row has no actions then. */
  showActions: boolean;
  onAction: (action: RowAction, participant: Participant) => void;
}

function menuItems(participant: Participant): RowActionItem<RowAction>[] {
  const items: RowActionItem<RowAction>[] = [
    { key: 'assign', label: 'Assign To Another Stage' },
    { key: 'ema', label: 'EMA Schedule' },
  ];
  if (participant.participation[0].has_diary_tasks) items.push({ key: 'diary', label: 'Assigned Diary Assessments' });
  participationEndsFor(participant).forEach((to, index) =>
    items.push({ key: to, label: participationEndLabels[to].button, separated: index === 0 }),
  );
  return items;
}

export const ParticipantRow = memo(function ParticipantRow({ studyId, participant, showActions, onAction }: ParticipantRowProps) {
  const participation = participant.participation[0];
  const arrival = lastArrival(participation.enrolment_time);
  return (
    <tr>
      <td data-label={columns.code} className="font-monospace">
        {participant.participant_code}
      </td>
      <td data-label={columns.email}>{participant.email}</td>
      <td data-label={columns.status}>{statusLabel(participation.status)}</td>
      <td data-label={columns.stage}>{participation.current_stage.stage_num}</td>
      <td data-label={columns.group}>{participation.current_group.group_num}</td>
      <td data-label={columns.arrived}>{participation.arrive_assigned ? 'Yes' : 'No'}</td>
      <td data-label={columns.arrival}>{arrival ? <time dateTime={arrival}>{arrivalText(arrival)}</time> : ''}</td>
      <td className="participant-actions">
        {showActions && (
          <div className="d-flex gap-2">
            <ImageDownloadButton studyId={studyId} participantId={participant._id} participantCode={participant.participant_code} />
            <RowActionsMenu
              label={participantListTexts.actionsMenu}
              rowName={participant.participant_code}
              items={menuItems(participant)}
              onSelect={(action) => onAction(action, participant)}
            />
          </div>
        )}
      </td>
    </tr>
  );
});
