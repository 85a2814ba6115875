// The participant app's entry (served at /app): the store, the texts, the screen, and the service worker (told
// who is signed in, for the prompts it shows).
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createI18n } from './i18n';
import { listenForInstallPrompt } from './push/installPrompt';
import { linkServiceWorker } from './push/workerLink';
import { registerServiceWorker } from './serviceWorker/register';
import { startOutbox } from './queue/startOutbox';
import { createAppStore } from './state/store';
import './styles.css';

const store = createAppStore();
const i18n = createI18n();
listenForInstallPrompt();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App store={store} i18n={i18n} />);
// Answers and reports kept on the phone are sent now, and whenever the network returns.
startOutbox(store);
if (registerServiceWorker()) linkServiceWorker(store, i18n);
