import '../../support/environment';
import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QA_SESSION_KEY } from '../../../../src/client/app/qa/useQaTools';
import { portalMessages } from '../../../../src/shared/messages';
import { labUserSession, ownerSession, siteConfig } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn, siteState } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  window.sessionStorage.clear();
  net = mockApi().on('GET', '/api/labs', { status: 200, data: { labs: [] } });
});
afterEach(() => {
  net.restore();
  jest.restoreAllMocks();
});

const panel = () => screen.queryByRole('complementary', { name: 'QA tools' });

describe('the QA panel', () => {
  it('is hidden unless asked for', async () => {
    renderWithProviders(undefined, { route: '/login' });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(panel()).not.toBeInTheDocument();
  });

  it('shows with ?qa=1 and remembers it for the session', async () => {
    renderWithProviders(undefined, { route: '/login?qa=1' });
    expect(await screen.findByRole('complementary', { name: 'QA tools' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(QA_SESSION_KEY)).toBe('1');
  });

  it('shows when the site enables QA tools', async () => {
    renderWithProviders(undefined, { route: '/login', preloadedState: { site: siteState({ ...siteConfig, qaTools: true }) } });
    expect(await screen.findByRole('complementary', { name: 'QA tools' })).toBeInTheDocument();
  });

  it('downloads the state as JSON without any token', async () => {
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:state';
      }),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderWithProviders(undefined, {
      route: '/systemowner/home?qa=1',
      preloadedState: { auth: signedIn({ labUser: labUserSession(), systemOwner: ownerSession() }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Download state' }));
    expect(click).toHaveBeenCalled();
    expect(saved).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]);
    });
    const snapshot = JSON.parse(text) as { route: string; state: { auth: { systemOwner: Record<string, unknown> } } };
    expect(snapshot.route).toBe('/systemowner/home?qa=1');
    expect(snapshot.state.auth.systemOwner.email).toBe('owner@example.org');
    expect(text).not.toContain('token');
    expect(text).not.toContain('owner-token');
    expect(text).not.toContain('lab-token');
  });

  it('loads a saved state and shows its screen', async () => {
    const file = readFileSync(path.join(__dirname, '../../../snapshots/system-owner-home-with-labs.json'), 'utf8');
    const { user, store } = renderWithProviders(undefined, {
      route: '/login?qa=1',
      preloadedState: { auth: signedIn({ systemOwner: ownerSession({ token: 'tester-token' }) }) },
    });
    const input = await screen.findByLabelText('Load state');
    await user.upload(input, new File([file], 'state.json', { type: 'application/json' }));
    expect(await screen.findByRole('heading', { name: 'Mood and Memory Lab' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/systemowner/home');
    expect(store.getState().auth.systemOwner).toMatchObject({ email: 'owner@localhost', token: 'tester-token' });
    expect(net.sent).toEqual([]);
  });

  it('refuses a file that is not a saved state', async () => {
    const { user } = renderWithProviders(undefined, { route: '/login?qa=1' });
    const input = await screen.findByLabelText('Load state');
    await user.upload(input, new File(['not json'], 'notes.json', { type: 'application/json' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(portalMessages.snapshotInvalid);
  });
});
