// The questionnaire list (/qx/qx_list/{pageNumber}): NAME, CODE, CREATED AT, LAST EDITED BY, Edit and Delete;
// paged, with a page beyond the last sent to the last page.
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Navigate, useParams } from 'react-router-dom';
import { FIRST_PAGE, listDate } from '../../../shared/limits';
import type { QuestionnaireSummary } from '../../../shared/questionnaire/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { pageFromParam, paths } from '../../app/paths';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { LinkButton } from '../../components/LinkButton';
import { Loading } from '../../components/Loading';
import { Pagination } from '../../components/Pagination';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { selectReplaying } from '../../app/qa/qaSlice';
import { CreateQuestionnaireModal } from './CreateQuestionnaireModal';
import { RedcapDownloadButton } from './redcap/RedcapDownloadButton';
import { RedcapImportButton, RedcapImportResult } from './redcap/RedcapImport';
import { selectQuestionnaireList, selectQuestionnairesRequests, deleteQuestionnaire, fetchQuestionnaires } from './questionnairesSlice';

export const questionnaireListTexts = {
  empty: 'There are no questionnaires yet. Create the first one.',
} as const;

export default function QuestionnaireListPage() {
  const dispatch = useAppDispatch();
  const params = useParams();
  const page = pageFromParam(params.page);
  const list = useAppSelector(selectQuestionnaireList);
  const requests = useAppSelector(selectQuestionnairesRequests);
  const replaying = useAppSelector(selectReplaying);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<QuestionnaireSummary | null>(null);

  useEffect(() => {
    if (page !== null && !replaying) void dispatch(fetchQuestionnaires(page));
  }, [dispatch, page, replaying]);

  if (page === null) return <Navigate to={paths.questionnaires.getHref(FIRST_PAGE)} replace />;
  // Only the answer for this page decides a redirect (an older page's answer may still be in the store).
  if (list && list.page === page && page > list.pages) return <Navigate to={paths.questionnaires.getHref(list.pages)} replace />;

  const remove = async () => {
    if (!deleting) return;
    const result = await dispatch(deleteQuestionnaire(deleting._id));
    setDeleting(null);
    if (deleteQuestionnaire.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      void dispatch(fetchQuestionnaires(page));
    }
  };

  const shown = list && list.page === page ? list : null;
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="h3 mb-0">Questionnaire List</h1>
        <div className="d-flex flex-wrap gap-2">
          <RedcapImportButton onImported={() => void dispatch(fetchQuestionnaires(page))} />
          <Button variant="primary" onClick={() => setCreating(true)}>
            Create Questionnaire
          </Button>
        </div>
      </div>
      <RedcapImportResult />
      {!shown ? (
        requests.list.status !== 'fail' && <Loading />
      ) : shown.qx_list.length === 0 ? (
        <EmptyState message={questionnaireListTexts.empty}>
          <Button variant="outline-primary" onClick={() => setCreating(true)}>
            Create Questionnaire
          </Button>
        </EmptyState>
      ) : (
        <>
          <Table responsive hover className="align-middle">
            <thead>
              <tr>
                <th scope="col">NAME</th>
                <th scope="col">CODE</th>
                <th scope="col">CREATED AT</th>
                <th scope="col">LAST EDITED BY</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.qx_list.map((q) => (
                <tr key={q._id}>
                  <td>{q.chin_name}</td>
                  <td>{q.abbrev}</td>
                  <td>{listDate(q.createdAt)}</td>
                  <td>{q.user?.email ?? ''}</td>
                  <td className="text-end text-nowrap">
                    <RedcapDownloadButton questionnaire={q} />
                    <LinkButton to={paths.questionnaireEditor.getHref(q._id)} size="sm" variant="outline-primary" className="me-2">
                      Edit<span className="visually-hidden"> {q.chin_name}</span>
                    </LinkButton>
                    <Button size="sm" variant="outline-danger" onClick={() => setDeleting(q)}>
                      Delete<span className="visually-hidden"> {q.chin_name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pagination page={shown.page} pages={shown.pages} hrefFor={paths.questionnaires.getHref} label="Questionnaire pages" />
        </>
      )}
      <CreateQuestionnaireModal show={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        show={deleting !== null}
        details={deleting ? `${deleting.chin_name} (${deleting.abbrev}) and its multiple choices sets will be deleted.` : undefined}
        busy={requests.delete.status === 'request'}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
