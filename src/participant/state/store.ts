// The app's own store: its slices, the 401 middleware, and the session kept on the phone.
import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { setTokenSource } from '../api/client';
import { writeSession } from '../api/sessionStore';
import { currentLocation, navigate } from '../routing/history';
import { paths } from '../routing/paths';
import { endsSession } from './appThunk';
import { participationsReducer } from './participationsSlice';
import { promptsReducer } from './promptsSlice';
import { messagesReducer } from './messagesSlice';
import { promptEmailsReducer } from './promptEmailsSlice';
import { sessionEnded, sessionReducer } from './sessionSlice';
import { siteReducer, keepSite, loadSite } from './siteSlice';
import { outboxReducer } from './outboxSlice';
import { pilotReducer } from '../pilot/pilotSlice';
import { questionnairesReducer } from './questionnairesSlice';
import { tasksReducer } from './tasksSlice';

export const rootReducer = combineReducers({
  session: sessionReducer,
  site: siteReducer,
  participations: participationsReducer,
  tasks: tasksReducer,
  prompts: promptsReducer,
  messages: messagesReducer,
  promptEmails: promptEmailsReducer,
  questionnaires: questionnairesReducer,
  outbox: outboxReducer,
  pilot: pilotReducer,
});

export type AppState = ReturnType<typeof rootReducer>;

/** A 401 on a participant call ends the session and shows the sign-in screen, coming back here after it. */
const unauthorized: Middleware = (api) => (next) => (action) => {
  const result = next(action);
  if (endsSession(action)) {
    api.dispatch(sessionEnded());
    const { pathname, search } = currentLocation();
    navigate(paths.signIn(pathname + search), { replace: true });
  }
  return result;
};

export function createAppStore(preloadedState?: Partial<AppState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // An answer given to the outbox carries its photos as Blobs (kept in IndexedDB, never in the state).
    middleware: (getDefault) => getDefault({ serializableCheck: { ignoredActionPaths: ['meta.arg.photos'] } }).concat(unauthorized),
  });
  setTokenSource(() => store.getState().session.session?.token ?? null);
  // The session and the organization are kept on the phone whenever they change.
  let session = store.getState().session.session;
  let site = store.getState().site.site;
  store.subscribe(() => {
    const state = store.getState();
    // A pilot's session stays in memory: the phone's own stored session is left as it is.
    if (state.session.session !== session && !state.pilot.active) {
      session = state.session.session;
      writeSession(session);
    }
    if (state.site.site !== site) {
      site = state.site.site;
      if (site) keepSite(site);
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export { loadSite };
