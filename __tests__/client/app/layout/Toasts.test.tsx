import { act, screen } from '@testing-library/react';
import { Toasts } from '../../../../src/client/app/layout/Toasts';
import { toastShown } from '../../../../src/client/app/notifications/notificationsSlice';
import { TOAST_AUTO_HIDE_MS } from '../../../../src/shared/limits';
import { renderWithProviders } from '../../testUtils';
import { bottomBarProps } from '../../../../src/client/app/layout/bottomBars';

/** A Save Changes bar whose box (jsdom lays nothing out) is where `place` says. */
function Bar({ place }: { place: { top: number; height: number } }) {
  return (
    <div
      {...bottomBarProps}
      ref={(el) => {
        if (el) el.getBoundingClientRect = () => ({ top: place.top, bottom: place.top + place.height, height: place.height, left: 0, right: 0, width: 0, x: 0, y: place.top, toJSON: () => ({}) });
      }}
    />
  );
}

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

  it('sits bottom-right, never over the header, and above a Save Changes bar kept at the bottom', () => {
    const place = { top: window.innerHeight - 60, height: 60 };
    const { store } = renderWithProviders(
      <>
        <Bar place={place} />
        <Toasts />
      </>,
    );
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(region).toHaveClass('position-fixed', 'end-0');
    expect(region).not.toHaveClass('top-0');
    act(() => {
      store.dispatch(toastShown('Changes have been saved'));
    });
    expect(region).toHaveStyle({ bottom: '60px' });
    expect(region.style.top).toBe('');

    // Scrolled so that the bar (sticky, not stuck) is higher up the page: the toasts go down to the corner.
    place.top = 100;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(region).toHaveStyle({ bottom: '0px' });
  });
});
