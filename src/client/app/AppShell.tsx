// Around every page: the router bridge, the alert's page tracking, the toasts and (when asked for) QA tools.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { pageChanged } from './notifications/notificationsSlice';
import { useQaTools } from './qa/useQaTools';
import { useAppDispatch } from './hooks';
import { Toasts } from './layout/Toasts';
import { NavigationBridge } from './NavigationBridge';

const QaPanel = lazy(() => import('./qa/QaPanel').then((m) => ({ default: m.QaPanel })));

/** Red alerts belong to the page they were raised on: moving to another page clears them. */
function usePageChanges() {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const previous = useRef(here);
  useEffect(() => {
    if (previous.current !== here) dispatch(pageChanged());
    previous.current = here;
  }, [dispatch, here]);
}

export function AppShell() {
  const qaTools = useQaTools();
  usePageChanges();
  return (
    <>
      <NavigationBridge />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
      <Toasts />
      {qaTools && (
        <Suspense fallback={null}>
          <QaPanel />
        </Suspense>
      )}
    </>
  );
}
