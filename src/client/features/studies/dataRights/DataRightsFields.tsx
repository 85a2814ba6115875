// The study's data-rights choice on Edit Study (issue 36 part 3): whether a participant's erasure keeps their
// answers with no link to them (the app says so at consent; the server refuses a change once the study was
// activated or anyone joined) and the retention date, saved on their own with the basic-information permission.
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { toastShown } from '../../../app/notifications/notificationsSlice';
import { dataRightsMessages } from '../../../../shared/messages';
import { dataRightsProblem, type DataRights } from '../../../../shared/dataRights';
import { dataRightsRequestReset, fetchDataRights, saveDataRights, selectDataRightsOf, selectDataRightsSaveRequest } from './dataRightsSlice';

export function DataRightsFields({ studyId, canEdit }: { studyId: string; canEdit: boolean }) {
  const dispatch = useAppDispatch();
  const settings = useAppSelector((state) => selectDataRightsOf(state, studyId));
  const saveRequest = useAppSelector(selectDataRightsSaveRequest);
  useEffect(() => {
    void dispatch(fetchDataRights(studyId));
    return () => {
      dispatch(dataRightsRequestReset('save'));
    };
  }, [dispatch, studyId]);
  const [shown, setShown] = useState(settings);
  const [draft, setDraft] = useState<DataRights | null>(settings);
  const [problem, setProblem] = useState<string | null>(null);
  // What the server answers (loaded or saved) replaces the working copy, during this render.
  if (settings !== shown) {
    setShown(settings);
    setDraft(settings);
  }
  if (!draft) return null;

  const change = (next: Partial<DataRights>) => {
    setDraft({ ...draft, ...next });
    setProblem(null);
    if (saveRequest.status === 'fail') dispatch(dataRightsRequestReset('save'));
  };
  const save = async () => {
    const found = dataRightsProblem(draft);
    setProblem(found);
    if (found) return;
    if (saveDataRights.fulfilled.match(await dispatch(saveDataRights({ studyId, body: draft })))) dispatch(toastShown(dataRightsMessages.saved));
  };
  const message = problem ?? (saveRequest.status === 'fail' ? saveRequest.message : null);

  return (
    <fieldset className="border-top pt-3 mt-3" aria-labelledby="study-data-rights-heading">
      <h3 id="study-data-rights-heading" className="h6">
        {dataRightsMessages.heading}
      </h3>
      <Form.Check
        id="study-data-rights-keep"
        className="mb-2"
        label={dataRightsMessages.keepAnswersLabel}
        checked={draft.keepAnswersOnErasure}
        disabled={!canEdit}
        onChange={(event) => change({ keepAnswersOnErasure: event.target.checked })}
      />
      <Form.Group className="mb-2" controlId="study-data-rights-retention">
        <Form.Label className="small">{dataRightsMessages.retentionUntilLabel}</Form.Label>
        <Form.Control
          type="date"
          size="sm"
          value={draft.retentionUntil ?? ''}
          readOnly={!canEdit}
          onChange={(event) => change({ retentionUntil: event.target.value === '' ? null : event.target.value })}
        />
      </Form.Group>
      {message && (
        <Alert variant="danger" className="py-2">
          {message}
        </Alert>
      )}
      {canEdit && (
        <Button variant="outline-primary" onClick={() => void save()} disabled={saveRequest.status === 'request'}>
          {dataRightsMessages.save}
        </Button>
      )}
    </fieldset>
  );
}
