// One row of the Participant List (part 2 section 2.5). Its actions show only while a stage and a group are
// chosen, in one Actions menu per row, so that a row fits the table's width at 1280 px (issue 18): Assign To
// Another Stage, EMA Schedule, Assigned Diary Assessments (only for a participant whose stored plan holds
// diary tasks: the server says so per row, whatever the group's settings are now), Download Image Data (while
// no download of the participant's images is under way; its state then shows as a button beside the menu),
// Withdraw and Mark As Completed (only when the move makes sense from the participant's status).
import { memo, useCallback, useRef } from 'react';
import Badge from 'react-bootstrap/Badge';
import { pilotTexts } from '../../../shared/pilotTexts';
import { IMAGE_DOWNLOAD_LABELS } from '../../../shared/imageDownloads';
import { participantListTexts } from '../../../shared/participantList';
import { lastArrival } from '../../../shared/participants';
import type { ParticipationEnd } from '../../../shared/participationStatus';
import type { Participant } from '../../../shared/types/participant';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { RowActionsMenu, type RowActionItem } from '../../components/rowActions/RowActionsMenu';
import { participantColumns as columns } from './columns';
import { ImageDownloadButton, useImageDownloadPhase, startImageDownload } from '../downloads';
import { useParticipantClock } from './clock/useClock';
import { studyZone } from './clock/studyZone';
import { DeviceCell } from './DeviceCell';
import { selectParticipantStudy } from './participantsSlice';
import { statusLabel } from './labels';
import { participationEndLabels, participationEndsFor } from './ParticipationEndActions';
import { dataRightsMessages } from '../../../shared/messages';

/** The row actions the page answers with a dialog. */
export type RowAction = 'assign' | 'ema' | 'diary' | 'erase' | ParticipationEnd;
type MenuItem = RowAction | 'images';

interface ParticipantRowProps {
  studyId: string;
  participant: Participant;
  /** False when no stage and group are chosen: the row has no actions then. */
  showActions: boolean;
  onAction: (action: RowAction, participant: Participant) => void;
}

function menuItems(participant: Participant, offerImages: boolean): RowActionItem<MenuItem>[] {
  const items: RowActionItem<MenuItem>[] = [
    { key: 'assign', label: 'Assign To Another Stage' },
    { key: 'ema', label: 'EMA Schedule' },
  ];
  if (participant.participation[0].has_diary_tasks) items.push({ key: 'diary', label: 'Assigned Diary Assessments' });
  if (offerImages) items.push({ key: 'images', label: IMAGE_DOWNLOAD_LABELS.NotStart });
  participationEndsFor(participant).forEach((to, index) =>
    items.push({ key: to, label: participationEndLabels[to].button, separated: index === 0 }),
  );
  items.push({ key: 'erase', label: dataRightsMessages.eraseAction, separated: true });
  return items;
}

/** Mounted only with a stage and a group chosen, so that an unfiltered list of thousands does not watch the store. */
function ParticipantRowActions({ studyId, participant, onAction }: Omit<ParticipantRowProps, 'showActions'>) {
  const dispatch = useAppDispatch();
  const participantId = participant._id;
  const imagePhase = useImageDownloadPhase(studyId, participantId);
  const menuButton = useRef<HTMLButtonElement>(null);
  const focusMenu = useCallback(() => menuButton.current?.focus(), []);

  const onSelect = (item: MenuItem) => {
    if (item === 'images') void dispatch(startImageDownload({ studyId, participantId }));
    else onAction(item, participant);
  };

  return (
    <div className="participant-row-actions">
      <RowActionsMenu
        label={participantListTexts.actionsMenu}
        rowName={participant.participant_code}
        items={menuItems(participant, imagePhase === 'NotStart')}
        onSelect={onSelect}
        toggleRef={menuButton}
      />
      <ImageDownloadButton studyId={studyId} participantId={participantId} participantCode={participant.participant_code} onGone={focusMenu} />
    </div>
  );
}

export const ParticipantRow = memo(function ParticipantRow({ studyId, participant, showActions, onAction }: ParticipantRowProps) {
  const participation = participant.participation[0];
  const arrival = lastArrival(participation.enrolment_time);
  const clock = useParticipantClock();
  const study = useAppSelector(selectParticipantStudy);
  return (
    <tr>
      <td data-label={columns.code} className="font-monospace">
        {participant.participant_code}
        {participant.pilot && (
          <Badge bg="info" text="dark" className="ms-2 font-sans-serif">
            {pilotTexts.pilotBadge}
          </Badge>
        )}
      </td>
      <td data-label={columns.email} className="participant-email">
        {participant.email}
      </td>
      <td data-label={columns.status}>{statusLabel(participation.status)}</td>
      <td data-label={columns.stage}>{participation.current_stage.stage_num}</td>
      <td data-label={columns.group}>{participation.current_group.group_num}</td>
      <td data-label={columns.arrived}>{participation.arrive_assigned ? 'Yes' : 'No'}</td>
      <td data-label={columns.arrival}>{arrival ? <time dateTime={arrival}>{clock.text(arrival)}</time> : ''}</td>
      <td data-label={columns.device}>
        <DeviceCell device={participant.device} studyZone={studyZone(study, participant.current_group)} momentText={clock.text} />
      </td>
      <td className="participant-actions">
        {showActions && <ParticipantRowActions studyId={studyId} participant={participant} onAction={onAction} />}
      </td>
    </tr>
  );
});
