// The one place that asks before typed work is lost. It sits at the router's root: react-router allows one
// blocker per router, so every guard (useUnsavedChangesGuard) reports here instead of blocking on its own.
// While any guard holds changes, in-app navigation is held by the blocker until the user answers, and reload or
// closing the tab gets the browser's own question (beforeunload).
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction, type Location } from 'react-router-dom';
import { portalMessages } from '../../../shared/messages';
import { UnsavedChangesContext, type UnsavedChangesRegistry, type UnsavedQuestion } from './context';

// The dialog (react-bootstrap's Modal) loads when first needed, not with the sign-in page.
const ConfirmDialog = lazy(() => import('../ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

const QUESTIONS: Record<UnsavedQuestion, { question: string; confirmLabel: string; cancelLabel: string }> = {
  leave: { question: portalMessages.unsavedLeavePage, confirmLabel: 'Leave', cancelLabel: 'Stay' },
  discard: { question: portalMessages.unsavedDiscard, confirmLabel: 'Discard', cancelLabel: 'Keep Editing' },
};

/** Moving within the page (an #anchor) keeps the work on screen; another path or query does not. */
const samePage = (a: Location, b: Location) => a.pathname === b.pathname && a.search === b.search;

function warnBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}

interface PendingQuestion {
  question: UnsavedQuestion;
  answer(leave: boolean): void;
}

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  // Read by the blocker while react-router decides, so a ref: the latest reports, not the last render's.
  const dirtyGuards = useRef(new Set<string>());
  const [anyDirty, setAnyDirty] = useState(false);
  const unasked = useRef(false);
  const [pending, setPending] = useState<PendingQuestion | null>(null);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => !unasked.current && dirtyGuards.current.size > 0 && !samePage(currentLocation, nextLocation),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  // The changes were saved or dropped while the navigation was held (a link clicked just before a save's answer
  // came): nothing is left to lose, so the navigation goes on, as the user asked; dropping it lost their click.
  useEffect(() => {
    if (blocker.state === 'blocked' && !anyDirty) blocker.proceed();
  }, [blocker, anyDirty]);

  useEffect(() => {
    if (!anyDirty) return;
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => window.removeEventListener('beforeunload', warnBeforeUnload);
  }, [anyDirty]);

  const registry = useMemo<UnsavedChangesRegistry>(() => {
    const ask = (question: UnsavedQuestion) =>
      new Promise<boolean>((resolve) => {
        setPending({
          question,
          answer: (leave) => {
            setPending(null);
            resolve(leave);
          },
        });
      });
    return {
      report(guardId, dirty) {
        if (dirty) dirtyGuards.current.add(guardId);
        else dirtyGuards.current.delete(guardId);
        setAnyDirty(dirtyGuards.current.size > 0);
      },
      ask,
      confirmLeaving: () => (dirtyGuards.current.size === 0 ? Promise.resolve(true) : ask('leave')),
      leaveWithoutAsking(go) {
        // react-router consults the blocker synchronously inside navigate(), so the exemption ends with `go`.
        unasked.current = true;
        try {
          go();
        } finally {
          unasked.current = false;
        }
      },
    };
  }, []);

  const blocked = blocker.state === 'blocked';
  const question: UnsavedQuestion | null = blocked ? 'leave' : (pending?.question ?? null);
  // Keeps the dialog and its texts while it fades out after an answer.
  const lastQuestion = useRef<UnsavedQuestion | null>(null);
  if (question) lastQuestion.current = question;
  const shown = question ?? lastQuestion.current;

  const answer = (leave: boolean) => {
    if (blocked) {
      if (leave) blocker.proceed();
      else blocker.reset();
    } else {
      pending?.answer(leave);
    }
  };

  return (
    <UnsavedChangesContext.Provider value={registry}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <ConfirmDialog
            show={question !== null}
            {...QUESTIONS[shown]}
            focus="cancel"
            stacked
            onCancel={() => answer(false)}
            onConfirm={() => answer(true)}
          />
        </Suspense>
      )}
    </UnsavedChangesContext.Provider>
  );
}
