// The participant app of the pilot participant in a phone-sized frame (issue 20). The app asks for its session
// when it loads ('pilot-ready'); the frame answers by postMessage to the same origin only, so the token is in no
// address. Each new answer of the pilot API (a clock move, a reset, a refresh after an answer) goes to the app
// with what came due, and the app tells when it sent an answer.
import { useEffect, useRef } from 'react';
import { isFrameToPortal, PILOT_FRAME_NAME, type PortalToFrame } from '../../../../shared/pilotFrame';
import { pilotTexts } from '../../../../shared/pilotTexts';
import type { AppSession } from '../../../../shared/types/participantApp';
import type { Pilot } from '../../../../shared/types/pilot';
import { dueBetween } from './pilotPlan';

interface PilotFrameProps {
  pilot: Pilot;
  session: AppSession;
  onAnswered: () => void;
}

export function PilotFrame({ pilot, session, onAnswered }: PilotFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef({ pilot, session, onAnswered });
  latest.current = { pilot, session, onAnswered };
  /** The pilot the app was last told of; null until it asked for its session. */
  const told = useRef<Pilot | null>(null);

  const tell = (message: PortalToFrame) => frame.current?.contentWindow?.postMessage(message, window.location.origin);

  useEffect(() => {
    const listen = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || !isFrameToPortal(event.data)) return;
      if (event.data.type === 'pilot-answered') {
        latest.current.onAnswered();
        return;
      }
      told.current = latest.current.pilot;
      tell({ type: 'pilot-session', session: latest.current.session, now: latest.current.pilot.clock.now });
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  useEffect(() => {
    const before = told.current;
    if (!before || before === pilot) return;
    told.current = pilot;
    tell({ type: 'pilot-clock', now: pilot.clock.now, due: dueBetween(pilot.plan, before.clock.now, pilot.clock.now) });
  }, [pilot]);

  return (
    <div className="pilot-phone">
      <iframe ref={frame} name={PILOT_FRAME_NAME} title={pilotTexts.frameTitle} src={`/app/studies/${encodeURIComponent(pilot.study_id)}`} />
    </div>
  );
}
