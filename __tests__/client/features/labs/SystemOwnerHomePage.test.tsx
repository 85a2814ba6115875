import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lab, otherLab, ownerSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const asOwner = { auth: signedIn({ systemOwner: ownerSession() }) };

describe('SystemOwnerHomePage (/systemowner/home)', () => {
  it('shows a card per lab with its name, organization and Details', async () => {
    net.on('GET', '/api/labs', { status: 200, data: { labs: [lab, otherLab] } });
    renderWithProviders(undefined, { route: '/systemowner/home', preloadedState: asOwner });
    const card = (await screen.findByRole('heading', { name: 'Sleep Lab' })).closest('.card') as HTMLElement;
    expect(within(card).getByText('Organization One')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/systemowner/lab/lab1');
    expect(screen.getByRole('heading', { name: 'Mood Lab' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Lab' })).toHaveAttribute('href', '/systemowner/createLab');
    expect(net.sent[0].authorization).toBe('Bearer owner-token');
  });

  it('says so when there are no labs', async () => {
    net.on('GET', '/api/labs', { status: 200, data: { labs: [] } });
    renderWithProviders(undefined, { route: '/systemowner/home', preloadedState: asOwner });
    expect(await screen.findByText('There are no labs yet. Create the first lab and its lab manager account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Lab' })).toBeInTheDocument();
  });

  it('shows a failed load in the red alert', async () => {
    net.on('GET', '/api/labs', { status: 500, data: { message: 'Something went wrong on the server. Please try again.' } });
    renderWithProviders(undefined, { route: '/systemowner/home', preloadedState: asOwner });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on the server. Please try again.');
  });

  it('removes the stored system owner info when the page is unloaded', async () => {
    net.on('GET', '/api/labs', { status: 200, data: { labs: [lab] } });
    const { store } = renderWithProviders(undefined, { route: '/systemowner/home', preloadedState: asOwner });
    await screen.findByRole('heading', { name: 'Sleep Lab' });
    await waitFor(() => expect(store.persistor.getState().bootstrapped).toBe(true));
    await store.persistor.flush();
    expect(window.localStorage.getItem('persist:auth')).toContain('owner-token');

    fireEvent(window, new Event('pagehide'));
    // Written at once: no timer runs after a page is unloaded.
    const saved = JSON.parse(window.localStorage.getItem('persist:auth') ?? '{}') as Record<string, string>;
    expect(JSON.parse(saved.systemOwner)).toBeNull();
    expect(store.getState().auth.systemOwner).toBeNull();
    expect(await screen.findByRole('heading', { name: 'System Owner Sign In' })).toBeInTheDocument();
  });
});
