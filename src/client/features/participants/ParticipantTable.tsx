// The Participant List's table (part 2 section 2.5). It scrolls inside its own box, so a wide table or a
// study of thousands of participants keeps the page's heading and filter in view. Rows are memoised, so
// opening a dialog does not render them again; a long list shows its first rows at once and renders the rest
// in the background (a deferred value), so the page answers the user while thousands of rows are added.
import { memo, useDeferredValue, useMemo } from 'react';
import Table from 'react-bootstrap/Table';
import type { Participant } from '../../../shared/types/participant';
import type { Study } from '../../../shared/types/study';
import { ParticipantRow, type RowAction } from './ParticipantRow';
import './participants.css';

/** Rows rendered in the first pass: more than a screenful, few enough to show without delay. */
const FIRST_ROWS = 100;

interface ParticipantTableProps {
  studyId: string;
  participants: Participant[];
  study: Study | null;
  showActions: boolean;
  onAction: (action: RowAction, participant: Participant) => void;
}

/**
 * The groups whose participants have diary tasks once they have arrived: the plan makes diary tasks at
 * arrival for every diary setting of the group (PARTICIPANTS.md "The plan").
 */
function groupsWithDiary(study: Study | null): Set<string> {
  const ids = new Set<string>();
  for (const stage of study?.stage_list ?? []) {
    for (const group of stage.participant_group_list) if (group.diary_list.length > 0) ids.add(group._id);
  }
  return ids;
}

export const ParticipantTable = memo(function ParticipantTable({ studyId, participants, study, showActions, onAction }: ParticipantTableProps) {
  const diaryGroups = useMemo(() => groupsWithDiary(study), [study]);
  const rows = useDeferredValue(participants, participants.length > FIRST_ROWS ? participants.slice(0, FIRST_ROWS) : participants);
  return (
    <div className="participant-table-scroll border rounded" tabIndex={0} role="region" aria-label="Participants">
      <Table hover className="align-middle mb-0 participant-table">
        <caption className="visually-hidden">Participants of the study</caption>
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">EMAIL</th>
            <th scope="col">ENROLMENT STATUS</th>
            <th scope="col">ASSIGNED STAGE (#)</th>
            <th scope="col">ASSIGNED GROUP (#)</th>
            <th scope="col">LOAD Ax AFTER STAGE ASSIGNED?</th>
            <th scope="col">TIME FIRST LOADING Ax AFTER STAGE ASSIGNED</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((participant) => {
            const participation = participant.participation[0];
            return (
              <ParticipantRow
                key={participant._id}
                studyId={studyId}
                participant={participant}
                showActions={showActions}
                showDiary={participation.arrive_assigned && diaryGroups.has(participation.current_group._id)}
                onAction={onAction}
              />
            );
          })}
        </tbody>
      </Table>
    </div>
  );
});
