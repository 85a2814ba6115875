// One confirmation dialog for the whole editor (rather than one per stage, group and setting): `ask` shows the
// question and runs the action only when the user confirms.
import { useCallback, useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

interface Pending {
  question: string;
  action: () => void;
  /** False while the dialog closes, so its question does not change during the fade. */
  open: boolean;
}

export type AskConfirmation = (question: string, action: () => void) => void;

export function useConfirmation(): { ask: AskConfirmation; dialog: ReactElement } {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback<AskConfirmation>((question, action) => setPending({ question, action, open: true }), []);
  const close = () => setPending((current) => current && { ...current, open: false });
  const dialog = (
    <ConfirmDialog
      show={pending?.open ?? false}
      question={pending?.question}
      onCancel={close}
      onConfirm={() => {
        close();
        pending?.action();
      }}
    />
  );
  return { ask, dialog };
}
