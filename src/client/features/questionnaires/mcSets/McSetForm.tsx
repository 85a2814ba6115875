// Creating or changing a multiple-choice set: its name and its choices (name shown to participants, value
// exported), added, removed and reordered. The shared choicesProblem checks it before it is sent.
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { deepEqual } from '../../../../shared/deepEqual';
import { choicesProblem } from '../../../../shared/questionnaire/rules';
import type { MultipleChoiceSet } from '../../../../shared/questionnaire/types';
import { useUnsavedChangesGuard } from '../../../components/unsavedChanges/useUnsavedChangesGuard';
import type { McSetBody } from '../questionnairesApi';

interface ChoiceRow {
  key: number;
  name: string;
  value: string;
}

interface McSetFormProps {
  set: MultipleChoiceSet | null;
  busy: boolean;
  /** The server's message when the last call failed. */
  failure: string | null;
  onSave: (body: McSetBody) => void;
  onCancel: () => void;
}

let nextKey = 0;
const row = (name = '', value = ''): ChoiceRow => ({ key: ++nextKey, name, value });
/** What the form holds, without the rows' React keys. */
const contentOf = (name: string, choices: readonly ChoiceRow[]) => ({ name, choices: choices.map((c) => [c.name, c.value]) });

export function McSetForm({ set, busy, failure, onSave, onCancel }: McSetFormProps) {
  const [name, setName] = useState(set?.name ?? '');
  const [choices, setChoices] = useState<ChoiceRow[]>(() =>
    set ? [...set.choices].sort((a, b) => a.position - b.position).map((c) => row(c.name, c.value)) : [row(), row()],
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [opened] = useState(() => contentOf(name, choices));
  const guard = useUnsavedChangesGuard(!deepEqual(contentOf(name, choices), opened));

  const change = (index: number, changes: Partial<ChoiceRow>) => setChoices(choices.map((c, i) => (i === index ? { ...c, ...changes } : c)));
  const move = (index: number, by: number) => {
    const to = index + by;
    if (to < 0 || to >= choices.length) return;
    const next = [...choices];
    [next[index], next[to]] = [next[to], next[index]];
    setChoices(next);
  };

  const save = () => {
    const body: McSetBody = { name: name.trim(), choices: choices.map((c) => ({ name: c.name.trim(), value: c.value.trim() })) };
    const found = choicesProblem(name, body.choices);
    setProblem(found);
    if (!found) onSave(body);
  };

  const shown = problem ?? failure;
  return (
    <div>
      <h3 className="h6">{set ? 'Edit Multiple Choices Set' : 'New Multiple Choices Set'}</h3>
      {shown && <Alert variant="danger">{shown}</Alert>}
      <Form.Group className="mb-3" controlId="mc-set-name">
        <Form.Label>Set name</Form.Label>
        <Form.Control value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </Form.Group>
      <ol className="list-unstyled" aria-label="Choices">
        {choices.map((c, i) => (
          <li key={c.key} className="row g-2 align-items-end mb-2">
            <Form.Group className="col-sm-5" controlId={`mc-choice-${c.key}-name`}>
              <Form.Label className="small mb-1">Choice {i + 1} name</Form.Label>
              <Form.Control size="sm" value={c.name} onChange={(e) => change(i, { name: e.target.value })} autoComplete="off" />
            </Form.Group>
            <Form.Group className="col-sm-3" controlId={`mc-choice-${c.key}-value`}>
              <Form.Label className="small mb-1">Choice {i + 1} value</Form.Label>
              <Form.Control size="sm" value={c.value} onChange={(e) => change(i, { value: e.target.value })} autoComplete="off" />
            </Form.Group>
            <div className="col-sm-4 d-flex gap-1">
              <Button size="sm" variant="outline-secondary" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move choice ${i + 1} up`}>
                ↑
              </Button>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={i === choices.length - 1}
                onClick={() => move(i, 1)}
                aria-label={`Move choice ${i + 1} down`}
              >
                ↓
              </Button>
              <Button size="sm" variant="outline-danger" onClick={() => setChoices(choices.filter((_, j) => j !== i))} aria-label={`Remove choice ${i + 1}`}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" variant="outline-primary" onClick={() => setChoices([...choices, row()])}>
          Add Choice
        </Button>
        <span className="flex-grow-1" />
        <Button size="sm" variant="secondary" onClick={() => guard.confirmDiscard(onCancel)}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" onClick={save} disabled={busy}>
          Save Set
        </Button>
      </div>
    </div>
  );
}
