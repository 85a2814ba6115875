// Assign To Another Stage (part 2 sections 2.5, 4 and 5): a stage, then one of its groups; choosing a stage
// resets the group. The server's message ('Participant has been assigned to the designated stage') is toasted.
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { assignProblem, withAssignedStage, type AssignFields } from '../../../shared/participants';
import type { Participant } from '../../../shared/types/participant';
import type { Study } from '../../../shared/types/study';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { DialogCloseButton } from '../../components/unsavedChanges/GuardedModal';
import { DraftDialog } from './DraftDialog';
import { groupLabel, stageLabel } from '../../components/stageGroup/labels';
import { GroupOptions, StageOptions } from '../../components/stageGroup/StageGroupOptions';
import { selectParticipantsRequests, assignParticipant } from './participantsSlice';

interface AssignStageDialogProps {
  study: Study;
  participant: Participant;
  onClose: () => void;
  onAssigned: () => void;
}

export function AssignStageDialog({ study, participant, onClose, onAssigned }: AssignStageDialogProps) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectParticipantsRequests).assign.status === 'request';
  const [fields, setFields] = useState<AssignFields>({ stageId: null, groupId: null });
  const [problem, setProblem] = useState<string | null>(null);
  const stage = study.stage_list.find((s) => s._id === fields.stageId);
  const current = participant.participation[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = assignProblem(fields);
    setProblem(found);
    if (found || !fields.stageId || !fields.groupId) return;
    const result = await dispatch(
      assignParticipant({ participantId: participant._id, studyId: study._id, stageId: fields.stageId, groupId: fields.groupId }),
    );
    if (assignParticipant.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      onAssigned();
      onClose();
    } else {
      setProblem(result.payload?.message ?? result.error.message ?? null);
    }
  };

  return (
    <DraftDialog
      title="Assign To Another Stage"
      titleId="assign-stage-title"
      dirty={Boolean(fields.stageId || fields.groupId)}
      onClose={onClose}
    >
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Body>
          {problem && (
            <Alert variant="danger" role="alert">
              {problem}
            </Alert>
          )}
          <p>
            Participant <span className="font-monospace">{participant.participant_code}</span> ({participant.email}) is now in{' '}
            {stageLabel(current.current_stage)}, {groupLabel(current.current_group)}.
          </p>
          <Form.Group className="mb-3" controlId="assign-stage">
            <Form.Label>Assigned Stage</Form.Label>
            <Form.Select value={fields.stageId ?? ''} onChange={(e) => setFields(withAssignedStage(fields, e.target.value || null))}>
              <option value="">Choose a stage</option>
              <StageOptions study={study} />
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-3" controlId="assign-group">
            <Form.Label>Assigned Group</Form.Label>
            <Form.Select
              value={fields.groupId ?? ''}
              onChange={(e) => setFields({ ...fields, groupId: e.target.value || null })}
              disabled={!stage}
            >
              <option value="">Choose a group</option>
              <GroupOptions stage={stage} />
            </Form.Select>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <DialogCloseButton>Cancel</DialogCloseButton>
          <Button type="submit" variant="primary" disabled={busy}>
            Assign
          </Button>
        </Modal.Footer>
      </Form>
    </DraftDialog>
  );
}
