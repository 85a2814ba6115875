// The app's side of the pilot frame (issue 20): it asks the portal (its parent, same origin only) for the pilot's
// session, takes the clock's moves, reloads the tasks on each, and tells the portal when an answer was sent.
import { isPortalToFrame, offsetFrom, PILOT_FRAME_NAME, type FrameToPortal } from '../../shared/pilotFrame';
import { loadTasks } from '../state/tasksSlice';
import { pilotSessionReceived } from '../state/sessionSlice';
import type { AppStore } from '../state/store';
import { pilotClockSet } from './pilotSlice';

/** Whether this page is the app in the portal's pilot frame. */
export function inPilotFrame(): boolean {
  return window.parent !== window && window.name === PILOT_FRAME_NAME;
}

function tellPortal(message: FrameToPortal): void {
  window.parent.postMessage(message, window.location.origin);
}

/** Listens to the portal; resolves once the pilot's session has arrived (the app is shown only then). */
export function startPilotFrame(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    window.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin || event.source !== window.parent || !isPortalToFrame(event.data)) return;
      const message = event.data;
      if (message.type === 'pilot-session') {
        store.dispatch(pilotClockSet({ offsetMs: offsetFrom(message.now), due: [] }));
        store.dispatch(pilotSessionReceived(message.session));
        resolve();
        return;
      }
      store.dispatch(pilotClockSet({ offsetMs: offsetFrom(message.now), due: message.due }));
      for (const studyId of Object.keys(store.getState().tasks.byStudy)) void store.dispatch(loadTasks(studyId));
    });
    // Each sent answer by its own id, not its task's: an anytime task is answered again and again, and each answer
    // may plan a follow-up the portal's plan should show.
    const sentAnswers = () => store.getState().outbox.notices.filter((n) => n.kind === 'sent').map((n) => n.id);
    const told = new Set(sentAnswers());
    store.subscribe(() => {
      const fresh = sentAnswers().filter((id) => !told.has(id));
      if (fresh.length === 0) return;
      fresh.forEach((id) => told.add(id));
      tellPortal({ type: 'pilot-answered' });
    });
    tellPortal({ type: 'pilot-ready' });
  });
}
