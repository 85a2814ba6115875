import type { ReactNode } from 'react';

/** Shown in place of a list that has nothing in it, with what the user can do next. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="text-center text-body-secondary border rounded py-5 px-3">
      <p className="mb-3">{message}</p>
      {children}
    </div>
  );
}
