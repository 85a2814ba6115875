// The participant app's entry (served at /app): the store, the texts, the screen, and the service worker.
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createI18n } from './i18n';
import { registerServiceWorker } from './serviceWorker/register';
import { startOutbox } from './queue/startOutbox';
import { createAppStore } from './state/store';
import './styles.css';

const root = document.getElementById('root');
const store = createAppStore();
if (root) createRoot(root).render(<App store={store} i18n={createI18n()} />);
// Answers and reports kept on the phone are sent now, and whenever the network returns.
startOutbox(store);
registerServiceWorker();
