// The store: one slice per entity, only the auth slice persisted (localStorage key "persist:auth"), and the
// QA snapshot loader at the root. Slices used by one area's pages only (studies, questionnaires, media, participants, the owner's studies) are
// injected by their own module when a page of that area loads (LazyLoadedSlices), so they stay out of the
// sign-in page's first load.
import { combineSlices, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type PersistedState,
  type Persistor,
} from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { setTokenGetter } from '../api/client';
import { authReducer, type AuthState } from '../features/auth';
import { labsReducer } from '../features/labs';
import { notificationsReducer } from './notifications/notificationsSlice';
import { qaReducer, snapshotLoaded } from './qa/qaSlice';
import { stateFromSnapshot } from './qa/snapshot';
import { siteReducer } from './site/siteSlice';
import { forbiddenMiddleware } from './forbiddenMiddleware';
import { createUnauthorizedMiddleware } from './unauthorizedMiddleware';
import type { Navigation } from './navigation';

// Only the sessions are persisted. Request states are not (after a reload no call is in flight), nor are the
// permission entries: a stored copy may be one the owner has changed since, or the empty list of a sign-in
// whose read had not answered, so every start reads them afresh (docs/decisions.md).
const persistedAuthKeys: readonly string[] = ['labUser', 'systemOwner'];

/** redux-persist restores every key it finds stored: an older copy's entries must not count as known. */
function onlyPersistedAuth(state: PersistedState): Promise<PersistedState> {
  if (!state) return Promise.resolve(state);
  const kept = Object.entries(state).filter(([key]) => key === '_persist' || persistedAuthKeys.includes(key));
  return Promise.resolve(Object.fromEntries(kept) as PersistedState);
}

const authPersistConfig = { key: 'auth', storage, whitelist: [...persistedAuthKeys], migrate: onlyPersistedAuth };

/** Slices a feature injects when its pages load; each adds itself here (declare module). */
export interface LazyLoadedSlices {}

export const slices = combineSlices({
  auth: persistReducer(authPersistConfig, authReducer),
  site: siteReducer,
  labs: labsReducer,
  notifications: notificationsReducer,
  qa: qaReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof slices>;

function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  if (state && snapshotLoaded.match(action)) return slices(stateFromSnapshot(state, action.payload), action);
  return slices(state, action);
}

/** What tests and main may preload: any slices, auth without redux-persist's bookkeeping. */
export type PreloadedState = Partial<Omit<RootState, 'auth'>> & { auth?: AuthState };

export interface StoreOptions {
  /** Where the 401 middleware reads the location and navigates; the router bridge by default. */
  navigation?: Navigation;
}

export function makeStore(preloadedState?: PreloadedState, options: StoreOptions = {}) {
  const store = configureStore({
    reducer: rootReducer,
    // redux-persist adds its bookkeeping to auth on its own PERSIST action, so preloaded auth may lack it.
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        // The development-only checks warn on slow machines long before a state is really too large.
        immutableCheck: { warnAfter: 200 },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER], warnAfter: 200 },
      }).concat(createUnauthorizedMiddleware(options.navigation), forbiddenMiddleware),
  });
  setTokenGetter((kind) => {
    const { auth } = store.getState();
    return (kind === 'systemOwner' ? auth.systemOwner?.token : auth.labUser?.token) ?? null;
  });
  const persistor: Persistor = persistStore(store);
  return Object.assign(store, { persistor });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
