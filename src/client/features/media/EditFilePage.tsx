// Update Filename (/media/files/edit/{id}, part 1 section 2): change the file's name, with a preview.
import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate, useParams } from 'react-router-dom';
import { fileNameProblem } from '../../../shared/media';
import { mediaMessages } from '../../../shared/messages';
import type { MediaFile } from '../../../shared/types/media';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { TextField } from '../../components/forms/TextField';
import { LinkButton } from '../../components/LinkButton';
import { Loading } from '../../components/Loading';
import { useUnsavedChangesGuard } from '../../components/unsavedChanges/useUnsavedChangesGuard';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { selectReplaying } from '../../app/qa/qaSlice';
import { TYPE_LABELS } from './format';
import { MediaPreview } from './MediaPreview';
import { selectMediaFile, selectMediaRequests, fetchMediaFile, renameMediaFile } from './mediaSlice';
import './media.css';

const NAME_ID = 'media-file-name';

function RenameForm({ file }: { file: MediaFile }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const busy = useAppSelector(selectMediaRequests).rename.status === 'request';
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(name !== file.name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = fileNameProblem(name);
    setError(problem);
    if (problem) {
      document.getElementById(NAME_ID)?.focus();
      return;
    }
    const result = await dispatch(renameMediaFile({ fileId: file._id, name: name.trim() }));
    if (renameMediaFile.fulfilled.match(result)) {
      dispatch(toastShown(mediaMessages.fileRenamed));
      guard.leaveWithoutAsking(() => void navigate(paths.mediaFiles.getHref()));
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <TextField id={NAME_ID} label="Name" value={name} onChange={setName} error={error} autoComplete="off" />
      <div className="d-flex gap-2">
        <Button type="submit" disabled={busy}>
          Save
        </Button>
        <LinkButton to={paths.mediaFiles.getHref()} variant="outline-secondary">
          Go Back
        </LinkButton>
      </div>
    </Form>
  );
}

export default function EditFilePage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectMediaFile);
  const status = useAppSelector(selectMediaRequests).file.status;
  const replaying = useAppSelector(selectReplaying);

  useEffect(() => {
    if (!replaying) void dispatch(fetchMediaFile(id));
  }, [dispatch, id, replaying]);

  const file = current && current._id === id ? current : null;
  if (!file) {
    return status === 'fail' ? (
      <LinkButton to={paths.mediaFiles.getHref()} variant="outline-secondary">
        Go Back
      </LinkButton>
    ) : (
      <Loading />
    );
  }

  return (
    <>
      <h1 className="h3 mb-4">Update Filename</h1>
      <div className="row g-4">
        <div className="col-lg-5">
          <RenameForm key={file._id} file={file} />
        </div>
        <section className="col-lg-7" aria-labelledby="preview-heading">
          <h2 id="preview-heading" className="h6">
            Preview <span className="text-body-secondary fw-normal">({TYPE_LABELS[file.type]})</span>
          </h2>
          <MediaPreview file={file} />
        </section>
      </div>
    </>
  );
}
