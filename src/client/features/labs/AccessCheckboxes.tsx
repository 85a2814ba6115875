// A user's permission entries as checkboxes labelled from the shared catalogue (src/shared/access.ts).
// For a lab manager every box is checked and locked: a manager holds every entry.
import Form from 'react-bootstrap/Form';
import { ACCESS, accessKey, type AccessEntry, type AccessName } from '../../../shared/access';

interface AccessCheckboxesProps {
  idPrefix: string;
  selected: readonly AccessEntry[];
  onChange: (next: AccessEntry[]) => void;
  allLocked?: boolean;
  /** What the choice means, under the legend (the register forms say what a new user starts with). */
  help?: string;
}

const names = Object.keys(ACCESS) as AccessName[];

/** The same entries, in whatever order (the boxes rebuild the list in the catalogue's order). */
export function sameAccess(a: readonly AccessEntry[], b: readonly AccessEntry[]): boolean {
  const keys = new Set(a.map(accessKey));
  return keys.size === new Set(b.map(accessKey)).size && b.every((entry) => keys.has(accessKey(entry)));
}

function entryOf(name: AccessName): AccessEntry {
  const { area, modifier, task } = ACCESS[name];
  return { area, modifier, task };
}

export function AccessCheckboxes({ idPrefix, selected, onChange, allLocked = false, help }: AccessCheckboxesProps) {
  const chosen = new Set(selected.map(accessKey));
  const toggle = (name: AccessName, on: boolean) => {
    const key = accessKey(ACCESS[name]);
    const next = names.filter((n) => (accessKey(ACCESS[n]) === key ? on : chosen.has(accessKey(ACCESS[n]))));
    onChange(next.map(entryOf));
  };
  return (
    <fieldset className="mb-3" aria-describedby={help && !allLocked ? `${idPrefix}-help` : undefined}>
      <legend className="fs-6 fw-semibold">Permissions</legend>
      {allLocked && <p className="small text-body-secondary">A lab manager holds every permission.</p>}
      {help && !allLocked && (
        <p id={`${idPrefix}-help`} className="small text-body-secondary">
          {help}
        </p>
      )}
      {names.map((name) => (
        <Form.Check
          key={name}
          id={`${idPrefix}-${name}`}
          type="checkbox"
          label={ACCESS[name].label}
          checked={allLocked || chosen.has(accessKey(ACCESS[name]))}
          disabled={allLocked}
          onChange={(event) => toggle(name, event.target.checked)}
        />
      ))}
    </fieldset>
  );
}
