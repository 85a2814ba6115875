// A page of studies as both Study Lists show it (the lab user's and the system owner's): loading, the empty
// state, one row per study (a card each on a phone), page numbers, and the confirmation before a study is
// deleted, and the check and confirmation before one is activated. The list pages run the actions and reload.
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { studyMessages } from '../../../shared/messages';
import type { Study, StudySummary } from '../../../shared/types/study';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { Pagination } from '../../components/Pagination';
import { ActivateStudyDialog } from './ActivateStudyDialog';
import { StudyRow, studyLabel, type StudyAction, type StudyPermissions } from './StudyRow';

interface StudyTableProps {
  /** The page to show; null while it loads (or when loading it failed, which the red alert tells). */
  shown: { studies: readonly StudySummary[]; page: number; pages: number } | null;
  loadFailed: boolean;
  can: StudyPermissions;
  /** A lifecycle action is under way: the rows' buttons wait. */
  busy: boolean;
  deleting: boolean;
  editHrefFor: (study: StudySummary) => string;
  /** Participants and Progress, which only the lab user's list offers. */
  participantLinks: boolean;
  /** 'Pilot this study' on each row (issue 20). */
  pilot?: boolean;
  pageHref: (page: number) => string;
  /** Runs an action; Delete and Activate only once the user has confirmed them. */
  onRun: (study: StudySummary, action: StudyAction) => void;
  /** Activate, once checked and confirmed: the server's problems when it refused with them (the dialog stays), otherwise null. */
  onActivate: (study: StudySummary) => Promise<string[] | null>;
  activating: boolean;
  /** Reads the whole study for Activate's check. */
  loadStudy: (studyId: string) => Promise<Study | null>;
  timezones: readonly string[];
}

export function StudyTable(props: StudyTableProps) {
  const { shown, loadFailed, can, busy, deleting, editHrefFor, participantLinks, pilot, pageHref, onRun } = props;
  const [toDelete, setToDelete] = useState<StudySummary | null>(null);
  const [toActivate, setToActivate] = useState<StudySummary | null>(null);
  const onAction = (study: StudySummary, action: StudyAction) => {
    if (action === 'delete') setToDelete(study);
    else if (action === 'activate') setToActivate(study);
    else onRun(study, action);
  };

  return (
    <>
      {!shown ? (
        !loadFailed && <Loading />
      ) : shown.studies.length === 0 ? (
        <EmptyState message={studyMessages.noStudies} />
      ) : (
        <>
          <Table responsive hover className="align-middle table-cards">
            <thead>
              <tr>
                <th scope="col">NAME</th>
                <th scope="col">STUDY CODE</th>
                <th scope="col">STATUS</th>
                <th scope="col">CREATED AT</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.studies.map((study) => (
                <StudyRow
                  key={study._id}
                  study={study}
                  can={can}
                  busy={busy}
                  editHref={editHrefFor(study)}
                  participantLinks={participantLinks}
                  pilot={pilot}
                  onAction={onAction}
                />
              ))}
            </tbody>
          </Table>
          <Pagination page={shown.page} pages={shown.pages} hrefFor={pageHref} label="Study pages" />
        </>
      )}
      <ConfirmDialog
        show={toDelete !== null}
        details={toDelete ? `Delete the study ${studyLabel(toDelete)} (${toDelete.study_code})? This cannot be undone.` : undefined}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const study = toDelete;
          setToDelete(null);
          if (study) onRun(study, 'delete');
        }}
      />
      <ActivateStudyDialog
        study={toActivate}
        editHref={toActivate ? editHrefFor(toActivate) : ''}
        timezones={props.timezones}
        busy={props.activating}
        loadStudy={props.loadStudy}
        onActivate={async (study) => {
          const refused = await props.onActivate(study);
          if (!refused) setToActivate(null);
          return refused;
        }}
        onClose={() => setToActivate(null)}
      />
    </>
  );
}
