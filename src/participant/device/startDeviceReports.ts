// Reports this phone's state while someone is signed in: when the app starts (or someone signs in), and each time
// it comes to the front, with the answers the outbox holds for them. A report replaces the last one on the server,
// so a lost or repeated one does no harm: a failure is not retried until the next occasion.
import type { i18n } from 'i18next';
import { appCall } from '../api/client';
import { browserTraits } from '../push/availability';
import { listItems } from '../queue/outbox';
import type { AppStore } from '../state/store';
import { deviceReport } from './deviceReport';

async function pendingAnswersOf(participantId: string): Promise<number> {
  try {
    return (await listItems()).filter((item) => item.kind === 'response' && item.participantId === participantId).length;
  } catch {
    // No IndexedDB (a private window of some browsers): nothing can be kept there.
    return 0;
  }
}

export function startDeviceReports(store: AppStore, texts: i18n): () => void {
  const report = async () => {
    const session = store.getState().session.session;
    if (!session) return;
    const pending = await pendingAnswersOf(session.participant._id);
    await appCall('POST', '/device', deviceReport(browserTraits(), pending, texts.language)).catch(() => undefined);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void report();
  };
  document.addEventListener('visibilitychange', onVisibility);
  let token = store.getState().session.session?.token;
  const unsubscribe = store.subscribe(() => {
    const now = store.getState().session.session?.token;
    if (now === token) return;
    token = now;
    void report();
  });
  void report();
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    unsubscribe();
  };
}
