// A small floating panel for QA: download the store as JSON (tokens removed) and load such a file back, so
// the portal shows exactly the saved screen.
import type { ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router-dom';
import { portalMessages } from '../../../shared/messages';
import { useAppDispatch, useAppStore } from '../hooks';
import { navigation } from '../navigation';
import { alertShown } from '../notifications/notificationsSlice';
import { snapshotLoaded } from './qaSlice';
import { readSnapshot, saveSnapshot } from './snapshot';

function fileName(now: Date): string {
  return `portal-state-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}

function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

export function QaPanel() {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const download = () => {
    const snapshot = saveSnapshot(store.getState(), navigation.currentPath());
    const url = URL.createObjectURL(new Blob([JSON.stringify(snapshot, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName(new Date());
    link.click();
    URL.revokeObjectURL(url);
  };

  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const snapshot = readSnapshot(await readText(file).catch(() => ''));
    input.value = '';
    if (!snapshot) {
      dispatch(alertShown(portalMessages.snapshotInvalid));
      return;
    }
    dispatch(snapshotLoaded(snapshot.state));
    if (snapshot.route) void navigate(snapshot.route);
  };

  return (
    <aside className="qa-panel card shadow" aria-label="QA tools">
      <div className="card-body p-2 d-flex flex-column gap-2">
        <span className="small fw-semibold">QA tools</span>
        <Button size="sm" variant="outline-secondary" onClick={download}>
          Download state
        </Button>
        <input id="qa-load-state" type="file" accept="application/json,.json" className="qa-file-input" onChange={(event) => void load(event)} />
        <label htmlFor="qa-load-state" className="btn btn-sm btn-outline-secondary mb-0">
          Load state
        </label>
      </div>
    </aside>
  );
}
