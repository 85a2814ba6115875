// The pilot page (/studies/{studyId}/pilot/{pilotId}, issue 20): the pilot participant's app in a phone-sized
// frame beside the clock controls, the plan summary and the pre-launch warnings, and Reset pilot.
import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useParams } from 'react-router-dom';
import { pilotMessages } from '../../../../shared/messages';
import { pilotTexts } from '../../../../shared/pilotTexts';
import type { PilotClockBody } from '../../../../shared/types/pilot';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { LinkButton } from '../../../components/LinkButton';
import { Loading } from '../../../components/Loading';
import { browserZone, studyZone } from '../../participants';
import { toastShown } from '../../../app/notifications/notificationsSlice';
import { PilotClock } from './PilotClock';
import { PilotFrame } from './PilotFrame';
import { PilotPlanSummary } from './PilotPlanSummary';
import { PilotWarnings } from './PilotWarnings';
import { pilotSessionOf } from './pilotSessions';
import { pilotRequestReset, pilotSessionFound, selectPilot, selectPilotRequests, selectPilotSession, selectPilotStudy, fetchPilot, fetchPilotStudy, movePilotClock, resetPilot } from './pilotSlice';
import './pilot.css';

export default function PilotPage() {
  const { studyId = '', pilotId = '' } = useParams();
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectPilot);
  const pilot = loaded?._id === pilotId ? loaded : null;
  const session = useAppSelector(selectPilotSession);
  const study = useAppSelector(selectPilotStudy);
  const requests = useAppSelector(selectPilotRequests);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    dispatch(pilotRequestReset('clock'));
    dispatch(pilotSessionFound(pilotSessionOf(pilotId)));
    void dispatch(fetchPilot(pilotId));
    void dispatch(fetchPilotStudy(studyId));
  }, [dispatch, pilotId, studyId]);

  const refresh = useCallback(() => void dispatch(fetchPilot(pilotId)), [dispatch, pilotId]);
  const move = (body: PilotClockBody) => void dispatch(movePilotClock({ pilotId, body }));
  const reset = async () => {
    const done = await dispatch(resetPilot(pilotId));
    setConfirming(false);
    if (resetPilot.fulfilled.match(done)) dispatch(toastShown(pilotMessages.pilotReset));
  };

  if (!pilot) {
    return requests.pilot.status === 'fail' ? (
      <LinkButton to={paths.studies.getHref()} variant="outline-secondary">
        Back to the Study List
      </LinkButton>
    ) : (
      <Loading />
    );
  }
  const zone = studyZone(study?._id === studyId ? study : null, pilot.current_group_id) ?? browserZone();
  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-4">
        <h1 className="h3 mb-0">{pilotTexts.pageTitle}</h1>
        <span className="text-body-secondary">{study?._id === studyId ? study.chin_name : ''}</span>
        <span className="text-body-secondary font-monospace">{pilot.participant.participant_code}</span>
        <Button className="ms-auto" variant="outline-danger" onClick={() => setConfirming(true)} disabled={requests.reset.status === 'request'}>
          {pilotTexts.reset}
        </Button>
      </div>
      <div className="pilot-layout">
        <section aria-label={pilotTexts.frameTitle}>
          {session ? <PilotFrame pilot={pilot} session={session} onAnswered={refresh} /> : <EmptyState message={pilotTexts.noSession} />}
        </section>
        <div className="pilot-side">
          <PilotClock
            now={pilot.clock.now}
            zone={zone}
            busy={requests.clock.status === 'request'}
            failure={requests.clock.status === 'fail' ? requests.clock.message : null}
            onMove={move}
          />
          <PilotPlanSummary plan={pilot.plan} zone={zone} />
          <PilotWarnings studyId={studyId} />
        </div>
      </div>
      <ConfirmDialog
        show={confirming}
        question={pilotTexts.resetQuestion}
        details={pilotTexts.resetDetails}
        confirmLabel={pilotTexts.reset}
        focus="cancel"
        busy={requests.reset.status === 'request'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void reset()}
      />
    </>
  );
}
