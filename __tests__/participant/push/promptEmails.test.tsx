// The prompt settings' email switch (issue 33): it shows the participant's choice as the server has it, turns
// prompt emails off and on through PUT /api/app/prompt_emails, says so in the app's language, and shows a failure
// without changing the choice. It is there whether or not this phone can be prompted by push.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, renderApp, SESSION, type Calls } from '../support';
import { participation } from '../fixtures';
import { fakeBrowser, USER_AGENTS, type FakeBrowser } from './browsers';

jest.setTimeout(20_000);

const base: Calls = {
  'GET /api/app/studies': { status: 200, body: { participations: [participation({ status: 'enrolled' })] } },
  'GET /api/app/studies/s1/tasks': { status: 200, body: { ema: [], diary: [], once: [], anytime: [] } },
  'GET /api/app/prompt_emails': { status: 200, body: { enabled: true } },
  'PUT /api/app/prompt_emails': (body) => ({ status: 200, body }),
};

let browser: FakeBrowser | null = null;
afterEach(() => {
  browser?.restore();
  browser = null;
});

const LABEL = 'Email me a prompt when it cannot reach this phone as a notification';

async function panel(): Promise<HTMLElement> {
  return (await screen.findByRole('heading', { name: 'Prompts on this phone' })).parentElement as HTMLElement;
}

describe('prompt emails in the prompt settings', () => {
  it('shows the choice as the server has it, and turns emails off and on again', async () => {
    const user = userEvent.setup();
    browser = fakeBrowser({ userAgent: USER_AGENTS.androidChrome, permission: 'default' });
    const { made } = renderApp('/app/studies/s1', base, { session: SESSION });
    const box = await within(await panel()).findByRole('checkbox', { name: LABEL });
    expect(box).toBeChecked();
    expect(screen.getByText('A prompt this phone does not receive in time is sent to your email address.')).toBeInTheDocument();
    await user.click(box);
    expect(await screen.findByText('Prompts are not emailed to you.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(await screen.findByText('A prompt this phone does not receive in time is sent to your email address.')).toBeInTheDocument();
    const sent = callsTo(made, 'PUT', '/api/app/prompt_emails');
    expect(sent.map((c) => c.body)).toEqual([{ enabled: false }, { enabled: true }]);
    expect(sent[0].authorization).toBe(`Bearer ${SESSION.token}`);
  });

  it('is offered where the phone cannot be prompted by push (iPhone Safari not on the Home Screen), off as the server says', async () => {
    browser = fakeBrowser({ userAgent: USER_AGENTS.iphoneSafari, permission: 'default', standalone: false });
    renderApp('/app/studies/s1', { ...base, 'GET /api/app/prompt_emails': { status: 200, body: { enabled: false } } }, { session: SESSION });
    const box = await within(await panel()).findByRole('checkbox', { name: LABEL });
    expect(box).not.toBeChecked();
  });

  it('shows a failure and keeps the choice as it was', async () => {
    const user = userEvent.setup();
    browser = fakeBrowser({ userAgent: USER_AGENTS.androidChrome, permission: 'default' });
    renderApp('/app/studies/s1', { ...base, 'PUT /api/app/prompt_emails': { status: 500, body: { message: 'Database unavailable' } } }, { session: SESSION });
    const box = await within(await panel()).findByRole('checkbox', { name: LABEL });
    await user.click(box);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(box).toBeChecked();
  });

  it('speaks Traditional Chinese when the app does', async () => {
    browser = fakeBrowser({ userAgent: USER_AGENTS.androidChrome, permission: 'default' });
    renderApp('/app/studies/s1', base, { session: SESSION, language: 'zh-Hant' });
    expect(await screen.findByRole('checkbox', { name: '提示未能以通知送達此手機時，以電郵通知我' })).toBeChecked();
  });
});
