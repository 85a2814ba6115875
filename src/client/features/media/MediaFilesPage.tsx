// Media Files (/media/files and /media/files/{pageNumber}, part 1 section 2): the lab's uploaded files with
// Edit and Delete, a Create File button, page numbers and the lab's storage use.
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Navigate, useParams } from 'react-router-dom';
import { FIRST_PAGE, listDate } from '../../../shared/limits';
import { mediaMessages } from '../../../shared/messages';
import type { MediaFile } from '../../../shared/types/media';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { pageFromParam, paths } from '../../app/paths';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { LinkButton } from '../../components/LinkButton';
import { Loading } from '../../components/Loading';
import { Pagination } from '../../components/Pagination';
import { selectLabUser } from '../auth';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { selectReplaying } from '../../app/qa/qaSlice';
import { TYPE_LABELS } from './format';
import { selectMediaLabInfo, selectMediaList, selectMediaRequests, deleteMediaFile, fetchMediaFiles, fetchMediaLabInfo } from './mediaSlice';
import { StorageBar } from './StorageBar';
import { mediaNames } from './names';

function FilesTable({ files, onDelete }: { files: MediaFile[]; onDelete: (file: MediaFile) => void }) {
  return (
    <Table responsive hover className="align-middle">
      <thead>
        <tr>
          <th scope="col">NAME</th>
          <th scope="col">TYPE</th>
          <th scope="col">CREATED AT</th>
          <th scope="col">EDIT</th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => (
          <tr key={file._id}>
            <td className="text-break">{file.name}</td>
            <td>{TYPE_LABELS[file.type]}</td>
            <td>{listDate(file.createdAt)}</td>
            <td>
              <div className="d-flex flex-wrap gap-2">
                <LinkButton to={paths.mediaEditFile.getHref(file._id)} size="sm" variant="outline-primary">
                  Edit<span className="visually-hidden"> {file.name}</span>
                </LinkButton>
                <Button size="sm" variant="outline-danger" onClick={() => onDelete(file)}>
                  Delete<span className="visually-hidden"> {file.name}</span>
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export default function MediaFilesPage() {
  const { pageNumber } = useParams();
  const page = pageFromParam(pageNumber);
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectMediaList);
  const info = useAppSelector(selectMediaLabInfo);
  const requests = useAppSelector(selectMediaRequests);
  const session = useAppSelector(selectLabUser);
  const replaying = useAppSelector(selectReplaying);
  const [toDelete, setToDelete] = useState<MediaFile | null>(null);
  const labId = session?.lab ?? '';

  useEffect(() => {
    if (replaying || page === null) return;
    void dispatch(fetchMediaFiles(page));
  }, [dispatch, page, replaying]);

  useEffect(() => {
    if (!replaying && labId) void dispatch(fetchMediaLabInfo(labId));
  }, [dispatch, labId, replaying]);

  if (page === null) return <Navigate to={paths.mediaFilesPage.getHref(FIRST_PAGE)} replace />;

  const shown = list && list.page === page ? list : null;
  if (shown && page > shown.pages) return <Navigate to={paths.mediaFilesPage.getHref(shown.pages)} replace />;

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await dispatch(deleteMediaFile(toDelete._id));
    setToDelete(null);
    if (deleteMediaFile.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      void dispatch(fetchMediaFiles(page));
      if (labId) void dispatch(fetchMediaLabInfo(labId));
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="h3 mb-0">{mediaNames.page}</h1>
        <LinkButton to={paths.mediaCreateFile.getHref()}>Create File</LinkButton>
      </div>
      {info && info._id === labId && <StorageBar info={info} />}
      {!shown ? (
        requests.list.status !== 'fail' && <Loading />
      ) : shown.files.length === 0 ? (
        <EmptyState message={mediaMessages.noFiles}>
          <LinkButton to={paths.mediaCreateFile.getHref()} variant="outline-primary">
            Create File
          </LinkButton>
        </EmptyState>
      ) : (
        <>
          <FilesTable files={shown.files} onDelete={setToDelete} />
          <Pagination page={shown.page} pages={shown.pages} hrefFor={paths.mediaFilesPage.getHref} label="Media file pages" />
        </>
      )}
      <ConfirmDialog
        show={toDelete !== null}
        details={toDelete ? `Delete the file “${toDelete.name}”? This cannot be undone.` : undefined}
        busy={requests.remove.status === 'request'}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
