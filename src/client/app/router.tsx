// The portal's router. A data router (createBrowserRouter), because the unsaved-changes guard blocks
// navigation with react-router's useBlocker, which needs one. The route table stays in AppRoutes, rendered
// under one catch-all route, with the one UnsavedChangesProvider (react-router allows one blocker) around it.
import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { UnsavedChangesProvider } from '../components/unsavedChanges/UnsavedChangesProvider';
import { AppRoutes } from './AppRoutes';

/** The routes of the portal; tests pass their own content to render it in a memory router the same way. */
export function portalRoutes(content: ReactNode = <AppRoutes />): RouteObject[] {
  return [{ path: '*', element: <UnsavedChangesProvider>{content}</UnsavedChangesProvider> }];
}

export function createPortalRouter() {
  return createBrowserRouter(portalRoutes());
}
