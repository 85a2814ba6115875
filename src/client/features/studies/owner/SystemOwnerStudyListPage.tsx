// The system owner's Study List (/systemowner/studies/{page}, part 2 section 2.1): choose a lab and one of its
// users; that user's studies then show with their lifecycle actions, Create Study and page numbers.
import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { FIRST_PAGE } from '../../../../shared/limits';
import type { StudySummary } from '../../../../shared/types/study';
import { useSiteConfig } from '../../../app/site/useSiteConfig';
import { CreateStudyDialog } from '../CreateStudyDialog';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { pageFromParam, paths } from '../../../app/paths';
import { selectLab, selectLabs, fetchLab, fetchLabs } from '../../labs';
import { toastShown } from '../../../app/notifications/notificationsSlice';
import { selectReplaying } from '../../../app/qa/qaSlice';
import type { StudyAction, StudyPermissions } from '../StudyRow';
import { StudyTable } from '../StudyTable';
import {
  ownerLabChosen,
  ownerManagingUserChosen,
  selectOwnerChoice,
  selectOwnerStudiesRequests,
  selectOwnerStudyList,
} from './ownerStudiesSlice';
import { activateOwnerStudy, createOwnerStudy, deactivateOwnerStudy, deleteOwnerStudy, fetchOwnerStudies, fetchOwnerStudy } from './ownerStudiesThunks';

const lifecycle = { activate: activateOwnerStudy, deactivate: deactivateOwnerStudy, delete: deleteOwnerStudy } as const;
// The owner holds every permission entry.
const every: StudyPermissions = { activate: true, deactivate: true, delete: true };

export default function SystemOwnerStudyListPage() {
  const { page: pageParam } = useParams();
  const page = pageFromParam(pageParam);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const labs = useAppSelector(selectLabs);
  const labWithUsers = useAppSelector(selectLab);
  const { labId, managedByUserId } = useAppSelector(selectOwnerChoice);
  const list = useAppSelector(selectOwnerStudyList);
  const requests = useAppSelector(selectOwnerStudiesRequests);
  const replaying = useAppSelector(selectReplaying);
  const { timezones } = useSiteConfig();
  const [creating, setCreating] = useState(false);
  const loadStudy = useCallback(
    async (studyId: string) => {
      const result = await dispatch(fetchOwnerStudy(studyId));
      return fetchOwnerStudy.fulfilled.match(result) ? result.payload : null;
    },
    [dispatch],
  );

  useEffect(() => {
    if (!replaying) void dispatch(fetchLabs());
  }, [dispatch, replaying]);
  useEffect(() => {
    if (!replaying && labId) void dispatch(fetchLab(labId));
  }, [dispatch, labId, replaying]);
  useEffect(() => {
    if (!replaying && labId && managedByUserId && page !== null) {
      void dispatch(fetchOwnerStudies({ pageNumber: page, labId, managedByUserId }));
    }
  }, [dispatch, labId, managedByUserId, page, replaying]);

  if (page === null) return <Navigate to={paths.systemOwnerStudies.getHref(FIRST_PAGE)} replace />;
  const shown = managedByUserId && list && list.page === page && list.managedByUserId === managedByUserId ? list : null;
  if (shown && page > shown.pages) return <Navigate to={paths.systemOwnerStudies.getHref(shown.pages)} replace />;

  const users = labWithUsers && labWithUsers.lab._id === labId ? labWithUsers.users : [];
  const busy = requests.activate.status === 'request' || requests.deactivate.status === 'request' || requests.remove.status === 'request';

  // A new choice starts the list again at its first page.
  const toFirstPage = () => {
    if (page !== FIRST_PAGE) void navigate(paths.systemOwnerStudies.getHref(FIRST_PAGE));
  };

  const reload = () => {
    if (labId && managedByUserId) void dispatch(fetchOwnerStudies({ pageNumber: page, labId, managedByUserId }));
  };

  const run = async (study: StudySummary, action: StudyAction) => {
    const result = await dispatch(lifecycle[action](study._id));
    if (result.meta.requestStatus === 'fulfilled' && result.payload && 'message' in result.payload) {
      dispatch(toastShown(result.payload.message));
      reload();
    }
  };

  const activate = async (study: StudySummary) => {
    const result = await dispatch(activateOwnerStudy(study._id));
    if (activateOwnerStudy.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      reload();
      return null;
    }
    // Refused for what the study lacks: the dialog lists it; any other refusal is the red alert's.
    return result.payload?.problems?.length ? result.payload.problems : null;
  };

  const create = async (chin_name: string) => {
    if (!managedByUserId) return null;
    const result = await dispatch(createOwnerStudy({ userId: managedByUserId, chin_name }));
    if (!createOwnerStudy.fulfilled.match(result)) return result.payload?.message ?? result.error.message ?? null;
    setCreating(false);
    void navigate(paths.systemOwnerStudyEdit.getHref(result.payload._id, managedByUserId));
    return null;
  };

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="h3 mb-0">Study List</h1>
        {managedByUserId && (
          <Button onClick={() => setCreating(true)} disabled={requests.create.status === 'request'}>
            Create Study
          </Button>
        )}
      </div>
      <Row className="g-3 mb-4">
        <Col md={6}>
          <Form.Group controlId="owner-study-lab">
            <Form.Label>Lab</Form.Label>
            <Form.Select
              value={labId ?? ''}
              onChange={(event) => {
                dispatch(ownerLabChosen(event.target.value || null));
                toFirstPage();
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
                dispatch(ownerManagingUserChosen(event.target.value || null));
                toFirstPage();
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
      {managedByUserId && (
        <StudyTable
          shown={shown}
          loadFailed={requests.list.status === 'fail'}
          can={every}
          busy={busy}
          deleting={requests.remove.status === 'request'}
          editHrefFor={(study) => paths.systemOwnerStudyEdit.getHref(study._id, managedByUserId)}
          participantLinks={false}
          pageHref={paths.systemOwnerStudies.getHref}
          onRun={(study, action) => void run(study, action)}
          onActivate={activate}
          activating={requests.activate.status === 'request'}
          loadStudy={loadStudy}
          timezones={timezones}
        />
      )}
      <CreateStudyDialog show={creating} busy={requests.create.status === 'request'} onCancel={() => setCreating(false)} onCreate={create} />
    </>
  );
}
