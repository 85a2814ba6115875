// Feedback the user sees: transient info toasts (identified by creation time, hidden after 3 s by the Toasts
// component) and one red alert at the top of the page for the last failed call.
import { createSlice, isPending, isRejectedWithValue, type PayloadAction } from '@reduxjs/toolkit';
import { isApiError } from '../../api/errors';
import { isBackgroundCall, isFailureShownByCaller } from '../createApiThunk';
import { snapshotLoaded } from '../qa/qaSlice';

export interface Toast {
  /** Creation time in ms; unique within the list, and the toast's identity. */
  createdAt: number;
  message: string;
}

export interface Alert {
  message: string;
  /** Survives the next change of page: set when the alert explains why the user was sent elsewhere. */
  keepOnNextPage: boolean;
}

export interface NotificationsState {
  toasts: Toast[];
  alert: Alert | null;
}

const initialState: NotificationsState = { toasts: [], alert: null };

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    toastShown: {
      reducer: (state, action: PayloadAction<Toast>) => {
        let createdAt = action.payload.createdAt;
        while (state.toasts.some((t) => t.createdAt === createdAt)) createdAt += 1;
        state.toasts.push({ ...action.payload, createdAt });
      },
      prepare: (message: string) => ({ payload: { message, createdAt: Date.now() } }),
    },
    toastHidden: (state, action: PayloadAction<number>) => {
      state.toasts = state.toasts.filter((t) => t.createdAt !== action.payload);
    },
    alertShown: {
      reducer: (state, action: PayloadAction<Alert>) => {
        state.alert = action.payload;
      },
      prepare: (message: string, keepOnNextPage = false) => ({ payload: { message, keepOnNextPage } }),
    },
    /** The page changed: an alert kept for this page stays once, any other is cleared. */
    pageChanged: (state) => {
      if (state.alert?.keepOnNextPage) state.alert.keepOnNextPage = false;
      else state.alert = null;
    },
    alertDismissed: (state) => {
      state.alert = null;
    },
  },
  extraReducers: (builder) => {
    // A replayed snapshot's alert must survive the move to the snapshot's page.
    builder.addCase(snapshotLoaded, (state) => {
      if (state.alert) state.alert.keepOnNextPage = true;
    });
    // A new call starts: the previous failure no longer describes what is on screen. A background call (a
    // poll) is not something the user did, so it leaves the alert.
    builder.addMatcher(isPending, (state, action) => {
      if (isBackgroundCall(action.meta)) return;
      if (!state.alert?.keepOnNextPage) state.alert = null;
    });
    // Generic handling: the message of every failed call shows in the red alert, unless the dialog that
    // made the call shows it itself.
    builder.addMatcher(isRejectedWithValue, (state, action) => {
      if (isFailureShownByCaller(action.meta)) return;
      if (isApiError(action.payload)) state.alert = { message: action.payload.message, keepOnNextPage: false };
    });
  },
  selectors: {
    selectToasts: (state) => state.toasts,
    selectAlert: (state) => state.alert,
  },
});

export const { toastShown, toastHidden, alertShown, alertDismissed, pageChanged } = notificationsSlice.actions;
export const { selectToasts, selectAlert } = notificationsSlice.selectors;
export const notificationsReducer = notificationsSlice.reducer;
