// "Download for REDCap" on a questionnaire's row: its REDCap data dictionary, saved under the name the server gives.
import Button from 'react-bootstrap/Button';
import type { QuestionnaireSummary } from '../../../../shared/questionnaire/types';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { downloadRedcapDictionary, selectRedcapDownloading } from './redcapSlice';

export const redcapDownloadTexts = { button: 'Download for REDCap' } as const;

export function RedcapDownloadButton({ questionnaire }: { questionnaire: QuestionnaireSummary }) {
  const dispatch = useAppDispatch();
  const downloading = useAppSelector(selectRedcapDownloading) === questionnaire._id;
  return (
    <Button
      size="sm"
      variant="outline-secondary"
      className="me-2"
      disabled={downloading}
      onClick={() => void dispatch(downloadRedcapDictionary({ questionnaireId: questionnaire._id, abbrev: questionnaire.abbrev }))}
    >
      {redcapDownloadTexts.button}
      <span className="visually-hidden"> {questionnaire.chin_name}</span>
    </Button>
  );
}
