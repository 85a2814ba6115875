// Start-up: learn this host's configuration, apply its branding, then render the portal.
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { generalMessages, portalMessages } from '../shared/messages';
import { App } from './app/App';
import { applyBranding } from './app/branding';
import { browser } from './app/browser';
import { makeStore } from './app/store';
import { fetchSiteConfig } from './app/site/siteSlice';

function renderFailure(container: HTMLElement, detail: string) {
  const box = document.createElement('div');
  box.className = 'container py-5 text-center';
  const heading = document.createElement('h1');
  heading.className = 'h3';
  heading.textContent = generalMessages.oops;
  const text = document.createElement('p');
  text.textContent = `${portalMessages.configUnavailable} (${detail})`;
  box.append(heading, text);
  container.replaceChildren(box);
}

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  const store = makeStore();
  const result = await store.dispatch(fetchSiteConfig());
  if (!fetchSiteConfig.fulfilled.match(result)) {
    renderFailure(container, result.payload?.message ?? generalMessages.networkError);
    return;
  }
  const config = result.payload;
  // An unknown sub-domain goes to the main host's error page (DECISIONS.md "Hosts").
  if (!config.subdomainAllowed) {
    browser.assign(`${config.mainHostUrl}/error`);
    return;
  }
  applyBranding(config);
  createRoot(container).render(<App store={store} />);
}

void start();
