// The multiple-choice set manager of a questionnaire: its sets, and creating, changing and removing them. A set
// still used by saved questions is not removed: the server says which questions use it.
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { generalMessages } from '../../../../shared/messages';
import type { MultipleChoiceSet } from '../../../../shared/questionnaire/types';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { DialogCloseButton, GuardedModal } from '../../../components/unsavedChanges/GuardedModal';
import { toastShown } from '../../../app/notifications/notificationsSlice';
import type { McSetBody } from '../questionnairesApi';
import { selectMcSets, selectQuestionnairesRequests, createMcSet, deleteMcSet, updateMcSet } from '../questionnairesSlice';
import { McSetForm } from './McSetForm';

export const mcSetManagerTexts = {
  title: 'Multiple Choices Sets',
  empty: 'This questionnaire has no multiple choices sets yet.',
} as const;

type View = { kind: 'list' } | { kind: 'edit'; set: MultipleChoiceSet | null } | { kind: 'confirmDelete'; set: MultipleChoiceSet };

interface McSetManagerProps {
  questionnaireId: string;
  show: boolean;
  onClose: () => void;
  /** A set was removed: the editor drops it from unsaved responses that chose it. */
  onRemoved: (setId: string) => void;
}

function choiceSummary(set: MultipleChoiceSet): string {
  return [...set.choices]
    .sort((a, b) => a.position - b.position)
    .map((c) => `${c.name} (${c.value})`)
    .join(', ');
}

function ManagerBody({ questionnaireId, onRemoved }: Pick<McSetManagerProps, 'questionnaireId' | 'onRemoved'>) {
  const dispatch = useAppDispatch();
  const sets = useAppSelector(selectMcSets);
  const requests = useAppSelector(selectQuestionnairesRequests);
  const [view, setView] = useState<View>({ kind: 'list' });
  const [failure, setFailure] = useState<string | null>(null);

  const open = (next: View) => {
    setFailure(null);
    setView(next);
  };

  const save = async (set: MultipleChoiceSet | null, body: McSetBody) => {
    const result = set
      ? await dispatch(updateMcSet({ setId: set._id, body }))
      : await dispatch(createMcSet({ questionnaireId, body }));
    if (createMcSet.fulfilled.match(result) || updateMcSet.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      open({ kind: 'list' });
    } else {
      setFailure(result.payload?.message ?? result.error.message ?? null);
    }
  };

  const remove = async (set: MultipleChoiceSet) => {
    const result = await dispatch(deleteMcSet(set._id));
    if (deleteMcSet.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      onRemoved(set._id);
      open({ kind: 'list' });
    } else {
      setFailure(result.payload?.message ?? result.error.message ?? null);
      setView({ kind: 'list' });
    }
  };

  if (view.kind === 'edit') {
    const busy = requests.createSet.status === 'request' || requests.updateSet.status === 'request';
    return (
      <McSetForm
        set={view.set}
        busy={busy}
        failure={failure}
        onSave={(body) => void save(view.set, body)}
        onCancel={() => open({ kind: 'list' })}
      />
    );
  }

  if (view.kind === 'confirmDelete') {
    return (
      <div role="alertdialog" aria-labelledby="mc-set-delete-question" aria-describedby="mc-set-delete-details">
        <p id="mc-set-delete-question" className="fw-semibold mb-1">
          {generalMessages.areYouSure}
        </p>
        <p id="mc-set-delete-details">The set {view.set.name} will be removed.</p>
        <div className="d-flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => open({ kind: 'list' })}>
            Cancel
          </Button>
          <Button size="sm" variant="danger" disabled={requests.deleteSet.status === 'request'} onClick={() => void remove(view.set)} autoFocus>
            Confirm
          </Button>
        </div>
      </div>
    );
  }

  return (
    <>
      {failure && <Alert variant="danger">{failure}</Alert>}
      {sets.length === 0 ? (
        requests.sets.status === 'request' ? null : <EmptyState message={mcSetManagerTexts.empty} />
      ) : (
        <ListGroup aria-label="Sets" className="mb-3">
          {sets.map((set) => (
            <ListGroup.Item key={set._id} className="d-flex flex-wrap justify-content-between align-items-center gap-2">
              <div>
                <div className="fw-semibold">{set.name}</div>
                <div className="small text-body-secondary">{choiceSummary(set)}</div>
              </div>
              <div className="d-flex gap-1">
                <Button size="sm" variant="outline-primary" onClick={() => open({ kind: 'edit', set })} aria-label={`Edit ${set.name}`}>
                  Edit
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => open({ kind: 'confirmDelete', set })} aria-label={`Delete ${set.name}`}>
                  Delete
                </Button>
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <Button variant="primary" size="sm" className="mt-3" onClick={() => open({ kind: 'edit', set: null })}>
        New Set
      </Button>
    </>
  );
}

export function McSetManager({ questionnaireId, show, onClose, onRemoved }: McSetManagerProps) {
  return (
    <GuardedModal show={show} onHide={onClose} size="lg" aria-labelledby="mc-set-manager-title">
      <Modal.Header closeButton>
        <Modal.Title id="mc-set-manager-title" as="h2" className="h5">
          {mcSetManagerTexts.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{show && <ManagerBody questionnaireId={questionnaireId} onRemoved={onRemoved} />}</Modal.Body>
      <Modal.Footer>
        <DialogCloseButton>Close</DialogCloseButton>
      </Modal.Footer>
    </GuardedModal>
  );
}
