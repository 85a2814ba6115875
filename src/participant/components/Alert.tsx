// A failed call's message (role=alert, read out at once) or a confirmation (role=status).
export function ErrorMessage({ message }: { message: string | null }) {
  return message ? (
    <p className="alert alert-error" role="alert">
      {message}
    </p>
  ) : null;
}

export function StatusMessage({ message }: { message: string | null }) {
  return message ? (
    <p className="alert alert-ok" role="status">
      {message}
    </p>
  ) : null;
}
