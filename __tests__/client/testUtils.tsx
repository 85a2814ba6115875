// renderWithProviders: a real store (makeStore) and a memory data router set up as the portal's (app/router.tsx),
// the portal's routes by default.
import './support/environment';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { AppRoutes } from '../../src/client/app/AppRoutes';
import { portalRoutes } from '../../src/client/app/router';
import { makeStore, type AppStore, type PreloadedState, type RootState } from '../../src/client/app/store';
import { initialRequests } from '../../src/ui/state/requestState';
import { initialAuthState, type AuthState } from '../../src/client/features/auth/authSlice';
import type { LabUserSession, SiteConfig, SystemOwnerSession } from '../../src/shared/types/identity';
import { siteConfig } from './support/fixtures';

// Page tests load lazy pages and walk through several screens; on a busy two-core machine running the
// projects in parallel that can pass Jest's 5 s default.
jest.setTimeout(20000);

interface RenderOptions {
  preloadedState?: PreloadedState;
  route?: string;
  store?: AppStore;
  advanceTimers?: (ms: number) => void;
}

/** Shows where the router is, so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" hidden>
      {location.pathname + location.search}
    </div>
  );
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** A slice's state; for a lazily injected slice, once its module has loaded (app/store.ts LazyLoadedSlices). */
export function sliceState<K extends keyof RootState>(store: AppStore, key: K): NonNullable<RootState[K]> {
  const state = store.getState()[key];
  if (state === undefined || state === null) throw new Error(`the ${String(key)} slice is not injected`);
  return state as NonNullable<RootState[K]>;
}

export function siteState(config: SiteConfig = siteConfig): PreloadedState['site'] {
  return { config, requests: { ...initialRequests(['config'] as const), config: { status: 'success', message: null } } };
}

/** The sessions; a lab user's permission entries are known and empty (pass allAccess to give some, null for unknown). */
export function signedIn(sessions: { labUser?: LabUserSession; systemOwner?: SystemOwnerSession }): AuthState {
  const labUser = sessions.labUser ?? null;
  return { ...initialAuthState, labUser, systemOwner: sessions.systemOwner ?? null, allAccess: labUser ? [] : null };
}

export function testStore(preloadedState: PreloadedState = {}): AppStore {
  window.localStorage.clear();
  return makeStore({ site: siteState(), ...preloadedState });
}

export function renderWithProviders(ui: ReactElement = <AppRoutes />, options: RenderOptions = {}) {
  const store = options.store ?? testStore(options.preloadedState);
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const router = createMemoryRouter(
    portalRoutes(
      <>
        {ui}
        <LocationProbe />
      </>,
    ),
    { initialEntries: [options.route ?? '/'] },
  );
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, user, router, ...result };
}
