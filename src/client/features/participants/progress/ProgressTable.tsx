// Study Progress's table: one row per participant of the group, least compliant first (the server's order). A
// flagged row says why in words, not only in colour. Where the figures do not fit, they scroll inside the table's
// own box while the participant column stays in view; on a phone each row is a card (.table-cards, as the Study
// Lists), its figures two by two.
import Table from 'react-bootstrap/Table';
import { formatRate, progressTexts } from '../../../../shared/progress';
import type { ParticipantProgress } from '../../../../shared/types/progress';
import { useParticipantClock } from '../clock/useClock';
import { statusLabel } from '../labels';
import '../participants.css';

const columns = progressTexts.columns;

function ParticipantCell({ participant }: { participant: ParticipantProgress }) {
  const clock = useParticipantClock();
  return (
    <th scope="row" className="fw-normal">
      <div className="font-monospace fw-semibold">{participant.participant_code}</div>
      <div className="small text-body-secondary">{participant.email}</div>
      <div className="small">
        {statusLabel(participant.status)}
        {participant.arrived_at ? `, arrived ${clock.text(participant.arrived_at)}` : `. ${progressTexts.notArrived}`}
      </div>
      {participant.flag && <div className="small fw-semibold text-danger-emphasis">{progressTexts.flags[participant.flag]}</div>}
    </th>
  );
}

/** The figures of a row, each with its column's heading (the card's label on a phone). */
function figures(p: ParticipantProgress): [string, string | number][] {
  return [
    [columns.planned, p.prompts.planned],
    [columns.delivered, p.prompts.delivered],
    [columns.opened, p.prompts.opened],
    [columns.completed, p.prompts.completed],
    [columns.expired, p.prompts.expired],
    [columns.late, p.prompts.late],
    [columns.delivery, formatRate(p.rates.delivery)],
    [columns.response, formatRate(p.rates.response)],
    [columns.completion, formatRate(p.rates.completion)],
    [columns.diaryDone, p.diary.daysDone],
    [columns.diaryLeft, p.diary.daysLeft],
    [columns.once, `${p.once.done} of ${p.once.total}`],
  ];
}

export function ProgressTable({ participants }: { participants: ParticipantProgress[] }) {
  return (
    <div className="participant-table-scroll border rounded" tabIndex={0} role="region" aria-label={progressTexts.tableCaption}>
      <Table className="align-middle mb-0 participant-table progress-table table-cards table-cards-grid">
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
              {figures(p).map(([label, value]) => (
                <td key={label} data-label={label}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
