// Pilot mode's warnings before launch (issue 20), shown beside the pilot: groups whose participants get no tasks
// (Activate's warning, issue 31), prompts at night, reminders after their window, required questions a condition
// can hide, assessments that never fit and questionnaires with no question, grouped by kind, each with where to
// find it. Read when shown and again on "Check again", so an
// edit made meanwhile in the study or questionnaire editor shows.
import { useEffect, useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { Loading } from '../../../components/Loading';
import { pilotWarningTexts as texts } from '../../../../shared/messages/pilotWarnings';
import { PILOT_WARNING_KINDS, type PilotWarning, type PilotWarningKind } from '../../../../shared/types/pilotWarnings';
import { fetchPilotWarnings, pilotWarningsRequestReset, selectPilotWarningsLoadedFor, selectPilotWarningsOf, selectPilotWarningsRequest } from './pilotWarningsSlice';

function WarningGroup({ kind, warnings }: { kind: PilotWarningKind; warnings: readonly PilotWarning[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-3">
      <h3 id={headingId} className="h6">
        {texts.kindTitles[kind]} ({warnings.length})
      </h3>
      <ul className="list-group">
        {warnings.map((w, i) => (
          <li key={`${w.where}-${i}`} className="list-group-item">
            {w.where && <div className="fw-semibold">{w.where}</div>}
            <div>{w.message}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PilotWarnings({ studyId }: { studyId: string }) {
  const dispatch = useAppDispatch();
  const headingId = useId();
  const request = useAppSelector(selectPilotWarningsRequest);
  const loaded = useAppSelector((state) => selectPilotWarningsLoadedFor(state, studyId));
  const warnings = useAppSelector((state) => selectPilotWarningsOf(state, studyId));

  useEffect(() => {
    void dispatch(fetchPilotWarnings(studyId));
    return () => {
      dispatch(pilotWarningsRequestReset('warnings'));
    };
  }, [dispatch, studyId]);

  const loading = request.status === 'request';
  const groups = PILOT_WARNING_KINDS.map((kind) => ({ kind, warnings: warnings.filter((w) => w.kind === kind) })).filter((g) => g.warnings.length > 0);

  return (
    <section aria-labelledby={headingId}>
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h2 id={headingId} className="h5 mb-0">
          {texts.heading}
          {loaded && ` (${warnings.length})`}
        </h2>
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={loading} onClick={() => void dispatch(fetchPilotWarnings(studyId))}>
          {texts.checkAgain}
        </button>
      </div>
      {request.status === 'fail' && (
        <div role="alert" className="alert alert-danger">
          {request.message}
        </div>
      )}
      {loading && !loaded && <Loading />}
      {loaded && warnings.length === 0 && <EmptyState message={texts.none} />}
      {loaded && groups.map((g) => <WarningGroup key={g.kind} kind={g.kind} warnings={g.warnings} />)}
    </section>
  );
}
