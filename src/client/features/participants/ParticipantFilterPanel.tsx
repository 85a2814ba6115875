// The filter panel of the Participant List: a stage (or every stage), then a group of that stage. Choosing a
// stage resets the group. Row actions appear once both are chosen.
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { Study } from '../../../shared/types/study';
import type { ParticipantFilter } from './participantsApi';
import { GroupOptions, StageOptions } from '../../components/stageGroup/StageGroupOptions';

interface ParticipantFilterPanelProps {
  study: Study | null;
  filter: ParticipantFilter;
  onStage: (stageId: string | null) => void;
  onGroup: (groupId: string | null) => void;
  /** Buttons at the panel's end (Create New Participant). */
  children?: ReactNode;
}

export function ParticipantFilterPanel({ study, filter, onStage, onGroup, children }: ParticipantFilterPanelProps) {
  const stage = study?.stage_list.find((s) => s._id === filter.stageId);
  return (
    <Card className="mb-3">
      <Card.Body className="d-flex flex-wrap align-items-end gap-3">
        <Form.Group controlId="participant-filter-stage">
          <Form.Label>Stage</Form.Label>
          <Form.Select value={filter.stageId ?? ''} onChange={(e) => onStage(e.target.value || null)} disabled={!study}>
            <option value="">All stages</option>
            <StageOptions study={study} />
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="participant-filter-group">
          <Form.Label>Group</Form.Label>
          <Form.Select value={filter.groupId ?? ''} onChange={(e) => onGroup(e.target.value || null)} disabled={!stage}>
            <option value="">All groups</option>
            <GroupOptions stage={stage} />
          </Form.Select>
        </Form.Group>
        {children && <div className="ms-auto">{children}</div>}
      </Card.Body>
    </Card>
  );
}
