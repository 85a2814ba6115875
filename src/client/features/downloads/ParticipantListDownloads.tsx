// The Participant List's panel once a stage and group are chosen (part 2 section 2.5): Download Text Response
// (a dialog) and the response-time download with EMA. Shown to every viewer of the list, without a permission.
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { dataDownloadTexts } from '../../../shared/dataDownloadTexts';
import type { Study } from '../../../shared/types/study';
import { IncludePilotCheckbox } from './IncludePilotCheckbox';
import { ResponseTimeDownloadButton } from './ResponseTimeDownloadButton';
import { TextResponseDownloadDialog } from './TextResponseDownloadDialog';

interface ParticipantListDownloadsProps {
  study: Study;
  stageId: string;
  groupId: string;
}

export function ParticipantListDownloads({ study, stageId, groupId }: ParticipantListDownloadsProps) {
  const [open, setOpen] = useState(false);
  const [includePilot, setIncludePilot] = useState(false);
  return (
    <Card className="mb-3">
      <Card.Body className="d-flex flex-wrap align-items-start gap-3">
        <Button variant="outline-primary" onClick={() => setOpen(true)}>
          {dataDownloadTexts.textResponseButton}
        </Button>
        <ResponseTimeDownloadButton studyId={study._id} stageId={stageId} groupId={groupId} includeEma includePilot={includePilot} study={study} />
        <IncludePilotCheckbox id="downloads-include-pilot" checked={includePilot} onChange={setIncludePilot} />
      </Card.Body>
      {open && (
        <TextResponseDownloadDialog study={study} stageId={stageId} groupId={groupId} includePilot={includePilot} onClose={() => setOpen(false)} />
      )}
    </Card>
  );
}
