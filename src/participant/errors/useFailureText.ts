// The failure mapping (failures.ts) bound to the app's language, for the screens.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { failureKey } from './failures';

/** Binds the mapping to the app's language: a failure's message (null: nothing failed) as the screen shows it. */
export function useFailureText(): (message: string | null | undefined) => string | null {
  const { t } = useTranslation();
  return useCallback(
    (message) => {
      if (message === null || message === undefined) return null;
      const key = failureKey(message);
      return key ? t(key) : message;
    },
    [t],
  );
}
