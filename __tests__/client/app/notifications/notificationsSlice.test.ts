import { configureStore } from '@reduxjs/toolkit';
import {
  alertDismissed,
  alertShown,
  notificationsReducer,
  pageChanged,
  toastHidden,
  toastShown,
} from '../../../../src/client/app/notifications/notificationsSlice';
import { snapshotLoaded } from '../../../../src/client/app/qa/qaSlice';
import { createApiThunk } from '../../../../src/client/app/createApiThunk';
import { FetchAnswerError } from '../../../../src/client/api/errors';

// The reducer alone; the development checks only slow a busy test machine down here.
const store = () =>
  configureStore({
    reducer: { notifications: notificationsReducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }),
  });

describe('notifications slice', () => {
  it('identifies toasts by their creation time, kept unique', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1000);
    const s = store();
    s.dispatch(toastShown('First'));
    s.dispatch(toastShown('Second'));
    expect(s.getState().notifications.toasts).toEqual([
      { createdAt: 1000, message: 'First' },
      { createdAt: 1001, message: 'Second' },
    ]);
    s.dispatch(toastHidden(1000));
    expect(s.getState().notifications.toasts).toEqual([{ createdAt: 1001, message: 'Second' }]);
    jest.restoreAllMocks();
  });

  it('clears the red alert on the next page, unless it explains that page', () => {
    const s = store();
    s.dispatch(alertShown('Lab not found'));
    s.dispatch(pageChanged());
    expect(s.getState().notifications.alert).toBeNull();
    s.dispatch(alertShown('Your session has expired', true));
    s.dispatch(pageChanged());
    expect(s.getState().notifications.alert).toEqual({ message: 'Your session has expired', keepOnNextPage: false });
    s.dispatch(alertDismissed());
    expect(s.getState().notifications.alert).toBeNull();
  });

  it('keeps a replayed snapshot’s alert through the move to its page', () => {
    const s = store();
    s.dispatch(alertShown('Saved alert'));
    s.dispatch(snapshotLoaded({}));
    s.dispatch(pageChanged());
    expect(s.getState().notifications.alert?.message).toBe('Saved alert');
  });

  it('shows a failed call in the red alert, unless the dialog that made it shows it itself (showsOwnFailure)', async () => {
    const refuse = () => Promise.reject(new FetchAnswerError(409, { message: 'This email is already registered' }));
    const s = store();
    await s.dispatch(createApiThunk('test/ownFailure', refuse, { showsOwnFailure: true })());
    expect(s.getState().notifications.alert).toBeNull();
    await s.dispatch(createApiThunk('test/pageFailure', refuse)());
    expect(s.getState().notifications.alert).toEqual({ message: 'This email is already registered', keepOnNextPage: false });
  });
});
