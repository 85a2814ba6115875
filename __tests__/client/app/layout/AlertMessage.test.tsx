import { act, screen } from '@testing-library/react';
import { alertShown } from '../../../../src/client/app/notifications/notificationsSlice';
import { mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

describe('the red alert', () => {
  it('shows the message at the top of the page, can be dismissed, and is cleared by moving to another page', async () => {
    const { store, user } = renderWithProviders(undefined, { route: '/participant_support' });
    await screen.findByRole('heading', { name: 'Participant Support' });
    act(() => {
      store.dispatch(alertShown('Study not found'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Study not found');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => {
      store.dispatch(alertShown('Study not found'));
    });
    await user.click(screen.getByRole('link', { name: 'how to get started' }));
    expect(await screen.findByRole('heading', { name: 'The Participant App' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps an alert raised for the next page once', async () => {
    const { store, user } = renderWithProviders(undefined, { route: '/participant_support' });
    await screen.findByRole('heading', { name: 'Participant Support' });
    act(() => {
      store.dispatch(alertShown('Your session has expired. Please sign in again.', true));
    });
    await user.click(screen.getByRole('link', { name: 'how to get started' }));
    await screen.findByRole('heading', { name: 'The Participant App' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has expired. Please sign in again.');
    expect(net.sent).toEqual([]);
  });
});
