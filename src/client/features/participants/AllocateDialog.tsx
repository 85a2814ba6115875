// Assign at random on the Participant List (issue 34, part 4): the enrolled participants of stage 1 listed now,
// each chosen on its own or all at once; a later stage and two or more of its groups, each with its ratio; the
// block size and, optionally, a seed. The shared rule checks the choices before the call (the server checks them
// again); the answer shows the seed, where each participant went, and a button for the allocation list (CSV).
// Mounted only while open: each opening starts empty.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { allocationMessages, allocationProblem, allocationTexts, type AllocateAnswer, type AllocateBody } from '../../../shared/allocation';
import type { Participant } from '../../../shared/types/participant';
import type { Study } from '../../../shared/types/study';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { groupLabel } from '../../components/stageGroup/labels';
import { DialogCloseButton } from '../../components/unsavedChanges/GuardedModal';
import { DraftDialog } from './DraftDialog';
import { AllocationTargetFields, bodyOf, emptyTarget, targetDirty, type TargetDraft } from './AllocationTargetFields';
import { ParticipantChecklist } from './ParticipantChecklist';
import { allocateParticipants, downloadAllocationList, participantsRequestReset, selectParticipantsRequests } from './participantsSlice';

interface AllocateDialogProps {
  study: Study;
  /** The rows the list shows now. */
  participants: readonly Participant[];
  onClose: () => void;
  /** After a successful allocation: the list behind the dialog reloads. */
  onAllocated: () => void;
}

export function AllocateDialog({ study, participants, onClose, onAllocated }: AllocateDialogProps) {
  const dispatch = useAppDispatch();
  const requests = useAppSelector(selectParticipantsRequests);
  const busy = requests.allocate.status === 'request';
  const stages = useMemo(() => [...study.stage_list].sort((a, b) => a.stage_num - b.stage_num), [study]);
  const firstStageId = stages[0]?._id;
  const candidates = useMemo(
    () => participants.filter((p) => p.participation[0].current_stage._id === firstStageId && p.participation[0].status === 'enrolled'),
    [participants, firstStageId],
  );
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<TargetDraft>(emptyTarget);
  const [problem, setProblem] = useState<string | null>(null);
  // The codes are kept with the answer: the list reloads behind the dialog and may no longer show these rows.
  const [result, setResult] = useState<{ answer: AllocateAnswer; codes: ReadonlyMap<string, string> } | null>(null);

  useEffect(
    () => () => {
      dispatch(participantsRequestReset('allocate'));
      dispatch(participantsRequestReset('allocationList'));
    },
    [dispatch],
  );

  const stage = stages.find((s) => s._id === target.stageId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: AllocateBody = { participantIds: candidates.filter((p) => chosen.has(p._id)).map((p) => p._id), ...bodyOf(stages, target) };
    const found = allocationProblem(body);
    setProblem(found);
    if (found) return;
    const answer = await dispatch(allocateParticipants({ ...body, studyId: study._id }));
    if (allocateParticipants.fulfilled.match(answer)) {
      setResult({ answer: answer.payload, codes: new Map(candidates.map((p) => [p._id, p.participant_code])) });
      onAllocated();
    } else {
      setProblem(answer.payload?.message ?? answer.error.message ?? null);
    }
  };

  if (result) {
    const groupOf = new Map(stage?.participant_group_list.map((g) => [g._id, groupLabel(g)]));
    const downloadFailed = requests.allocationList.status === 'fail';
    return (
      <Modal show onHide={onClose} aria-labelledby="allocate-title">
        <Modal.Header closeButton>
          <Modal.Title id="allocate-title" as="h2" className="h5">
            {allocationTexts.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Alert variant="success" role="status">
            {allocationMessages.allocated(result.answer.allocations.length)}
          </Alert>
          <p>{allocationTexts.seedUsed(result.answer.seed)}</p>
          <ul aria-label="Allocations" className="mb-3">
            {result.answer.allocations.map((a) => (
              <li key={a.participantId}>
                <span className="font-monospace">{result.codes.get(a.participantId)}</span>: {groupOf.get(a.groupId)}
              </li>
            ))}
          </ul>
          {downloadFailed && (
            <Alert variant="danger" role="alert">
              {allocationTexts.downloadFailed}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="outline-primary"
            disabled={requests.allocationList.status === 'request'}
            onClick={() => void dispatch(downloadAllocationList({ studyId: study._id, fallbackTitle: 'allocations.csv' }))}
          >
            {allocationTexts.download}
          </Button>
          <Button onClick={onClose}>{allocationTexts.close}</Button>
        </Modal.Footer>
      </Modal>
    );
  }

  const dirty = chosen.size > 0 || targetDirty(target);
  return (
    <DraftDialog title={allocationTexts.title} titleId="allocate-title" dirty={dirty} onClose={onClose}>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Body>
          {problem && (
            <Alert variant="danger" role="alert">
              {problem}
            </Alert>
          )}
          <p className="text-body-secondary small">{allocationTexts.explanation}</p>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{allocationTexts.participants}</legend>
            {candidates.length === 0 ? (
              <p className="text-body-secondary small mb-0">{allocationTexts.noneListed}</p>
            ) : (
              <ParticipantChecklist idPrefix="allocate-participant" everyoneLabel={allocationTexts.everyone} participants={candidates} chosen={chosen} onChange={setChosen} />
            )}
          </fieldset>
          <AllocationTargetFields idPrefix="allocate" stages={stages} draft={target} onChange={setTarget} />
        </Modal.Body>
        <Modal.Footer>
          <DialogCloseButton>{allocationTexts.cancel}</DialogCloseButton>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? allocationTexts.allocating : allocationTexts.allocate}
          </Button>
        </Modal.Footer>
      </Form>
    </DraftDialog>
  );
}
