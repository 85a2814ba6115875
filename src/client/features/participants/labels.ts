// How participants read on the Participant List and its dialogs (stages and groups: components/stageGroup).
import type { ParticipationStatus } from '../../../shared/types/participant';

const statusLabels: Record<ParticipationStatus, string> = {
  invited: 'Invited',
  enrolled: 'Enrolled',
  withdrawn: 'Withdrawn',
  completed: 'Completed',
};

export function statusLabel(status: ParticipationStatus): string {
  return statusLabels[status];
}
