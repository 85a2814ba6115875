// The app in the portal's pilot frame (issue 20): the pilot's session arrives by message from the parent (same
// origin only) and stays out of the phone's storage; the task list reads the pilot's clock; a clock move reloads
// the tasks and shows what came due; a sent answer is told to the portal.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../../src/participant/App';
import { createI18n } from '../../../src/participant/i18n';
import { initialPilotState } from '../../../src/participant/pilot/pilotSlice';
import { startPilotFrame } from '../../../src/participant/pilot/pilotFrame';
import { currentLocation, navigate } from '../../../src/participant/routing/history';
import { initialSessionState } from '../../../src/participant/state/sessionSlice';
import { createAppStore } from '../../../src/participant/state/store';
import type { PortalToFrame } from '../../../src/shared/pilotFrame';
import { participation, tasksAround } from '../fixtures';
import { SESSION, SITE } from '../support';

const DAY = 86_400_000;
const enrolled = participation({ status: 'enrolled' });

function portalSays(data: PortalToFrame, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: window }));
  });
}

function setUp() {
  window.scrollTo = jest.fn();
  localStorage.clear();
  // The plan is a day ahead of this device: only the pilot's clock makes its prompt open now.
  const pilotNow = new Date(Date.now() + DAY);
  const made: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    made.push(`${init?.method ?? 'GET'} ${path} ${new Headers(init?.headers).get('Authorization') ?? ''}`);
    // The questionnaires are not this test's: not found (an answer of another shape would be drawn as one).
    if (path.startsWith('/api/app/questionnaires/')) return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    const body = path === '/api/app/site' ? SITE : path === '/api/app/studies' ? { participations: [enrolled] } : tasksAround(pilotNow);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  const posted: unknown[] = [];
  jest.spyOn(window, 'postMessage').mockImplementation((message: unknown) => void posted.push(message));
  act(() => navigate('/app/studies/s1', { replace: true }));
  const store = createAppStore({ session: initialSessionState(null), pilot: { ...initialPilotState, active: true } });
  const started = startPilotFrame(store);
  return { store, started, pilotNow, made, posted };
}

afterEach(() => jest.restoreAllMocks());

describe('the app in the pilot frame', () => {
  it("asks for the session, ignores other origins, keeps it in memory only and lists the tasks on the pilot's clock", async () => {
    const { store, started, pilotNow, made, posted } = setUp();
    expect(posted).toEqual([{ type: 'pilot-ready' }]);
    portalSays({ type: 'pilot-session', session: SESSION, now: pilotNow.toISOString() }, 'https://elsewhere.example');
    expect(store.getState().session.session).toBeNull();
    portalSays({ type: 'pilot-session', session: SESSION, now: pilotNow.toISOString() });
    await started;
    render(<App store={store} i18n={createI18n()} />);
    const openNow = (await screen.findByRole('heading', { name: 'Open now' })).parentElement as HTMLElement;
    expect(within(openNow).getByText(/20 minutes left/)).toBeInTheDocument();
    expect(localStorage.getItem('participant-session')).toBeNull();
    expect(made).toContain(`GET /api/app/studies/s1/tasks Bearer ${SESSION.token}`);
    // No sign out in the frame: the session is the pilot's.
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('reloads the tasks and shows what came due when the clock moves; a sent answer is told to the portal', async () => {
    const { store, started, pilotNow, made, posted } = setUp();
    portalSays({ type: 'pilot-session', session: SESSION, now: pilotNow.toISOString() });
    await started;
    render(<App store={store} i18n={createI18n()} />);
    await screen.findByRole('heading', { name: 'Open now' });
    const loads = made.filter((m) => m.startsWith('GET /api/app/studies/s1/tasks')).length;
    portalSays({ type: 'pilot-clock', now: pilotNow.toISOString(), due: [{ taskId: 'e-open', name: 'Mood now', reminder: false }, { taskId: 'e-reminder', name: 'Mood now', reminder: true }] });
    expect(await screen.findByText('Prompt: Mood now is open now')).toBeInTheDocument();
    expect(screen.getByText('Reminder: Mood now is still open')).toBeInTheDocument();
    await waitFor(() => expect(made.filter((m) => m.startsWith('GET /api/app/studies/s1/tasks')).length).toBeGreaterThan(loads));
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByText('Prompt: Mood now is open now')).not.toBeInTheDocument();
    expect(posted).not.toContainEqual({ type: 'pilot-answered' });
    // The outbox sent an answer (submitAnswer fulfilled 'sent'): the portal is told, to refresh its plan.
    act(() => {
      store.dispatch({ type: 'outbox/submit/fulfilled', payload: 'sent', meta: { arg: { id: 'a1', studyId: 's1', questionnaireName: 'Mood now', taskId: 'e-open' } } });
    });
    expect(posted).toContainEqual({ type: 'pilot-answered' });
    // A second answer to the same task (an anytime questionnaire) is told too: it may plan a follow-up.
    const told = () => posted.filter((m) => (m as { type: string }).type === 'pilot-answered').length;
    const before = told();
    act(() => {
      store.dispatch({ type: 'outbox/submit/fulfilled', payload: 'sent', meta: { arg: { id: 'a2', studyId: 's1', questionnaireName: 'Mood now', taskId: 'e-open' } } });
    });
    expect(told()).toBe(before + 1);
  });

  it('shows no way to join a study: the home screen has no join form, and a join link goes home without joining', async () => {
    const { store, started, pilotNow, made } = setUp();
    portalSays({ type: 'pilot-session', session: SESSION, now: pilotNow.toISOString() });
    await started;
    render(<App store={store} i18n={createI18n()} />);
    await screen.findByRole('heading', { name: 'Open now' });
    // The site's name leads home: the pilot's study is listed, and nothing to join another.
    act(() => screen.getByRole('link', { name: SITE.siteName }).click());
    expect(await screen.findByRole('heading', { name: 'My studies' })).toBeInTheDocument();
    expect(await screen.findByText(enrolled.study.chin_name)).toBeInTheDocument();
    const noJoin = () => {
      expect(screen.queryByRole('heading', { name: 'Join a study' })).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: /Study code/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    };
    noJoin();
    for (const link of ['/app/join/ABC123', '/app/join']) {
      act(() => navigate(link));
      await waitFor(() => expect(currentLocation().pathname).toBe('/app/'));
      expect(await screen.findByRole('heading', { name: 'My studies' })).toBeInTheDocument();
      noJoin();
    }
    expect(made.filter((m) => m.startsWith('POST /api/app/studies/join'))).toEqual([]);
  });
});
