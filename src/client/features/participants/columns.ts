// The Participant List's columns (part 2 section 2.5), named once for the table's header and for the heading
// of each cell in the card a row becomes on a phone (data-label, .table-cards). DEVICE is issue 33's.
import { deviceTexts } from '../../../shared/messages';

export const participantColumns = {
  code: 'ID',
  email: 'EMAIL',
  status: 'ENROLMENT STATUS',
  stage: 'ASSIGNED STAGE (#)',
  group: 'ASSIGNED GROUP (#)',
  arrived: 'LOAD Ax AFTER STAGE ASSIGNED?',
  arrival: 'TIME FIRST LOADING Ax AFTER STAGE ASSIGNED',
  device: deviceTexts.column,
} as const;
