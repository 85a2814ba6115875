// Erase in a Participant List row's Actions menu (issue 36 part 3): the researcher's erasure on the
// participant's request, after a confirmation that says what happens and that it cannot be undone. Success is
// toasted and the row leaves the list; a refusal shows as the page's red alert.
import { dataRightsMessages } from '../../../shared/messages';
import type { Participant } from '../../../shared/types/participant';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { eraseParticipant, selectParticipantsRequests } from './participantsSlice';

/** Mounted only while open, so the list's many rows do not each watch the store. */
export function EraseParticipantDialog({ participant, onClose }: { participant: Participant; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectParticipantsRequests).erase.status === 'request';
  const confirm = async () => {
    const result = await dispatch(eraseParticipant({ studyId: participant.study, participantId: participant._id }));
    onClose();
    if (eraseParticipant.fulfilled.match(result)) dispatch(toastShown(result.payload.message));
  };
  return (
    <ConfirmDialog
      show
      question={dataRightsMessages.eraseTitle}
      details={dataRightsMessages.eraseDetails(participant.participant_code)}
      confirmLabel={dataRightsMessages.eraseYes}
      focus="cancel"
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
