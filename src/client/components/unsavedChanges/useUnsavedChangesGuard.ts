// The shared guard for typed work (issue "Unsaved edits are never lost silently"). Use it in every editor,
// form or dialog that holds work the user typed:
//
//   const dirty = !deepEqual(draft, saved);        // compare with what is saved, never a flag set on keypress
//   const guard = useUnsavedChangesGuard(dirty);
//
// While `dirty` is true, following a link of the portal (menus, Go Back, the browser's Back) asks "You have
// unsaved changes. Leave this page?" (Stay / Leave), and reload or closing the tab gets the browser's question.
// Inside a GuardedModal, Escape, the close button, a click on the backdrop and its Cancel buttons ask "Discard
// them?" first. Nothing asks while `dirty` is false, so after a successful save the saved state must equal the
// draft again (or the component remounts on the saved data).
//   guard.confirmDiscard(then)      runs `then` (e.g. Cancel back to a list) after asking, when dirty
//   guard.leaveWithoutAsking(go)    navigates without asking, e.g. to the list after a successful create
import { useContext, useEffect, useId, useMemo } from 'react';
import { GuardedModalContext, useUnsavedChangesRegistry } from './context';

export interface UnsavedChangesGuard {
  confirmDiscard(then: () => void): void;
  leaveWithoutAsking(go: () => void): void;
}

export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const registry = useUnsavedChangesRegistry();
  const modal = useContext(GuardedModalContext);
  const guardId = useId();

  useEffect(() => {
    registry.report(guardId, dirty);
    modal?.report(guardId, dirty);
    return () => {
      registry.report(guardId, false);
      modal?.report(guardId, false);
    };
  }, [registry, modal, guardId, dirty]);

  return useMemo(
    () => ({
      confirmDiscard(then: () => void) {
        if (!dirty) return then();
        void registry.ask('discard').then((discard) => {
          if (discard) then();
        });
      },
      leaveWithoutAsking: registry.leaveWithoutAsking,
    }),
    [registry, dirty],
  );
}

/**
 * For code outside the guarded page that navigates on the user's behalf: Logout asks with `confirmLeaving()`
 * before signing out; redirects the user did not choose (the 401 sign-out) use `leaveWithoutAsking`.
 */
export function useUnsavedChanges(): Pick<ReturnType<typeof useUnsavedChangesRegistry>, 'confirmLeaving' | 'leaveWithoutAsking'> {
  const { confirmLeaving, leaveWithoutAsking } = useUnsavedChangesRegistry();
  return { confirmLeaving, leaveWithoutAsking };
}
