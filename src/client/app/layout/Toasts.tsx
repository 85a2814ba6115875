// Transient info toasts for server messages; each hides itself after TOAST_AUTO_HIDE_MS (3 s). The container
// is one polite live region, so screen readers announce each toast without interrupting, and it never
// competes with the red alert (react-bootstrap's Toast forces role="alert"). They sit bottom-right, above any
// Save Changes bar kept at the bottom: at the top right they covered the header's menu and the buttons beside
// a page's title, the ones most often needed next.
import { useEffect } from 'react';
import { TOAST_AUTO_HIDE_MS } from '../../../shared/limits';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectToasts, toastHidden, type Toast } from '../notifications/notificationsSlice';
import { useBottomBarsHeight } from './bottomBars';

function InfoToast({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = window.setTimeout(() => dispatch(toastHidden(toast.createdAt)), TOAST_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, toast.createdAt]);
  return (
    <div className="toast show bg-info-subtle">
      <div className="toast-header">
        <strong className="me-auto">Info</strong>
        <button type="button" className="btn-close" aria-label="Close" onClick={() => dispatch(toastHidden(toast.createdAt))} />
      </div>
      <div className="toast-body">{toast.message}</div>
    </div>
  );
}

export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  const bars = useBottomBarsHeight(toasts.length > 0);
  return (
    <div className="toast-container position-fixed end-0 p-3" style={{ bottom: bars }} role="status" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <InfoToast key={toast.createdAt} toast={toast} />
      ))}
    </div>
  );
}
