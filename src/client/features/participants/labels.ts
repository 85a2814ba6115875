// How participants, stages and groups read on the Participant List and its dialogs.
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

export function stageLabel(stage: { stage_num: number; chin_name: string }): string {
  const name = stage.chin_name.trim();
  return name ? `Stage ${stage.stage_num}: ${name}` : `Stage ${stage.stage_num}`;
}

export function groupLabel(group: { group_num: number; name: string }): string {
  const name = group.name.trim();
  return name ? `Group ${group.group_num}: ${name}` : `Group ${group.group_num}`;
}

/** The moment a participant first loaded their assessments, in the researcher's own time zone. */
export function arrivalText(isoUtc: string): string {
  return dateTimeText(isoUtc);
}
