// The app opened without network (a reload, or from the home screen on a train): the studies, tasks and
// questionnaires last loaded by this account are shown from the phone with when they were last brought up to
// date, an open task can be answered into the outbox; with nothing kept, or another account signed in, the
// participant reads why in their words. A library's raw "Network Error" never reaches the screen.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { participantMessages } from '../../../src/shared/messages';
import type { AppSession } from '../../../src/shared/types/participantApp';
import { startOutbox } from '../../../src/participant/queue/startOutbox';
import { enrolledCalls, fillValid } from '../answerPage';
import { freshIndexedDb } from '../answerSupport';
import { renderApp, SESSION, type Calls } from '../support';

jest.setTimeout(30_000);

const OTHER: AppSession = { ...SESSION, token: 'other-token', participant: { _id: 'p2', email: 'sam@example.org' } };
const OFFLINE_TEXT = 'You are offline. Please connect to the internet and try again.';
const KEPT_TEXT = 'You are offline. What you see was saved on this phone.';

function calls(extra: Calls = {}): Calls {
  return enrolledCalls({ 'POST /api/app/logout': { status: 200, body: { message: participantMessages.signedOut } }, ...extra });
}

/** The study opened once with network, its open questionnaires loaded (and kept), then the app closed. */
async function openedOnce(session: AppSession = SESSION) {
  const { store, unmount } = renderApp('/app/studies/s1', calls(), { session });
  expect(await screen.findByRole('link', { name: 'Background' })).toBeInTheDocument();
  await waitFor(() => expect(Object.keys(store.getState().questionnaires.byId).sort()).toEqual(['q-bg', 'q-event', 'q-mood']));
  unmount();
  cleanup();
}

function noRawError(): void {
  expect(document.body).not.toHaveTextContent(/Network Error|Failed to fetch|Request failed with status code/);
}

beforeEach(freshIndexedDb);

describe('the app opened without network', () => {
  it('shows the tasks kept on the phone with when they were last updated, and an open task is answered into the outbox', async () => {
    await openedOnce();
    const user = userEvent.setup();
    let offline = true;
    const { made, store } = renderApp('/app/studies/s1', calls({ 'POST /api/app/studies/s1/responses': { status: 201, body: { _id: 'resp-1' } } }), { session: SESSION, offline: () => offline });
    expect(await screen.findByRole('link', { name: 'Background' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '睡眠研究 Sleep study', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(KEPT_TEXT)).toBeInTheDocument();
    const keptAt = store.getState().tasks.loadedAt.s1;
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(keptAt));
    expect(screen.getByText(`Last updated ${time}`)).toBeInTheDocument();
    noRawError();

    await user.click(screen.getByRole('link', { name: 'Background' }));
    await screen.findByRole('button', { name: 'Send' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your answer to Background is saved on this phone. It will be sent when you are online.')).toBeInTheDocument();
    noRawError();

    // Online again: the answer is sent, the list brought up to date, and still no raw error above it.
    offline = false;
    const stop = startOutbox(store);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Your answer to Background was sent. Thank you!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(KEPT_TEXT)).not.toBeInTheDocument());
    expect(screen.queryByText(/Last updated/)).not.toBeInTheDocument();
    noRawError();
    stop();
    expect(made.filter((m) => m.method === 'POST' && m.path === '/api/app/studies/s1/responses').length).toBeGreaterThanOrEqual(1);
  });

  it('says when the studies were last updated, in the language chosen', async () => {
    await openedOnce();
    const { store } = renderApp('/app/', calls(), { session: SESSION, offline: () => true, language: 'zh-Hant' });
    expect(await screen.findByRole('link', { name: /睡眠研究 Sleep study/ })).toBeInTheDocument();
    const keptAt = store.getState().participations.keptAt;
    expect(keptAt).not.toBeNull();
    const time = new Intl.DateTimeFormat('zh-Hant', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(keptAt ?? 0));
    expect(screen.getByText(`最後更新於 ${time}`)).toBeInTheDocument();
    noRawError();
  });

  it('with nothing kept on the phone, says so in the participant’s words', async () => {
    renderApp('/app/', calls(), { session: SESSION, offline: () => true });
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE_TEXT);
    noRawError();
    cleanup();
    renderApp('/app/studies/s1', calls(), { session: SESSION, offline: () => true });
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE_TEXT);
    noRawError();
  });

  it('a failure that is not the network is told in the participant’s words, never the status line', async () => {
    renderApp('/app/', calls({ 'GET /api/app/studies': { status: 502, body: null } }), { session: SESSION });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    noRawError();
  });

  it('after signing out, the phone keeps nothing of the account: another one (or the same) offline sees none of it', async () => {
    await openedOnce();
    const user = userEvent.setup();
    renderApp('/app/', calls(), { session: SESSION });
    await screen.findByRole('link', { name: /睡眠研究 Sleep study/ });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    cleanup();

    for (const session of [OTHER, SESSION]) {
      renderApp('/app/studies/s1', calls(), { session, offline: () => true });
      expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE_TEXT);
      expect(screen.queryByText(/Sleep study|Background/)).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('never shows one account what another kept, even when the first did not sign out', async () => {
    await openedOnce(SESSION);
    renderApp('/app/', calls(), { session: OTHER, offline: () => true });
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE_TEXT);
    expect(screen.queryByText(/Sleep study/)).not.toBeInTheDocument();
    cleanup();
    renderApp('/app/studies/s1', calls(), { session: OTHER, offline: () => true });
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE_TEXT);
    expect(screen.queryByText(/Background/)).not.toBeInTheDocument();
  });
});
