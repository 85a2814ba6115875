// 'Pilot this study' (issue 20): asks which stage and group to pilot (the first of each unless chosen), makes the
// pilot participant and opens the pilot page. Offered to users with the study editor's permission (editBasicInfo),
// which the server enforces; also for inactive studies.
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router-dom';
import { pilotTexts } from '../../../../shared/pilotTexts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { Loading } from '../../../components/Loading';
import { groupLabel, stageLabel } from '../../../components/stageGroup/labels';
import { keepPilotSession } from './pilotSessions';
import { pilotRequestReset, selectPilotRequests, selectPilotStudy, createPilot, fetchPilotStudy } from './pilotSlice';


export function PilotStudyDialog({ studyId, onClose }: { studyId: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loaded = useAppSelector(selectPilotStudy);
  const requests = useAppSelector(selectPilotRequests);
  const study = loaded?._id === studyId ? loaded : null;
  const stages = study ? [...study.stage_list].sort((a, b) => a.stage_num - b.stage_num) : [];
  const [stageId, setStageId] = useState('');
  const [groupId, setGroupId] = useState('');
  const stage = stages.find((s) => s._id === stageId) ?? stages[0];
  const groups = stage ? [...stage.participant_group_list].sort((a, b) => a.group_num - b.group_num) : [];
  const group = groups.find((g) => g._id === groupId) ?? groups[0];

  useEffect(() => {
    dispatch(pilotRequestReset('create'));
    void dispatch(fetchPilotStudy(studyId));
  }, [dispatch, studyId]);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const done = await dispatch(createPilot({ studyId, body: { stageId: stage?._id, groupId: group?._id } }));
    if (!createPilot.fulfilled.match(done)) return;
    keepPilotSession(done.payload.pilot._id, done.payload.session);
    navigate(paths.pilot.getHref(studyId, done.payload.pilot._id));
  };
  const failure = requests.study.status === 'fail' ? requests.study.message : requests.create.status === 'fail' ? requests.create.message : null;
  const busy = requests.create.status === 'request';

  return (
    <Modal show onHide={onClose} centered aria-labelledby="pilot-dialog-title">
      <Form onSubmit={(event) => void start(event)}>
        <Modal.Header closeButton>
          <Modal.Title id="pilot-dialog-title">{pilotTexts.dialogTitle}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{pilotTexts.dialogIntro}</p>
          {failure && (
            <Alert variant="danger" role="alert">
              {failure}
            </Alert>
          )}
          {!study && requests.study.status !== 'fail' && <Loading />}
          {study && (
            <>
              <Form.Group className="mb-3" controlId="pilot-stage">
                <Form.Label>{pilotTexts.stageLabel}</Form.Label>
                <Form.Select
                  value={stage?._id ?? ''}
                  onChange={(event) => {
                    setStageId(event.target.value);
                    setGroupId('');
                  }}
                >
                  {stages.map((s) => (
                    <option key={s._id} value={s._id}>
                      {stageLabel(s)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group controlId="pilot-group">
                <Form.Label>{pilotTexts.groupLabel}</Form.Label>
                <Form.Select value={group?._id ?? ''} onChange={(event) => setGroupId(event.target.value)}>
                  {groups.map((g) => (
                    <option key={g._id} value={g._id}>
                      {groupLabel(g)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {pilotTexts.cancel}
          </Button>
          <Button type="submit" variant="primary" disabled={!study || !group || busy}>
            {pilotTexts.start}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
