// A failed call's message (role=alert, read out at once) or a confirmation (role=status).
import type { RequestState } from '../../ui/state/requestState';
import { useFailureText } from '../errors/useFailureText';

export function ErrorMessage({ message }: { message: string | null }) {
  return message ? (
    <p className="alert alert-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** A call's failure in the participant's words (errors/failures.ts); nothing unless it failed. */
export function FailureMessage({ request }: { request: RequestState | null }) {
  const failureText = useFailureText();
  return <ErrorMessage message={request?.status === 'fail' ? failureText(request.message) : null} />;
}

export function StatusMessage({ message }: { message: string | null }) {
  return message ? (
    <p className="alert alert-ok" role="status">
      {message}
    </p>
  ) : null;
}
