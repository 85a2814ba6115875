// One row of the Study List: which actions it offers follows the study's status and the user's permission
// entries (part 1 sections 4 and 6). Edit, Participants and Progress need no entry. The system owner's list
// uses it too, with every entry and without the participant links (part 2 section 2.1). Each cell names its
// column (data-label) for the card each row becomes on a phone (.table-cards).
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { listDate } from '../../../shared/limits';
import type { StudySummary } from '../../../shared/types/study';
import { paths } from '../../app/paths';
import { LinkButton } from '../../components/LinkButton';
import { PilotStudyButton } from './pilot/PilotStudyButton';

export type StudyAction = 'activate' | 'deactivate' | 'delete';

/** The lifecycle actions a user may take (their permission entries; the system owner holds every one). */
export type StudyPermissions = Record<StudyAction, boolean>;

interface StudyRowProps {
  study: StudySummary;
  can: StudyPermissions;
  busy: boolean;
  /** Where Edit goes: the lab user's editor or the system owner's. */
  editHref: string;
  /** Participants and Progress, which only the lab user's list offers. */
  participantLinks: boolean;
  /** 'Pilot this study' (issue 20): for lab users with the study editor's permission, also on inactive studies. */
  pilot?: boolean;
  onAction: (study: StudySummary, action: StudyAction) => void;
}

/** How a study is named in the list and in the accessible names of its buttons. */
export function studyLabel(study: StudySummary): string {
  return study.chin_name.trim() || 'Untitled study';
}

export function StudyRow({ study, can, busy, editHref, participantLinks, pilot = false, onAction }: StudyRowProps) {
  const inactive = study.active_status === 'inactive';
  const who = <span className="visually-hidden"> {study.study_code}</span>;
  return (
    <tr>
      <td data-label="Name" className={study.chin_name.trim() ? 'text-break' : 'text-body-secondary fst-italic'}>
        {studyLabel(study)}
      </td>
      <td data-label="Study code" className="font-monospace">
        {study.study_code}
      </td>
      <td data-label="Status">
        <Badge bg={inactive ? 'secondary' : 'success'}>{inactive ? 'Inactive' : 'Active'}</Badge>
      </td>
      <td data-label="Created at">{listDate(study.createdAt)}</td>
      <td>
        <div className="d-flex flex-wrap gap-2">
          <LinkButton to={editHref} size="sm" variant="outline-primary">
            Edit{who}
          </LinkButton>
          {pilot && <PilotStudyButton studyId={study._id} who={who} size="sm" />}
          {inactive && can.activate && (
            <Button size="sm" variant="outline-success" disabled={busy} onClick={() => onAction(study, 'activate')}>
              Activate{who}
            </Button>
          )}
          {inactive && can.delete && (
            <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => onAction(study, 'delete')}>
              Delete{who}
            </Button>
          )}
          {!inactive && can.deactivate && (
            <Button size="sm" variant="outline-dark" disabled={busy} onClick={() => onAction(study, 'deactivate')}>
              Deactivate{who}
            </Button>
          )}
          {!inactive && participantLinks && (
            <>
              <LinkButton to={paths.participants.getHref(study._id)} size="sm" variant="outline-secondary">
                Participants{who}
              </LinkButton>
              <LinkButton to={paths.studyProgress.getHref(study._id)} size="sm" variant="outline-secondary">
                Progress{who}
              </LinkButton>
            </>
          )}
          {participantLinks && (
            <LinkButton to={paths.studyActivity.getHref(study._id)} size="sm" variant="outline-secondary">
              Activity{who}
            </LinkButton>
          )}
        </div>
      </td>
    </tr>
  );
}
