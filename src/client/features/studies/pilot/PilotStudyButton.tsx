// The 'Pilot this study' button of the study editor and each Study List row, with its dialog.
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { pilotTexts } from '../../../../shared/pilotTexts';
import { PilotStudyDialog } from './PilotStudyDialog';

/** `who` names the study to screen readers where several buttons share the text (the Study List). */
export function PilotStudyButton({ studyId, who, size }: { studyId: string; who?: ReactNode; size?: 'sm' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="outline-primary" onClick={() => setOpen(true)}>
        {pilotTexts.pilotButton}
        {who}
      </Button>
      {open && <PilotStudyDialog studyId={studyId} onClose={() => setOpen(false)} />}
    </>
  );
}
