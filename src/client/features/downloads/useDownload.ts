// What every download control shares: its request state, progress and saved name from the slice; a way to
// cancel the download it started; and, when the control goes away, the download cancelled and its state
// cleared so that another page does not show this one's alert.
import { useCallback, useEffect, useRef } from 'react';
import type { DataDownloadKind } from '../../../shared/dataDownloads';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { downloadsRequestReset, selectDownloadProgress, selectDownloadsRequests, selectSavedDownloads } from './downloadsSlice';

/** A dispatched download thunk: RTK's promise, whose abort() cancels the request. */
interface Abortable {
  abort: () => void;
}

export function useDownload(kind: DataDownloadKind) {
  const dispatch = useAppDispatch();
  const request = useAppSelector(selectDownloadsRequests)[kind];
  const progress = useAppSelector(selectDownloadProgress)[kind];
  const saved = useAppSelector(selectSavedDownloads)[kind];
  const running = useRef<Abortable | null>(null);

  useEffect(
    () => () => {
      running.current?.abort();
      running.current = null;
      dispatch(downloadsRequestReset(kind));
    },
    [dispatch, kind],
  );

  /** Keeps the dispatched thunk so that cancel (or leaving) can stop it. */
  const started = useCallback((download: Abortable) => {
    running.current = download;
  }, []);

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
  }, []);

  return { request, progress, saved, busy: request.status === 'request', started, cancel };
}
