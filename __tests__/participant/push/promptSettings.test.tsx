// Prompts on a study's screen: asked for only when the participant presses the button (after the explanation),
// subscribed with the server's VAPID key and stored; and where the browser cannot prompt, why and what to do:
// notifications denied, iPhone Safari not on the Home Screen, no Push API (with the browser's install prompt).
// The open tasks are listed in every case. Signing out removes the subscription before the session ends.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, renderApp, SESSION, type Calls } from '../support';
import { participation } from '../fixtures';
import { fakeBrowser, SUBSCRIPTION_BODY, USER_AGENTS, VAPID_KEY, VAPID_KEY_BYTES, type FakeBrowser, type FakeBrowserOptions } from './browsers';
import { listenForInstallPrompt } from '../../../src/participant/push/installPrompt';

const calls: Calls = {
  'GET /api/app/studies': { status: 200, body: { participations: [participation({ status: 'enrolled' })] } },
  'GET /api/app/studies/s1/tasks': { status: 200, body: { ema: [], diary: [], once: [], anytime: [] } },
  'GET /api/app/push/key': { status: 200, body: { publicKey: VAPID_KEY } },
  'POST /api/app/push/subscriptions': { status: 201, body: { _id: 'sub1' } },
  'DELETE /api/app/push/subscriptions': { status: 200, body: { message: 'Push subscription removed' } },
  'POST /api/app/logout': { status: 200, body: { message: 'Signed out' } },
};

// The first render compiles the app's modules: slow on a loaded machine.
jest.setTimeout(20_000);

let browser: FakeBrowser | null = null;
function phone(options: FakeBrowserOptions): FakeBrowser {
  browser = fakeBrowser(options);
  return browser;
}
afterEach(() => {
  browser?.restore();
  browser = null;
});

async function promptsPanel(): Promise<HTMLElement> {
  return (await screen.findByRole('heading', { name: 'Prompts on this phone' })).parentElement as HTMLElement;
}

