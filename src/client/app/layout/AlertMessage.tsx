// The red alert at the top of the page: the message of the last failed call (part 1 section 8). Bootstrap's
// alert markup is written out: every page shows it, and react-bootstrap's Alert brings its fade transition
// code into the first load.
import { useAppDispatch, useAppSelector } from '../hooks';
import { alertDismissed, selectAlert } from '../notifications/notificationsSlice';

export function AlertMessage() {
  const alert = useAppSelector(selectAlert);
  const dispatch = useAppDispatch();
  if (!alert) return null;
  return (
    <div role="alert" className="alert alert-danger alert-dismissible">
      <button type="button" className="btn-close" aria-label="Dismiss" onClick={() => dispatch(alertDismissed())} />
      {alert.message}
    </div>
  );
}
