// The lab user's area keeps the permission entries known (accessReads.ts): it reads them when they are not,
// and again when the window comes back after a while. A QA tester's replayed snapshot is shown as it was.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectReplaying } from '../../app/qa/qaSlice';
import { selectAllAccess } from './authSlice';
import { readAccess, rereadStaleAccess } from './accessReads';

/** `signedIn`: the page's lab-user session is valid here (RequireLabUser). */
export function useAccessReads(signedIn: boolean): void {
  const dispatch = useAppDispatch();
  const known = useAppSelector(selectAllAccess) !== null;
  const replaying = useAppSelector(selectReplaying);
  const reading = signedIn && !replaying;

  // Not again after a failed read: RequireAccessEntries offers Try again, and a focus tries again as well.
  useEffect(() => {
    if (reading && !known) dispatch(readAccess());
  }, [dispatch, reading, known]);

  useEffect(() => {
    if (!reading) return undefined;
    const onFocus = () => dispatch(rereadStaleAccess());
    const onVisible = () => {
      if (document.visibilityState === 'visible') onFocus();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [dispatch, reading]);
}
