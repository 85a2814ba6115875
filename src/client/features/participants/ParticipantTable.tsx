// The Participant List's table (part 2 section 2.5). It scrolls inside its own box, so a study of thousands
// of participants keeps the page's heading and filter in view; its actions column stays at the box's right
// edge, so no action hides behind a sideways scroll, and on a phone each row becomes a card (.table-cards). Rows are memoised, so
// opening a dialog does not render them again; a long list shows its first rows at once and renders the rest
// in the background (a deferred value), so the page answers the user while thousands of rows are added.
import { memo, useDeferredValue } from 'react';
import Table from 'react-bootstrap/Table';
import type { Participant } from '../../../shared/types/participant';
import { participantColumns } from './columns';
import { ParticipantRow, type RowAction } from './ParticipantRow';
import './participants.css';

/**
 * Columns of short words (a digit, Yes/No, a status) and the Device column, whose lines wrap: as narrow as their
 * words, so that the table with the Device column still fits 1280 px (issue 33).
 */
const NARROW_COLUMNS: ReadonlySet<string> = new Set(['status', 'stage', 'group', 'arrived', 'device']);

/** Rows rendered in the first pass: more than a screenful, few enough to show without delay. */
const FIRST_ROWS = 100;

interface ParticipantTableProps {
  studyId: string;
  participants: Participant[];
  showActions: boolean;
  onAction: (action: RowAction, participant: Participant) => void;
}

export const ParticipantTable = memo(function ParticipantTable({ studyId, participants, showActions, onAction }: ParticipantTableProps) {
  const rows = useDeferredValue(participants, participants.length > FIRST_ROWS ? participants.slice(0, FIRST_ROWS) : participants);
  return (
    <div className="participant-table-scroll participant-list-scroll" tabIndex={0} role="region" aria-label="Participants">
      <Table hover className="align-middle mb-0 participant-table table-cards">
        <caption className="visually-hidden">Participants of the study</caption>
        <thead>
          <tr>
            {Object.entries(participantColumns).map(([key, name]) => (
              <th key={name} scope="col" className={NARROW_COLUMNS.has(key) ? 'participant-narrow' : undefined}>
                {name}
              </th>
            ))}
            <th scope="col" className="participant-actions">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((participant) => (
            <ParticipantRow key={participant._id} studyId={studyId} participant={participant} showActions={showActions} onAction={onAction} />
          ))}
        </tbody>
      </Table>
    </div>
  );
});
