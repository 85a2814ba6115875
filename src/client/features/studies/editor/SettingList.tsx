// A group's EMA or diary settings (part 2 section 2.2): each one summarised with Open and Remove (which asks
// 'Confirm?'), and an Add button. Without the permission entry the settings can be opened to read only.
import Button from 'react-bootstrap/Button';
import { generalMessages } from '../../../../shared/messages';
import { useEditorContext } from './editorContext';

interface SettingListProps<S> {
  id: string;
  title: string;
  /** "EMA setting" or "Diary setting", for the buttons' names. */
  noun: string;
  settings: readonly S[];
  summary: (setting: S) => string;
  canEdit: boolean;
  onAdd: () => void;
  onOpen: (index: number) => void;
  onRemove: (index: number) => void;
}

export function SettingList<S>({ id, title, noun, settings, summary, canEdit, onAdd, onOpen, onRemove }: SettingListProps<S>) {
  const { ask } = useEditorContext();
  return (
    <section className="mb-3" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="h6 mb-2">
        {title}
      </h4>
      {settings.length === 0 ? (
        <p className="small text-body-secondary mb-2">None yet.</p>
      ) : (
        <ol className="list-unstyled mb-2">
          {settings.map((setting, index) => (
            <li key={index} className="border rounded p-2 mb-2 small">
              <div className="text-break mb-1">
                {noun} {index + 1}: {summary(setting)}
              </div>
              <div className="d-flex gap-2">
                <Button size="sm" variant="outline-secondary" onClick={() => onOpen(index)} aria-label={`Open ${noun} ${index + 1}`}>
                  Open
                </Button>
                {canEdit && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remove ${noun} ${index + 1}`}
                    onClick={() => ask(generalMessages.confirm, () => onRemove(index))}
                  >
                    Remove
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {canEdit && (
        <Button size="sm" variant="outline-primary" onClick={onAdd}>
          Add {noun}
        </Button>
      )}
    </section>
  );
}
