// "Import from REDCap" on the questionnaire list (issue 35 part 2): a REDCap data dictionary chosen with a file
// picker makes one questionnaire per form; the page then shows what was made and, field by field, what the
// portal could not carry. A refused file's message shows here, beside the button that sent it.
import { useRef, type ChangeEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { REDCAP_DICTIONARY_MAX_BYTES, redcapMessages } from '../../../../shared/redcap';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import {
  importRedcapDictionary,
  redcapFileTooLarge,
  redcapImportClosed,
  redcapRequestReset,
  selectRedcapFileTooLarge,
  selectRedcapImport,
  selectRedcapRequests,
} from './redcapSlice';

export const redcapImportTexts = {
  button: 'Import from REDCap',
  choose: 'REDCap data dictionary (CSV)',
  importing: 'Importing…',
  resultHeading: 'Imported from REDCap',
  notMappedHeading: 'Not carried',
  field: 'Field',
  reason: 'Reason',
  close: 'Close',
} as const;

/** The import's button: a hidden file picker behind it; `onImported` lets the list show the new questionnaires. */
export function RedcapImportButton({ onImported }: { onImported: () => void }) {
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const busy = useAppSelector(selectRedcapRequests).import.status === 'request';

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a fix: the picker fires only on a change.
    event.target.value = '';
    if (!file) return;
    // A file over the limit is refused before it is sent (the server refuses it too, with the same message).
    dispatch(redcapFileTooLarge(file.size > REDCAP_DICTIONARY_MAX_BYTES));
    if (file.size > REDCAP_DICTIONARY_MAX_BYTES) return;
    const result = await dispatch(importRedcapDictionary(file));
    if (importRedcapDictionary.fulfilled.match(result)) onImported();
  };

  return (
    <>
      <input ref={input} type="file" accept=".csv,text/csv" className="d-none" aria-label={redcapImportTexts.choose} onChange={(e) => void choose(e)} />
      <Button variant="outline-primary" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? redcapImportTexts.importing : redcapImportTexts.button}
      </Button>
    </>
  );
}

/** The import's answer under the page's heading: a refusal, or what was made and what was not carried. */
export function RedcapImportResult() {
  const dispatch = useAppDispatch();
  const imported = useAppSelector(selectRedcapImport);
  const request = useAppSelector(selectRedcapRequests).import;
  const tooLarge = useAppSelector(selectRedcapFileTooLarge);
  const problem = tooLarge ? redcapMessages.tooLarge : request.status === 'fail' ? request.message : null;
  return (
    <>
      {problem && (
        <Alert variant="danger" dismissible onClose={() => dispatch(redcapRequestReset('import'))}>
          {problem}
        </Alert>
      )}
      {imported && (
        <section className="border rounded p-3 mb-4" aria-labelledby="redcap-import-heading">
          <div className="d-flex justify-content-between align-items-start gap-2">
            <h2 id="redcap-import-heading" className="h5">
              {redcapImportTexts.resultHeading}
            </h2>
            <Button size="sm" variant="outline-secondary" onClick={() => dispatch(redcapImportClosed())}>
              {redcapImportTexts.close}
            </Button>
          </div>
          <p className="mb-2">{redcapMessages.imported(imported.questionnaires.length)}</p>
          <ul>
            {imported.questionnaires.map((q) => (
              <li key={q._id}>
                <Link to={paths.questionnaireEditor.getHref(q._id)}>{q.chin_name}</Link> ({q.abbrev}, {q.chin_content.length} questions)
              </li>
            ))}
          </ul>
          {imported.notMapped.length === 0 ? (
            <p className="mb-0">{redcapMessages.allMapped}</p>
          ) : (
            <Table size="sm" responsive className="mb-0">
              <caption className="caption-top">{redcapImportTexts.notMappedHeading}</caption>
              <thead>
                <tr>
                  <th scope="col">{redcapImportTexts.field}</th>
                  <th scope="col">{redcapImportTexts.reason}</th>
                </tr>
              </thead>
              <tbody>
                {imported.notMapped.map((item, i) => (
                  <tr key={`${item.field}-${i}`}>
                    <td>{item.field}</td>
                    <td>{item.reason}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </section>
      )}
    </>
  );
}
