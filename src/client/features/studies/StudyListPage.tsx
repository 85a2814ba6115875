// Study List (/studies/{page}, part 1 section 2): the lab's studies with their lifecycle actions, Create Study
// and page numbers. Server messages show as toasts and the list reloads; failures show in the red alert.
// The system owner's (/systemowner/studies/{page}, part 2 section 2.1) is the same page with filters first:
// choose a lab and one of its users; that user's studies then show, and the owner holds every permission entry.
import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { isFulfilled } from '@reduxjs/toolkit';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { FIRST_PAGE } from '../../../shared/limits';
import type { StudySummary } from '../../../shared/types/study';
import { useSiteConfig } from '../../app/site/useSiteConfig';
import { CreateStudyDialog } from './CreateStudyDialog';
import { ImportDesignDialog } from './studyFile/ImportDesignDialog';
import { studyFileMessages } from '../../../shared/messages/studyFile';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { pageFromParam, paths } from '../../app/paths';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { selectReplaying } from '../../app/qa/qaSlice';
import { OwnerStudyFilters } from './owner/OwnerStudyFilters';
import type { StudyScope } from './studiesApi';
import { studiesOf } from './studiesSlice';
import type { StudyAction } from './StudyRow';
import { StudyTable } from './StudyTable';
import { useStudyAccess } from './useStudyAccess';

const created = isFulfilled(studiesOf.labUser.createStudy, studiesOf.systemOwner.createStudy);
const holdsEveryEntry = () => true;

export default function StudyListPage({ scope = 'labUser' }: { scope?: StudyScope }) {
  const owner = scope === 'systemOwner';
  const scoped = studiesOf[scope];
  const { page: pageParam } = useParams();
  const page = pageFromParam(pageParam);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const list = useAppSelector(scoped.selectStudyList);
  const requests = useAppSelector(scoped.selectStudiesRequests);
  const { labId, managedByUserId } = useAppSelector(scoped.selectChoice);
  const replaying = useAppSelector(selectReplaying);
  const labUserCan = useStudyAccess();
  const can = owner ? holdsEveryEntry : labUserCan;
  const { timezones } = useSiteConfig();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const loadStudy = useCallback(
    async (studyId: string) => {
      const { fetchStudy } = studiesOf[scope];
      const result = await dispatch(fetchStudy(studyId));
      return fetchStudy.fulfilled.match(result) ? result.payload : null;
    },
    [dispatch, scope],
  );
  // The lab user's list is their lab's; the owner's is the chosen managing user's, once one is chosen.
  const fetchList = useCallback(
    (pageNumber: number) => {
      if (!owner) void dispatch(studiesOf.labUser.fetchStudies(pageNumber));
      else if (labId && managedByUserId) void dispatch(studiesOf.systemOwner.fetchStudies({ pageNumber, labId, managedByUserId }));
    },
    [dispatch, owner, labId, managedByUserId],
  );

  useEffect(() => {
    if (!replaying && page !== null) fetchList(page);
  }, [fetchList, page, replaying]);

  const listHref = owner ? paths.systemOwnerStudies.getHref : paths.studies.getHref;
  const editHref = (studyId: string) =>
    owner ? paths.systemOwnerStudyEdit.getHref(studyId, managedByUserId ?? '') : paths.studyEdit.getHref(studyId);

  // A new choice of the owner's filters starts the list again at its first page.
  const toFirstPage = () => {
    if (page !== FIRST_PAGE) void navigate(listHref(FIRST_PAGE));
  };

  if (page === null) return <Navigate to={listHref(FIRST_PAGE)} replace />;
  const forChoice = !owner || (managedByUserId !== null && list?.managedByUserId === managedByUserId);
  const shown = list && list.page === page && forChoice ? list : null;
  if (shown && page > shown.pages) return <Navigate to={listHref(shown.pages)} replace />;

  const busy = requests.activate.status === 'request' || requests.deactivate.status === 'request' || requests.remove.status === 'request';
  const lifecycle = { activate: scoped.activateStudy, deactivate: scoped.deactivateStudy, delete: scoped.deleteStudy } as const;

  const run = async (study: StudySummary, action: StudyAction) => {
    const result = await dispatch(lifecycle[action](study._id));
    if (result.meta.requestStatus === 'fulfilled' && result.payload && 'message' in result.payload) {
      dispatch(toastShown(result.payload.message));
      fetchList(page);
    }
  };

  const activate = async (study: StudySummary) => {
    const result = await dispatch(scoped.activateStudy(study._id));
    if (scoped.activateStudy.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      fetchList(page);
      return null;
    }
    // Refused for what the study lacks: the dialog lists it; any other refusal is the red alert's.
    return result.payload?.problems?.length ? result.payload.problems : null;
  };

  const create = async (chin_name: string) => {
    if (owner && !managedByUserId) return null;
    const result = owner && managedByUserId
      ? await dispatch(studiesOf.systemOwner.createStudy({ userId: managedByUserId, chin_name }))
      : await dispatch(studiesOf.labUser.createStudy({ chin_name }));
    if (!created(result)) return result.payload?.message ?? result.error.message ?? null;
    setCreating(false);
    void navigate(editHref(result.payload._id));
    return null;
  };

  // The owner creates a study for the chosen managing user.
  const createButton = (owner ? managedByUserId : can('createStudy')) && (
    <Button onClick={() => setCreating(true)} disabled={requests.create.status === 'request'}>
      Create Study
    </Button>
  );

  // A study file is imported into the lab user's own lab (issue 35); the owner has no such call.
  const importButton = !owner && can('createStudy') && (
    <Button variant="outline-primary" onClick={() => setImporting(true)}>
      {studyFileMessages.importDesign}
    </Button>
  );

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="h3 mb-0">Study List</h1>
        <div className="d-flex flex-wrap gap-2">
          {importButton}
          {createButton}
        </div>
      </div>
      {owner && <OwnerStudyFilters onChosen={toFirstPage} />}
      {(!owner || managedByUserId) && (
        <StudyTable
          shown={shown}
          loadFailed={requests.list.status === 'fail'}
          can={{ activate: can('activateStudy'), deactivate: can('deactivateStudy'), delete: can('deleteStudy') }}
          busy={busy}
          deleting={requests.remove.status === 'request'}
          editHrefFor={(study) => editHref(study._id)}
          participantLinks={!owner}
          pilot={owner ? undefined : can('editBasicInfo')}
          pageHref={listHref}
          onRun={(study, action) => void run(study, action)}
          onActivate={activate}
          activating={requests.activate.status === 'request'}
          loadStudy={loadStudy}
          timezones={timezones}
        />
      )}
      {importing && <ImportDesignDialog onClose={() => setImporting(false)} onImported={() => fetchList(page)} editHref={editHref} />}
      <CreateStudyDialog show={creating} busy={requests.create.status === 'request'} onCancel={() => setCreating(false)} onCreate={create} />
    </>
  );
}
