// Create File (/media/createfile, part 1 section 2): a name and a file. The file is checked here first (type
// and size, part 1 section 5), then sent through the upload flow with a progress bar while its bytes travel.
import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useNavigate } from 'react-router-dom';
import { ACCEPT_ATTRIBUTE } from '../../../shared/media';
import { mediaMessages } from '../../../shared/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { TextField } from '../../components/forms/TextField';
import { LinkButton } from '../../components/LinkButton';
import { useUnsavedChangesGuard } from '../../components/unsavedChanges/useUnsavedChangesGuard';
import { selectLabUser } from '../auth';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { mediaRequestReset, selectMediaRequests, selectUploadPercent, uploadFile } from './mediaSlice';
import { fileProblem, uploadProblems, type UploadProblems } from './uploadRules';

const FIELD_IDS = { name: 'media-file-name', file: 'media-file-input' } as const;
const LIMITS_HELP = 'JPG, JPEG or PNG images up to 2MB, MP3 audio up to 20MB, MP4 video up to 30MB.';

export default function CreateFilePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useAppSelector(selectLabUser);
  const status = useAppSelector(selectMediaRequests).upload.status;
  const percent = useAppSelector(selectUploadPercent);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<UploadProblems>({});
  const busy = status === 'request';
  const guard = useUnsavedChangesGuard(name !== '' || file !== null);

  // A finished or failed upload of an earlier visit does not describe this form.
  useEffect(() => {
    dispatch(mediaRequestReset('upload'));
  }, [dispatch]);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    const problem = chosen ? fileProblem(chosen) : null;
    setErrors((current) => ({ name: current.name, ...(problem ? { file: problem } : {}) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = uploadProblems(name, file);
    setErrors(problems);
    const first = (Object.keys(problems) as (keyof UploadProblems)[])[0];
    if (first || !file) {
      if (first) document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    const result = await dispatch(uploadFile({ name, file, lab: session?.lab ?? '' }));
    if (uploadFile.fulfilled.match(result)) {
      dispatch(toastShown(mediaMessages.fileCreated));
      guard.leaveWithoutAsking(() => void navigate(paths.mediaFiles.getHref()));
    }
  };

  return (
    <>
      <h1 className="h3 mb-4">Create File</h1>
      <Form noValidate onSubmit={(event) => void submit(event)} className="col-lg-8" aria-busy={busy}>
        <fieldset disabled={busy}>
          <TextField
            id={FIELD_IDS.name}
            label="Name"
            value={name}
            onChange={(value) => {
              setName(value);
              if (errors.name && value.trim()) setErrors((current) => ({ file: current.file }));
            }}
            error={errors.name}
            autoComplete="off"
          />
          <Form.Group className="mb-3" controlId={FIELD_IDS.file}>
            <Form.Label>File</Form.Label>
            <Form.Control
              type="file"
              accept={ACCEPT_ATTRIBUTE}
              onChange={(event) => chooseFile((event.target as HTMLInputElement).files?.[0] ?? null)}
              isInvalid={Boolean(errors.file)}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={`${FIELD_IDS.file}-help${errors.file ? ` ${FIELD_IDS.file}-error` : ''}`}
            />
            <Form.Text id={`${FIELD_IDS.file}-help`} muted>
              {LIMITS_HELP}
            </Form.Text>
            {errors.file && (
              <Form.Control.Feedback type="invalid" id={`${FIELD_IDS.file}-error`}>
                {errors.file}
              </Form.Control.Feedback>
            )}
          </Form.Group>
        </fieldset>
        {busy && (
          <div className="mb-3">
            <ProgressBar>
              <ProgressBar
                now={percent ?? 0}
                animated={percent === null}
                striped={percent === null}
                label={percent === null ? undefined : `${percent}%`}
                aria-label="Upload progress"
              />
            </ProgressBar>
            <p className="small text-body-secondary mt-1 mb-0" role="status">
              {percent === null ? 'Preparing the upload…' : `Uploading… ${percent}%`}
            </p>
          </div>
        )}
        <div className="d-flex gap-2">
          <Button type="submit" disabled={busy}>
            Upload
          </Button>
          <LinkButton to={paths.mediaFiles.getHref()} variant="outline-secondary">
            Cancel
          </LinkButton>
        </div>
      </Form>
    </>
  );
}
