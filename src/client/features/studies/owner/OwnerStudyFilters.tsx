// The system owner's filters of the Study List (/systemowner/studies/{page}, part 2 section 2.1): choose a lab
// and one of its users, whose studies the list then shows.
import { useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectLab, selectLabs, fetchLab, fetchLabs } from '../../labs';
import { selectReplaying } from '../../../app/qa/qaSlice';
import { studiesOf } from '../studiesSlice';

const { labChosen, managingUserChosen, selectChoice } = studiesOf.systemOwner;

/** `onChosen` runs after each new choice (the page starts the list again at its first page). */
export function OwnerStudyFilters({ onChosen }: { onChosen: () => void }) {
  const dispatch = useAppDispatch();
  const labs = useAppSelector(selectLabs);
  const labWithUsers = useAppSelector(selectLab);
  const { labId, managedByUserId } = useAppSelector(selectChoice);
  const replaying = useAppSelector(selectReplaying);

  useEffect(() => {
    if (!replaying) void dispatch(fetchLabs());
  }, [dispatch, replaying]);
  useEffect(() => {
    if (!replaying && labId) void dispatch(fetchLab(labId));
  }, [dispatch, labId, replaying]);

  const users = labWithUsers && labWithUsers.lab._id === labId ? labWithUsers.users : [];

  return (
    <Row className="g-3 mb-4">
      <Col md={6}>
        <Form.Group controlId="owner-study-lab">
          <Form.Label>Lab</Form.Label>
          <Form.Select
            value={labId ?? ''}
            onChange={(event) => {
              dispatch(labChosen(event.target.value || null));
              onChosen();
            }}
          >
            <option value="">Choose a lab</option>
            {labs.map((lab) => (
              <option key={lab._id} value={lab._id}>
                {`${lab.name} (${lab.organizationName})`}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      <Col md={6}>
        <Form.Group controlId="owner-study-managed-by">
          <Form.Label>Managed By</Form.Label>
          <Form.Select
            value={managedByUserId ?? ''}
            disabled={!labId}
            onChange={(event) => {
              dispatch(managingUserChosen(event.target.value || null));
              onChosen();
            }}
          >
            <option value="">Choose a user</option>
            {users.map((user) => (
              <option key={user._id} value={user._id}>
                {user.email}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
    </Row>
  );
}
