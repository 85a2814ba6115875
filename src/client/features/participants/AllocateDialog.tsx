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
import { groupLabel, stageLabel } from '../../components/stageGroup/labels';
import { DialogCloseButton } from '../../components/unsavedChanges/GuardedModal';
import { DraftDialog } from './DraftDialog';
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

const DEFAULT_BLOCK_SIZE = '4';

/** The typed number, or NaN when the field holds no whole number, for the shared rule to judge. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

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
  const [stageId, setStageId] = useState<string | null>(null);
  const [groupIds, setGroupIds] = useState<readonly string[]>([]);
  const [ratios, setRatios] = useState<Readonly<Record<string, string>>>({});
  const [blockSize, setBlockSize] = useState(DEFAULT_BLOCK_SIZE);
  const [seed, setSeed] = useState('');
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

  const stage = stages.find((s) => s._id === stageId);
  const toggleGroup = (id: string) => setGroupIds((current) => (current.includes(id) ? current.filter((g) => g !== id) : [...current, id]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The groups in the stage's order, whatever order they were ticked in.
    const orderedGroups = (stage?.participant_group_list ?? []).map((g) => g._id).filter((g) => groupIds.includes(g));
    const body: AllocateBody = {
      participantIds: candidates.filter((p) => chosen.has(p._id)).map((p) => p._id),
      stageId: stageId ?? '',
      groupIds: orderedGroups,
      ratios: orderedGroups.map((g) => numberOf(ratios[g] ?? '1')),
      blockSize: numberOf(blockSize),
      seed: seed.trim() === '' ? undefined : Number(seed),
    };
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

  const dirty = chosen.size > 0 || stageId !== null || groupIds.length > 0 || blockSize !== DEFAULT_BLOCK_SIZE || seed !== '';
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
          <Form.Group className="mb-3" controlId="allocate-stage">
            <Form.Label>{allocationTexts.stage}</Form.Label>
            <Form.Select
              value={stageId ?? ''}
              onChange={(e) => {
                setStageId(e.target.value || null);
                setGroupIds([]);
              }}
            >
              <option value="">{allocationTexts.chooseStage}</option>
              {stages.slice(1).map((s) => (
                <option key={s._id} value={s._id}>
                  {stageLabel(s)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {stage && (
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{allocationTexts.groups}</legend>
              {stage.participant_group_list.map((g) => (
                <div key={g._id} className="d-flex align-items-center gap-3 mb-1">
                  <Form.Check id={`allocate-group-${g._id}`} type="checkbox" label={groupLabel(g)} checked={groupIds.includes(g._id)} onChange={() => toggleGroup(g._id)} />
                  {groupIds.includes(g._id) && (
                    <Form.Control
                      type="number"
                      min={1}
                      step={1}
                      size="sm"
                      style={{ width: '5rem' }}
                      aria-label={allocationTexts.ratioOf(groupLabel(g))}
                      value={ratios[g._id] ?? '1'}
                      onChange={(e) => setRatios({ ...ratios, [g._id]: e.target.value })}
                    />
                  )}
                </div>
              ))}
            </fieldset>
          )}
          <div className="d-flex flex-wrap gap-3">
            <Form.Group controlId="allocate-block-size">
              <Form.Label>{allocationTexts.blockSize}</Form.Label>
              <Form.Control type="number" min={2} step={1} style={{ width: '8rem' }} value={blockSize} onChange={(e) => setBlockSize(e.target.value)} />
            </Form.Group>
            <Form.Group controlId="allocate-seed">
              <Form.Label>{allocationTexts.seed}</Form.Label>
              <Form.Control type="number" min={0} step={1} style={{ width: '12rem' }} value={seed} onChange={(e) => setSeed(e.target.value)} aria-describedby="allocate-seed-help" />
            </Form.Group>
          </div>
          <Form.Text id="allocate-seed-help">{allocationTexts.seedHelp}</Form.Text>
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
