// Withdraw and Mark As Completed in a Participant List row's Actions menu (PARTICIPANTS.md step 6). Each is
// offered only when the move makes sense from the participant's status (the shared rule the server applies),
// and asks first, saying what happens: the tasks still to come are cancelled, answers kept, and it cannot be
// undone. Success is toasted and the row's ENROLMENT STATUS changes; a refusal shows as the page's red alert.
import { endConsequences, endProblem, participationStatusMessages, type ParticipationEnd } from '../../../shared/participationStatus';
import type { Participant } from '../../../shared/types/participant';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { selectParticipantsRequests, setParticipationStatus } from './participantsSlice';

export const participationEndLabels: Record<ParticipationEnd, { button: string; question: string }> = {
  withdrawn: { button: 'Withdraw', question: participationStatusMessages.confirmWithdraw },
  completed: { button: 'Mark As Completed', question: participationStatusMessages.confirmComplete },
};

interface EndDialogProps {
  participant: Participant;
  to: ParticipationEnd;
  onClose: () => void;
}

/** The ends a researcher may choose for the participant now. */
export function participationEndsFor(participant: Participant): ParticipationEnd[] {
  const status = participant.participation[0].status;
  return (['withdrawn', 'completed'] as const).filter((to) => endProblem(status, to, 'researcher') === null);
}

/** Mounted only while open, so the list's many rows do not each watch the store. */
export function ParticipationEndDialog({ participant, to, onClose }: EndDialogProps) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectParticipantsRequests).status.status === 'request';

  const confirm = async () => {
    const result = await dispatch(setParticipationStatus({ participantId: participant._id, studyId: participant.study, status: to }));
    // Closed either way: a refusal's message is the page's red alert, which the dialog would cover.
    onClose();
    if (setParticipationStatus.fulfilled.match(result)) dispatch(toastShown(result.payload.message));
  };

  return (
    <ConfirmDialog
      show
      question={participationEndLabels[to].question}
      details={endConsequences(to, participant.participant_code)}
      confirmLabel={participationEndLabels[to].button}
      focus="cancel"
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
