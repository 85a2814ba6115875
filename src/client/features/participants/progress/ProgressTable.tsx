// Study Progress's table: one row per participant of the group, least compliant first (the server's order). A
// flagged row says why in words, not only in colour. The table scrolls inside its own box on a narrow screen.
import Table from 'react-bootstrap/Table';
import { formatRate, progressTexts } from '../../../../shared/progress';
import type { ParticipantProgress } from '../../../../shared/types/progress';
import { arrivalText, statusLabel } from '../labels';
import '../participants.css';

const columns = progressTexts.columns;

function ParticipantCell({ participant }: { participant: ParticipantProgress }) {
  return (
    <th scope="row" className="fw-normal">
      <div className="font-monospace fw-semibold">{participant.participant_code}</div>
      <div className="small text-body-secondary">{participant.email}</div>
      <div className="small">
        {statusLabel(participant.status)}
        {participant.arrived_at ? `, arrived ${arrivalText(participant.arrived_at)}` : `. ${progressTexts.notArrived}`}
      </div>
      {participant.flag && <div className="small fw-semibold text-danger-emphasis">{progressTexts.flags[participant.flag]}</div>}
    </th>
  );
}

export function ProgressTable({ participants }: { participants: ParticipantProgress[] }) {
  return (
    <div className="participant-table-scroll border rounded" tabIndex={0} role="region" aria-label={progressTexts.tableCaption}>
      <Table className="align-middle mb-0 participant-table">
        <caption className="visually-hidden">{progressTexts.tableCaption}</caption>
        <thead>
          <tr>
            {Object.values(columns).map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {participants.map((p) => (
            <tr key={p._id} className={p.flag ? 'table-danger' : undefined}>
              <ParticipantCell participant={p} />
              <td>{p.prompts.planned}</td>
              <td>{p.prompts.delivered}</td>
              <td>{p.prompts.opened}</td>
              <td>{p.prompts.completed}</td>
              <td>{p.prompts.expired}</td>
              <td>{p.prompts.late}</td>
              <td>{formatRate(p.rates.delivery)}</td>
              <td>{formatRate(p.rates.response)}</td>
              <td>{formatRate(p.rates.completion)}</td>
              <td>{p.diary.daysDone}</td>
              <td>{p.diary.daysLeft}</td>
              <td>
                {p.once.done} of {p.once.total}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
