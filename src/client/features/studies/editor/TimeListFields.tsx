// The EMA dialog's times: fixed assessment times (a new one at 09:00) or randomised periods (a new one
// 09:00-21:00), each with its own labelled time fields and a Remove button.
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DEFAULT_FIXED_TIME, DEFAULT_RANDOMIZE_PERIOD, type RandomizePeriod } from '../../../../shared/study/assessmentSettings';

function replaced<T>(list: readonly T[], index: number, value: T): T[] {
  return list.map((item, i) => (i === index ? value : item));
}

function removed<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

export function FixedTimesField({ times, onChange }: { times: readonly string[]; onChange: (times: string[]) => void }) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">Assessment Times</legend>
      {times.length === 0 && <p className="small text-body-secondary">No assessment time yet.</p>}
      {times.map((time, index) => (
        <div key={index} className="d-flex align-items-end gap-2 mb-2">
          <Form.Group controlId={`ema-time-${index}`}>
            <Form.Label className="small mb-1">Assessment time {index + 1}</Form.Label>
            <Form.Control type="time" value={time} onChange={(event) => onChange(replaced(times, index, event.target.value))} />
          </Form.Group>
          <Button variant="outline-danger" size="sm" className="mb-1" onClick={() => onChange(removed(times, index))} aria-label={`Remove assessment time ${index + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      <Button variant="outline-primary" size="sm" onClick={() => onChange([...times, DEFAULT_FIXED_TIME])}>
        Add Time
      </Button>
    </fieldset>
  );
}

export function PeriodsField({ periods, onChange }: { periods: readonly RandomizePeriod[]; onChange: (periods: RandomizePeriod[]) => void }) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">Periods of Randomized Time</legend>
      {periods.length === 0 && <p className="small text-body-secondary">No period yet.</p>}
      {periods.map((period, index) => (
        <div key={index} className="d-flex flex-wrap align-items-end gap-2 mb-2">
          <Form.Group controlId={`ema-period-${index}-start`}>
            <Form.Label className="small mb-1">Start of period {index + 1}</Form.Label>
            <Form.Control type="time" value={period.start_time} onChange={(event) => onChange(replaced(periods, index, { ...period, start_time: event.target.value }))} />
          </Form.Group>
          <Form.Group controlId={`ema-period-${index}-end`}>
            <Form.Label className="small mb-1">End of period {index + 1}</Form.Label>
            <Form.Control type="time" value={period.end_time} onChange={(event) => onChange(replaced(periods, index, { ...period, end_time: event.target.value }))} />
          </Form.Group>
          <Button variant="outline-danger" size="sm" className="mb-1" onClick={() => onChange(removed(periods, index))} aria-label={`Remove period ${index + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      <Button variant="outline-primary" size="sm" onClick={() => onChange([...periods, { ...DEFAULT_RANDOMIZE_PERIOD }])}>
        Add Period
      </Button>
    </fieldset>
  );
}