describe('prompts on a study screen', () => {
  it('on Android Chrome explains first, asks only when pressed, subscribes with the VAPID key and stores the subscription', async () => {
    const user = userEvent.setup();
    const fake = phone({ userAgent: USER_AGENTS.androidChrome, permission: 'default' });
    const { made } = renderApp('/app/studies/s1', calls, { session: SESSION });
    const panel = await promptsPanel();
    expect(within(panel).getByText('Prompts are off on this phone.')).toBeInTheDocument();
    expect(within(panel).getByText(/When you turn prompts on, your browser asks whether to allow notifications/)).toBeInTheDocument();
    expect(fake.requestPermission).not.toHaveBeenCalled();
    expect(callsTo(made, 'POST', '/api/app/push/subscriptions')).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Turn on prompts' }));
    expect(await within(panel).findByText(/Prompts are on/)).toBeInTheDocument();
    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
    expect(fake.subscribe).toHaveBeenCalledTimes(1);
    const options = fake.subscribe.mock.calls[0][0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(VAPID_KEY_BYTES));
    const stored = callsTo(made, 'POST', '/api/app/push/subscriptions');
    expect(stored).toHaveLength(1);
    expect(stored[0].body).toEqual(SUBSCRIPTION_BODY);
    expect(stored[0].authorization).toBe(`Bearer ${SESSION.token}`);
    expect(within(panel).queryByRole('button', { name: 'Turn on prompts' })).not.toBeInTheDocument();
  });

  it('draws the study screen without waiting for the server to take the subscription again (a slow network)', async () => {
    phone({ userAgent: USER_AGENTS.androidChrome, permission: 'granted', subscribed: true });
    const { made } = renderApp('/app/studies/s1', { ...calls, 'POST /api/app/push/subscriptions': () => new Promise(() => undefined) }, { session: SESSION });
    const panel = await promptsPanel();
    expect(within(panel).getByRole('status')).toHaveTextContent('Prompts are on');
    expect(screen.getByRole('button', { name: 'Withdraw from this study' })).toBeInTheDocument();
    expect(callsTo(made, 'POST', '/api/app/push/subscriptions')).toHaveLength(1);
  });

  it('says prompts are on when the phone already holds a subscription, and gives it to the server again', async () => {
    const fake = phone({ userAgent: USER_AGENTS.androidChrome, permission: 'granted', subscribed: true });
    const { made } = renderApp('/app/studies/s1', calls, { session: SESSION });
    const panel = await promptsPanel();
    expect(within(panel).getByRole('status')).toHaveTextContent('Prompts are on');
    expect(callsTo(made, 'POST', '/api/app/push/subscriptions').map((c) => c.body)).toEqual([SUBSCRIPTION_BODY]);
    expect(fake.subscribe).not.toHaveBeenCalled();
  });

  it('when the participant refuses the question, says notifications are blocked and how to allow them', async () => {
    const user = userEvent.setup();
    const fake = phone({ userAgent: USER_AGENTS.androidChrome, permission: 'default', answer: 'denied' });
    const { made } = renderApp('/app/studies/s1', calls, { session: SESSION });
    await user.click(within(await promptsPanel()).getByRole('button', { name: 'Turn on prompts' }));
    expect(await screen.findByText('Notifications are blocked for this app, so it cannot prompt you.')).toBeInTheDocument();
    expect(fake.subscribe).not.toHaveBeenCalled();
    expect(callsTo(made, 'POST', '/api/app/push/subscriptions')).toHaveLength(0);
  });

  it('with notifications denied, explains how to allow them in the browser settings; the tasks are still listed', async () => {
    const fake = phone({ userAgent: USER_AGENTS.androidChrome, permission: 'denied' });
    renderApp('/app/studies/s1', calls, { session: SESSION });
    const panel = await promptsPanel();
    expect(within(panel).getByText('Notifications are blocked for this app, so it cannot prompt you.')).toBeInTheDocument();
    expect(within(panel).getByText(/Site settings → Notifications/)).toBeInTheDocument();
    expect(within(panel).getByText(/your open questionnaires are always listed under Your tasks/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your tasks' })).toBeInTheDocument();
    expect(fake.requestPermission).not.toHaveBeenCalled();
  });

  it('on iPhone Safari not added to the Home Screen, shows how to add it (Share, Add to Home Screen), in both languages', async () => {
    const user = userEvent.setup();
    const fake = phone({ userAgent: USER_AGENTS.iphoneSafari, permission: 'default', standalone: false });
    renderApp('/app/studies/s1', calls, { session: SESSION });
    const panel = await promptsPanel();
    expect(within(panel).getByText('On an iPhone or iPad, prompts work only when this app is on your Home Screen.')).toBeInTheDocument();
    expect(within(panel).getByText(/tap Share .* then Add to Home Screen/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your tasks' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '繁體中文' }));
    const zh = (await screen.findByRole('heading', { name: '此手機的提示' })).parentElement as HTMLElement;
    expect(within(zh).getByText('在 iPhone 或 iPad 上，只有將此應用程式加入主畫面後才能收到提示。')).toBeInTheDocument();
    expect(within(zh).getByText(/「分享」.*「加入主畫面」/)).toBeInTheDocument();
    expect(fake.requestPermission).not.toHaveBeenCalled();
  });

  it('an iPad (calling itself a Mac with a touch screen) is told the same', async () => {
    phone({ userAgent: USER_AGENTS.ipadSafari, maxTouchPoints: 5, permission: 'default' });
    renderApp('/app/studies/s1', calls, { session: SESSION });
    expect(within(await promptsPanel()).getByText(/only when this app is on your Home Screen/)).toBeInTheDocument();
  });

  it('on iPhone opened from the Home Screen, offers to turn prompts on', async () => {
    phone({ userAgent: USER_AGENTS.iphoneSafari, permission: 'default', standalone: true });
    renderApp('/app/studies/s1', calls, { session: SESSION });
    expect(within(await promptsPanel()).getByRole('button', { name: 'Turn on prompts' })).toBeInTheDocument();
  });

  it("without the Push API, says the browser cannot prompt and offers the browser's install prompt when it has one", async () => {
    const user = userEvent.setup();
    phone({ userAgent: USER_AGENTS.androidChrome, permission: 'default', pushManager: false });
    listenForInstallPrompt(window);
    renderApp('/app/studies/s1', calls, { session: SESSION });
    const panel = await promptsPanel();
    expect(within(panel).getByText('This browser cannot show notifications from the app, so it cannot prompt you.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Install the app' })).not.toBeInTheDocument();
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: jest.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);
    await user.click(await within(panel).findByRole('button', { name: 'Install the app' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(within(panel).queryByRole('button', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it('a failure to subscribe is shown in the participant’s words (never the browser’s), and the button stays', async () => {
    const user = userEvent.setup();
    const fake = phone({ userAgent: USER_AGENTS.androidChrome, permission: 'granted' });
    fake.subscribe.mockRejectedValueOnce(new Error('Registration failed - push service error'));
    renderApp('/app/studies/s1', calls, { session: SESSION });
    const panel = await promptsPanel();
    await user.click(within(panel).getByRole('button', { name: 'Turn on prompts' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Prompts could not be turned on: Something went wrong. Please try again.');
    expect(within(panel).getByRole('button', { name: 'Turn on prompts' })).toBeEnabled();
    // Already allowed: no second question.
    expect(fake.requestPermission).not.toHaveBeenCalled();
  });

  it('signing out removes the subscription on the server (while the token works) and on the phone', async () => {
    const user = userEvent.setup();
    const fake = phone({ userAgent: USER_AGENTS.androidChrome, permission: 'granted', subscribed: true });
    const { made } = renderApp('/app/studies/s1', calls, { session: SESSION });
    await promptsPanel();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    const removed = callsTo(made, 'DELETE', '/api/app/push/subscriptions');
    expect(removed.map((c) => [c.body, c.authorization])).toEqual([[{ endpoint: SUBSCRIPTION_BODY.endpoint }, `Bearer ${SESSION.token}`]]);
    expect(made.findIndex((c) => c.method === 'DELETE')).toBeLessThan(made.findIndex((c) => c.path === '/api/app/logout'));
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
    expect(fake.holds()).toBe(false);
  });
});
