// The pilot's clock (issue 20): its now in the study setting's time zone, and the moves forward: to the next
// prompt, +1 hour, +1 day, to a chosen moment (a wall time in that zone). The server refuses a move back (409)
// and its message is shown here.
import { useState, type FormEvent } from 'react';
import { DateTime } from 'luxon';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { pilotTexts } from '../../../../shared/pilotTexts';
import type { PilotClockBody } from '../../../../shared/types/pilot';
import { momentText } from '../../participants';

const INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

interface PilotClockProps {
  now: string;
  zone: string;
  busy: boolean;
  /** The server's message when the last move was refused. */
  failure: string | null;
  onMove: (body: PilotClockBody) => void;
}

export function PilotClock({ now, zone, busy, failure, onMove }: PilotClockProps) {
  const [moment, setMoment] = useState('');
  const moveTo = (event: FormEvent) => {
    event.preventDefault();
    const to = DateTime.fromFormat(moment, INPUT_FORMAT, { zone });
    if (to.isValid) onMove({ to: to.toUTC().toISO() ?? '' });
  };
  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {pilotTexts.clockTitle}
        </Card.Title>
        <p className="mb-3">
          {pilotTexts.nowLabel}:{' '}
          <strong aria-live="polite" data-testid="pilot-now">
            {momentText(now, zone)}
          </strong>
        </p>
        {failure && (
          <Alert variant="danger" role="alert">
            {failure}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Button variant="primary" disabled={busy} onClick={() => onMove({ advance: 'next_prompt' })}>
            {pilotTexts.toNextPrompt}
          </Button>
          <Button variant="outline-primary" disabled={busy} onClick={() => onMove({ advance: 'hour' })}>
            {pilotTexts.plusHour}
          </Button>
          <Button variant="outline-primary" disabled={busy} onClick={() => onMove({ advance: 'day' })}>
            {pilotTexts.plusDay}
          </Button>
        </div>
        <Form className="d-flex flex-wrap align-items-end gap-2" onSubmit={moveTo}>
          <Form.Group controlId="pilot-move-to">
            <Form.Label className="small mb-1">{`${pilotTexts.momentLabel} (${zone})`}</Form.Label>
            <Form.Control type="datetime-local" required value={moment} onChange={(event) => setMoment(event.target.value)} />
          </Form.Group>
          <Button type="submit" variant="outline-primary" disabled={busy || moment === ''}>
            {pilotTexts.moveTo}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
