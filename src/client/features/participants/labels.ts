// How participants read on the Participant List and its dialogs (stages and groups: components/stageGroup).
import type { ParticipationStatus } from '../../../shared/types/participant';
import { dateTimeText } from './dateTime';

const statusLabels: Record<ParticipationStatus, string> = {
  invited: 'Invited',
  enrolled: 'Enrolled',
  withdrawn: 'Withdrawn',
  completed: 'Completed',
};

export function statusLabel(status: ParticipationStatus): string {
  return statusLabels[status];
}

/** The moment a participant first loaded their assessments, in the researcher's own time zone. */
export function arrivalText(isoUtc: string): string {
  return dateTimeText(isoUtc);
}
