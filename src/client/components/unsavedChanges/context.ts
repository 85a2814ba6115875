// What the unsaved-changes guards share: the provider at the router's root, and the guarded dialog around a form.
import { createContext, useContext } from 'react';

/** Which question the shared dialog asks. */
export type UnsavedQuestion = 'leave' | 'discard';

export interface UnsavedChangesRegistry {
  /** A guard says whether its work differs from what is saved (false again when it unmounts). */
  report(guardId: string, dirty: boolean): void;
  /** Shows the shared question; true when the user chose to lose the changes. */
  ask(question: UnsavedQuestion): Promise<boolean>;
  /** Asks "Leave this page?" when any guard holds changes; true at once when none does. */
  confirmLeaving(): Promise<boolean>;
  /** Runs `go` (which navigates) without asking: the work was saved, or the user already answered. */
  leaveWithoutAsking(go: () => void): void;
}

export const UnsavedChangesContext = createContext<UnsavedChangesRegistry | null>(null);

export function useUnsavedChangesRegistry(): UnsavedChangesRegistry {
  const registry = useContext(UnsavedChangesContext);
  if (!registry) throw new Error('Unsaved-changes guards need the UnsavedChangesProvider (app/router.tsx) above them');
  return registry;
}

export interface GuardedModalRegistry {
  report(guardId: string, dirty: boolean): void;
  /** Closes the dialog, asking first when a guard inside it holds changes. */
  hide(): void;
}

export const GuardedModalContext = createContext<GuardedModalRegistry | null>(null);
