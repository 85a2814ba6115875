// The red alert at the top of the page: the message of the last failed call (part 1 section 8).
import Alert from 'react-bootstrap/Alert';
import { useAppDispatch, useAppSelector } from '../hooks';
import { alertDismissed, selectAlert } from '../../features/notifications/notificationsSlice';

export function AlertMessage() {
  const alert = useAppSelector(selectAlert);
  const dispatch = useAppDispatch();
  if (!alert) return null;
  return (
    <Alert variant="danger" dismissible onClose={() => dispatch(alertDismissed())} closeLabel="Dismiss">
      {alert.message}
    </Alert>
  );
}
