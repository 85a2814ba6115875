// A dialog that holds typed work: react-bootstrap's Modal whose Escape, close button and backdrop click ask
// "You have unsaved changes. Discard them?" while a guard inside it (useUnsavedChangesGuard) holds changes.
// Cancel or Close buttons inside it use DialogCloseButton (or useGuardedModalHide) to ask the same way. A
// successful save closes it directly through the owner's own onHide, without asking.
import { useCallback, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Modal, { type ModalProps } from 'react-bootstrap/Modal';
import { GuardedModalContext, useUnsavedChangesRegistry, type GuardedModalRegistry } from './context';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

type GuardedModalProps = Omit<ModalProps, 'onHide'> & { onHide: () => void; children: ReactNode };

export function GuardedModal({ onHide, children, ...props }: GuardedModalProps) {
  const registry = useUnsavedChangesRegistry();
  const dirtyGuards = useRef(new Set<string>());
  // The owner's latest onHide, so that the context stays the same object across renders.
  const latestOnHide = useRef(onHide);
  useLayoutEffect(() => {
    latestOnHide.current = onHide;
  });

  const hide = useCallback(() => {
    if (dirtyGuards.current.size === 0) return latestOnHide.current();
    void registry.ask('discard').then((discard) => {
      if (discard) latestOnHide.current();
    });
  }, [registry]);

  const context = useMemo<GuardedModalRegistry>(
    () => ({
      report(guardId, dirty) {
        if (dirty) dirtyGuards.current.add(guardId);
        else dirtyGuards.current.delete(guardId);
      },
      hide,
    }),
    [hide],
  );

  return (
    <GuardedModalContext.Provider value={context}>
      <Modal {...props} onHide={hide}>
        {children}
      </Modal>
    </GuardedModalContext.Provider>
  );
}

/** Closes the enclosing GuardedModal, asking first when it holds changes. */
export function useGuardedModalHide(): () => void {
  const modal = useContext(GuardedModalContext);
  if (!modal) throw new Error('useGuardedModalHide is for content of a GuardedModal');
  return modal.hide;
}

/** A Cancel or Close button of a GuardedModal. */
export function DialogCloseButton({ children, variant = 'secondary', ...props }: Omit<ButtonProps, 'onClick'> & { children: ReactNode }) {
  const hide = useGuardedModalHide();
  return (
    <Button variant={variant} {...props} onClick={hide}>
      {children}
    </Button>
  );
}

/** Marks a GuardedModal as holding typed work, for a dialog frame that receives `dirty` from its owner. */
export function UnsavedWork({ dirty }: { dirty: boolean }) {
  useUnsavedChangesGuard(dirty);
  return null;
}
