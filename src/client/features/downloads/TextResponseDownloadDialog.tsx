// Download Text Response (part 2 section 2.5): a stage, its group or all groups, and the participants to leave
// out; the zip then arrives with its progress shown, is saved under the server's name, and can be cancelled.
// Closing the dialog cancels a download still running.
import { useEffect, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { dataDownloadTitle } from '../../../shared/dataDownloads';
import { dataDownloadTexts } from '../../../shared/dataDownloadTexts';
import type { Study } from '../../../shared/types/study';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Loading } from '../../components/Loading';
import { DialogCloseButton, GuardedModal, UnsavedWork } from '../../components/unsavedChanges/GuardedModal';
import { GroupOptions, StageOptions } from '../../components/stageGroup/StageGroupOptions';
import { BusyButton } from './BusyButton';
import { downloadScope } from './downloadScope';
import { DownloadStatus } from './DownloadStatus';
import { selectDownloadCandidates, selectDownloadsRequests, downloadTextResponses, fetchDownloadCandidates } from './downloadsSlice';
import { ExclusionChecklist } from './ExclusionChecklist';
import { useDownload } from './useDownload';

interface TextResponseDownloadDialogProps {
  study: Study;
  /** The stage and group chosen on the page, where the dialog starts. */
  stageId: string;
  groupId: string | null;
  /** 'Include pilot data' is ticked (issue 20). */
  includePilot?: boolean;
  onClose: () => void;
}

const TITLE_ID = 'text-download-title';

export function TextResponseDownloadDialog({ study, stageId: chosenStage, groupId: chosenGroup, includePilot = false, onClose }: TextResponseDownloadDialogProps) {
  const dispatch = useAppDispatch();
  const download = useDownload('textResponses');
  const [stageId, setStageId] = useState(chosenStage);
  const [groupId, setGroupId] = useState<string | null>(chosenGroup);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const loaded = useAppSelector(selectDownloadCandidates);
  const candidatesRequest = useAppSelector(selectDownloadsRequests).candidates;
  const studyId = study._id;
  const stage = study.stage_list.find((s) => s._id === stageId);

  useEffect(() => {
    void dispatch(fetchDownloadCandidates({ studyId, stageId, groupId }));
  }, [dispatch, studyId, stageId, groupId]);

  const query = loaded?.query;
  const candidates = query && query.studyId === studyId && query.stageId === stageId && query.groupId === groupId ? loaded.participants : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (download.busy) return;
    // Only those of the chosen stage and group: a choice made under another group does not travel unseen.
    const excludedParticipantsIds = candidates ? candidates.filter((p) => excluded.has(p._id)).map((p) => p._id) : [...excluded];
    const request = { studyId, stageId, ...(groupId ? { groupId } : {}), excludedParticipantsIds, ...(includePilot ? { includePilot } : {}) };
    const fallbackTitle = dataDownloadTitle('textResponses', downloadScope(study, studyId, stageId, groupId ?? undefined));
    download.started(dispatch(downloadTextResponses({ request, fallbackTitle })));
  };

  return (
    <GuardedModal show onHide={onClose} aria-labelledby={TITLE_ID}>
      <UnsavedWork dirty={excluded.size > 0} />
      <Modal.Header closeButton>
        <Modal.Title id={TITLE_ID} as="h2" className="h5">
          {dataDownloadTexts.textResponseTitle}
        </Modal.Title>
      </Modal.Header>
      <Form noValidate onSubmit={submit}>
        <Modal.Body>
          <fieldset disabled={download.busy}>
            <Form.Group className="mb-3" controlId="text-download-stage">
              <Form.Label>Stage</Form.Label>
              <Form.Select
                value={stageId}
                onChange={(event) => {
                  setStageId(event.target.value);
                  setGroupId(null);
                }}
              >
                <StageOptions study={study} />
              </Form.Select>
            </Form.Group>
            <Form.Group className="mb-3" controlId="text-download-group">
              <Form.Label>Group</Form.Label>
              <Form.Select value={groupId ?? ''} onChange={(event) => setGroupId(event.target.value || null)}>
                <option value="">{dataDownloadTexts.allGroups}</option>
                <GroupOptions stage={stage} />
              </Form.Select>
            </Form.Group>
            <fieldset>
              <legend className="fs-6 fw-semibold">{dataDownloadTexts.excludeLegend}</legend>
              {candidates ? (
                <ExclusionChecklist participants={candidates} excluded={excluded} onChange={setExcluded} />
              ) : candidatesRequest.status === 'fail' ? (
                <Alert variant="danger" role="alert" className="mb-0">
                  {candidatesRequest.message}
                </Alert>
              ) : (
                <Loading />
              )}
            </fieldset>
          </fieldset>
          <div className="mt-3">
            <DownloadStatus request={download.request} progress={download.progress} saved={download.saved} label={dataDownloadTexts.textResponseTitle} />
          </div>
        </Modal.Body>
        <Modal.Footer>
          {download.busy ? (
            <Button variant="outline-secondary" onClick={download.cancel}>
              {dataDownloadTexts.cancel}
            </Button>
          ) : (
            <DialogCloseButton>Close</DialogCloseButton>
          )}
          <BusyButton type="submit" variant="primary" busy={download.busy}>
            {dataDownloadTexts.download}
          </BusyButton>
        </Modal.Footer>
      </Form>
    </GuardedModal>
  );
}
