// Study List (/studies/{page}, part 1 section 2): the lab's studies with their lifecycle actions, Create Study
// and page numbers. Server messages show as toasts and the list reloads; failures show in the red alert.
import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { FIRST_PAGE } from '../../../shared/limits';
import type { StudySummary } from '../../../shared/types/study';
import { useSiteConfig } from '../../app/site/useSiteConfig';
import { CreateStudyDialog } from './CreateStudyDialog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { pageFromParam, paths } from '../../app/paths';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { selectReplaying } from '../../app/qa/qaSlice';
import { selectStudiesRequests, selectStudyList } from './studiesSlice';
import { activateStudy, createStudy, deactivateStudy, deleteStudy, fetchStudies, fetchStudy } from './studiesThunks';
import type { StudyAction } from './StudyRow';
import { StudyTable } from './StudyTable';
import { useStudyAccess } from './useStudyAccess';

const lifecycle = { activate: activateStudy, deactivate: deactivateStudy, delete: deleteStudy } as const;

export default function StudyListPage() {
  const { page: pageParam } = useParams();
  const page = pageFromParam(pageParam);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const list = useAppSelector(selectStudyList);
  const requests = useAppSelector(selectStudiesRequests);
  const replaying = useAppSelector(selectReplaying);
  const can = useStudyAccess();
  const { timezones } = useSiteConfig();
  const [creating, setCreating] = useState(false);
  const loadStudy = useCallback(
    async (studyId: string) => {
      const result = await dispatch(fetchStudy(studyId));
      return fetchStudy.fulfilled.match(result) ? result.payload : null;
    },
    [dispatch],
  );

  useEffect(() => {
    if (!replaying && page !== null) void dispatch(fetchStudies(page));
  }, [dispatch, page, replaying]);

  if (page === null) return <Navigate to={paths.studies.getHref(FIRST_PAGE)} replace />;
  const shown = list && list.page === page ? list : null;
  if (shown && page > shown.pages) return <Navigate to={paths.studies.getHref(shown.pages)} replace />;

  const busy = requests.activate.status === 'request' || requests.deactivate.status === 'request' || requests.remove.status === 'request';

  const run = async (study: StudySummary, action: StudyAction) => {
    const result = await dispatch(lifecycle[action](study._id));
    if (result.meta.requestStatus === 'fulfilled' && result.payload && 'message' in result.payload) {
      dispatch(toastShown(result.payload.message));
      void dispatch(fetchStudies(page));
    }
  };

  const activate = async (study: StudySummary) => {
    const result = await dispatch(activateStudy(study._id));
    if (activateStudy.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      void dispatch(fetchStudies(page));
      return null;
    }
    // Refused for what the study lacks: the dialog lists it; any other refusal is the red alert's.
    return result.payload?.problems?.length ? result.payload.problems : null;
  };

  const create = async (chin_name: string) => {
    const result = await dispatch(createStudy({ chin_name }));
    if (!createStudy.fulfilled.match(result)) return result.payload?.message ?? result.error.message ?? null;
    setCreating(false);
    void navigate(paths.studyEdit.getHref(result.payload._id));
    return null;
  };

  const createButton = can('createStudy') && (
    <Button onClick={() => setCreating(true)} disabled={requests.create.status === 'request'}>
      Create Study
    </Button>
  );

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="h3 mb-0">Study List</h1>
        {createButton}
      </div>
      <StudyTable
        shown={shown}
        loadFailed={requests.list.status === 'fail'}
        can={{ activate: can('activateStudy'), deactivate: can('deactivateStudy'), delete: can('deleteStudy') }}
        busy={busy}
        deleting={requests.remove.status === 'request'}
        editHrefFor={(study) => paths.studyEdit.getHref(study._id)}
        participantLinks
        pilot={can('editBasicInfo')}
        pageHref={paths.studies.getHref}
        onRun={(study, action) => void run(study, action)}
        onActivate={activate}
        activating={requests.activate.status === 'request'}
        loadStudy={loadStudy}
        timezones={timezones}
      />
      <CreateStudyDialog show={creating} busy={requests.create.status === 'request'} onCancel={() => setCreating(false)} onCreate={create} />
    </>
  );
}
