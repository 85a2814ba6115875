// The Activity page's filters: a person (by email), a kind of change and a time span; applied on Show.
import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { AUDIT_KIND_LIST, auditKindLabel, type AuditKind } from '../../../shared/audit';

export interface ActivityFilter {
  person: string;
  kind: AuditKind | '';
  /** yyyy-mm-dd, days in UTC as the entries' times are shown. */
  fromDay: string;
  toDay: string;
}

export const noFilter: ActivityFilter = { person: '', kind: '', fromDay: '', toDay: '' };

export function ActivityFilters({ onApply }: { onApply: (filter: ActivityFilter) => void }) {
  const [draft, setDraft] = useState<ActivityFilter>(noFilter);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Form onSubmit={submit} className="mb-3" aria-label="Filter activity">
      <Row className="g-2 align-items-end">
        <Col sm={4}>
          <Form.Label htmlFor="activity-person">Person</Form.Label>
          <Form.Control id="activity-person" type="email" value={draft.person} onChange={(e) => setDraft({ ...draft, person: e.target.value })} />
        </Col>
        <Col sm={3}>
          <Form.Label htmlFor="activity-kind">Kind</Form.Label>
          <Form.Select id="activity-kind" value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as AuditKind | '' })}>
            <option value="">Any</option>
            {AUDIT_KIND_LIST.map((kind) => (
              <option key={kind} value={kind}>
                {auditKindLabel(kind)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col sm={2}>
          <Form.Label htmlFor="activity-from">From</Form.Label>
          <Form.Control id="activity-from" type="date" value={draft.fromDay} onChange={(e) => setDraft({ ...draft, fromDay: e.target.value })} />
        </Col>
        <Col sm={2}>
          <Form.Label htmlFor="activity-to">To</Form.Label>
          <Form.Control id="activity-to" type="date" value={draft.toDay} onChange={(e) => setDraft({ ...draft, toDay: e.target.value })} />
        </Col>
        <Col sm={1}>
          <Button type="submit">Show</Button>
        </Col>
      </Row>
    </Form>
  );
}
