import { act, screen } from '@testing-library/react';
import { Toasts } from '../../../../src/client/app/layout/Toasts';
import { toastShown } from '../../../../src/client/features/notifications/notificationsSlice';
import { TOAST_AUTO_HIDE_MS } from '../../../../src/shared/limits';
import { renderWithProviders } from '../../testUtils';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('Toasts', () => {
  it('shows info toasts in a polite live region and hides each after 3 seconds', () => {
    const { store } = renderWithProviders(<Toasts />);
    const region = screen.getByRole('status', { name: 'Notifications' });
    act(() => {
      store.dispatch(toastShown('Stage Added'));
    });
    expect(region).toHaveTextContent('Stage Added');

    act(() => {
      jest.advanceTimersByTime(1000);
      store.dispatch(toastShown('Stage Deleted'));
    });
    expect(screen.getByText('Stage Added')).toBeInTheDocument();
    expect(screen.getByText('Stage Deleted')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(TOAST_AUTO_HIDE_MS - 1000);
    });
    expect(screen.queryByText('Stage Added')).not.toBeInTheDocument();
    expect(screen.getByText('Stage Deleted')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(999);
    });
    expect(screen.getByText('Stage Deleted')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Stage Deleted')).not.toBeInTheDocument();
    expect(store.getState().notifications.toasts).toEqual([]);
  });

  it('can be closed by hand', async () => {
    const { store, user } = renderWithProviders(<Toasts />, { advanceTimers: jest.advanceTimersByTime });
    act(() => {
      store.dispatch(toastShown('Changes have been saved'));
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Changes have been saved')).not.toBeInTheDocument();
  });
});
