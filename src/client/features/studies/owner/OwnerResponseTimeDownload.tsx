// The system owner's response-time download (part 2 section 7) below the owner's study editor: a stage, then a
// group of that stage (choosing a stage resets the group), then the lab user's download button with the
// owner's call. EMA is included, as on the Participant List.
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { Study } from '../../../../shared/types/study';
import { ResponseTimeDownloadButton } from '../../downloads';
import { GroupOptions, StageOptions } from '../../../components/stageGroup/StageGroupOptions';

export function OwnerResponseTimeDownload({ study }: { study: Study }) {
  const [stageId, setStageId] = useState('');
  const [groupId, setGroupId] = useState('');
  const stage = study.stage_list.find((s) => s._id === stageId);
  // A stage or group deleted in the editor meanwhile is no longer a choice.
  const group = stage?.participant_group_list.find((g) => g._id === groupId);

  return (
    <Card as="section" className="mt-4" aria-labelledby="owner-response-time-heading">
      <Card.Body>
        <h2 id="owner-response-time-heading" className="h5">
          Response Time
        </h2>
        <div className="d-flex flex-wrap align-items-end gap-3">
          <Form.Group controlId="owner-response-time-stage">
            <Form.Label>Stage</Form.Label>
            <Form.Select
              value={stage ? stageId : ''}
              onChange={(event) => {
                setStageId(event.target.value);
                setGroupId('');
              }}
            >
              <option value="">Choose a stage</option>
              <StageOptions study={study} />
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="owner-response-time-group">
            <Form.Label>Group</Form.Label>
            <Form.Select value={group ? groupId : ''} onChange={(event) => setGroupId(event.target.value)} disabled={!stage}>
              <option value="">Choose a group</option>
              <GroupOptions stage={stage} />
            </Form.Select>
          </Form.Group>
          {stage && group && (
            <ResponseTimeDownloadButton studyId={study._id} stageId={stage._id} groupId={group._id} includeEma caller="systemOwner" study={study} />
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
