// The participant app's entry (served at /app): the store, the texts, the screen, and the service worker (told
// who is signed in, for the prompts it shows).
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createI18n } from './i18n';
import { listenForInstallPrompt } from './push/installPrompt';
import { linkServiceWorker } from './serviceWorkerLink/link';
import { registerServiceWorker } from './serviceWorkerLink/register';
import { startOutbox } from './queue/startOutbox';
import { startDeviceReports } from './device/startDeviceReports';
import { createAppStore } from './state/store';
import { initialSessionState } from './state/sessionSlice';
import { initialPilotState } from './pilot/pilotSlice';
import { inPilotFrame, startPilotFrame } from './pilot/pilotFrame';
import './styles.css';

const i18n = createI18n();
const root = document.getElementById('root');
if (inPilotFrame()) {
  // The portal's pilot frame: the pilot's session comes from the portal, not the phone's storage; no install
  // prompt, no service worker (no push for a pilot).
  const store = createAppStore({ session: initialSessionState(null), pilot: { ...initialPilotState, active: true } });
  void startPilotFrame(store).then(() => {
    if (root) createRoot(root).render(<App store={store} i18n={i18n} />);
    startOutbox(store);
  });
} else {
  const store = createAppStore();
  listenForInstallPrompt();
  if (root) createRoot(root).render(<App store={store} i18n={i18n} />);
  // Answers and reports kept on the phone are sent now, and whenever the network returns.
  startOutbox(store);
  // The phone's state for the Participant List (not a pilot's: the portal's frame is no phone).
  startDeviceReports(store, i18n);
  if (registerServiceWorker()) linkServiceWorker(store, i18n);
}
