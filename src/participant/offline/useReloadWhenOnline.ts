// A screen's read made again when the network returns, so a list shown from the phone's copy (or a failure)
// gives way to the server's answer without the participant asking.
import { useEffect } from 'react';

export function useReloadWhenOnline(reload: () => void): void {
  useEffect(() => {
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [reload]);
}
